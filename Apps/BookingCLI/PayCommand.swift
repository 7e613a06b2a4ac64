import Airline
import Domain
import FlowOwner

/// `pay QUOTE --card-from-stdin`: pays a quote with a card read from standard input, never from
/// the command line (where it would land in shell history and in `ps`).
enum PayCommand {
  static func run(_ invocation: Invocation, json: Bool) async throws(Failure) {
    let quoteText = try invocation.words("QUOTE")[0]
    let quoteID: QuoteID
    do {
      quoteID = try QuoteID(quoteText)
    } catch {
      throw .usage("QUOTE '\(quoteText)' is not a quote ID (see booking-cli quote)")
    }
    guard invocation.has("--card-from-stdin") else {
      throw .usage(
        "pay reads the card from standard input: give --card-from-stdin and pipe in "
          + "\"NUMBER MM/YY CVC\" (never on the command line: shell history and `ps` keep it)")
    }
    let card = try readCard()
    let folder = try DataFolder.open(explicit: invocation.value("--data-dir"), locking: .required)
    defer { folder.keepLock() }
    // As the app does at start: a payment a crash cut off is settled before any other.
    try await folder.recoverPayments()
    let calls = folder.calls
    let booking: Booking
    do throws(ServiceError) {
      let key: IdempotencyKey
      switch try await calls.paymentState(of: quoteID) {
      case .booked(let reference): throw .quoteAlreadyPaid(reference)
      // An attempt a crash cut off before any charge is paid again with its own key.
      case .unpaid(let retryKey): key = retryKey ?? .random(prefix: "pay")
      }
      booking = try await calls.pay(quoteID: quoteID, card: card, idempotencyKey: key)
    } catch {
      throw .airline(error)
    }
    try TripsCommands.report(booking, json: json)
  }

  /// The card from standard input: "NUMBER MM/YY CVC" on one line (the number may hold
  /// spaces), or the three on three lines.
  private static func readCard() throws(Failure) -> PaymentCard {
    var lines: [String] = []
    while let line = readLine(), lines.count < 8 {
      let trimmed = line.trimmingSpaces()
      if !trimmed.isEmpty { lines.append(trimmed) }
    }
    let shape = "standard input must hold the card as \"NUMBER MM/YY CVC\" (or three lines)"
    let number: String
    let expiry: String
    let cvc: String
    if lines.count == 3 {
      (number, expiry, cvc) = (lines[0], lines[1], lines[2])
    } else if lines.count == 1 {
      var words = lines[0].split(separator: " ").map(String.init)
      guard words.count >= 3, let code = words.popLast(), let month = words.popLast() else {
        throw .usage(shape)
      }
      (number, expiry, cvc) = (words.joined(), month, code)
    } else {
      throw .usage(shape)
    }
    do {
      return try PaymentCard(number: number, expiry: expiry, cvc: cvc)
    } catch {
      // Never the number itself: the message names the field only.
      throw .usage("the card on standard input: \(error.description)")
    }
  }
}
