import Airline
import Domain
import FlowOwner

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `pay QUOTE --card-from-stdin`: pays a quote with a card read from standard input, never from
/// the command line (where it would land in shell history and in `ps`).
enum PayCommand {
  static func run(_ invocation: Invocation, json: Bool) async throws(Failure) {
    let quoteID = try IDForms.quoteID(invocation.words("QUOTE")[0])
    guard invocation.has("--card-from-stdin") else {
      throw .usage(
        "pay reads the card from standard input: give --card-from-stdin and pipe in "
          + "\"NUMBER MM/YY CVC\" (never on the command line: shell history and `ps` keep it)")
    }
    let card = try readCard()
    let folder = try DataFolder.open(
      explicit: invocation.value("--data-dir"), airline: invocation.value("--airline-dir"),
      locking: .none)
    // As the app does at start: a payment a crash cut off is settled before any other (this
    // quote's too: a payment whose booking could not be saved is finished here).
    try await folder.recoverPayments(quiet: quoteID)
    let calls = folder.calls
    let booking: Booking
    let paidEarlier: Bool
    do throws(ServiceError) {
      switch try await calls.paymentState(of: quoteID) {
      case .booked(let reference):
        // This quote's own payment, finished by an earlier run (or by the recovery above):
        // what was asked is done, and nothing is charged again. Another quote of the same
        // draft booked it: refused.
        booking = try await calls.booking(reference: reference)
        guard booking.quoteID == quoteID else { throw .quoteAlreadyPaid(reference) }
        paidEarlier = true
      case .unpaid(let retryKey):
        // An attempt a crash cut off before any charge is paid again with its own key.
        let key = retryKey ?? .random(prefix: "pay")
        booking = try await calls.pay(quoteID: quoteID, card: card, idempotencyKey: key)
        paidEarlier = false
      }
    } catch {
      if case .fareSoldOut = error {
        throw Failure(
          code: .refused,
          message: "The last seats at this fare were sold since \(quoteID) was made: quote again "
            + "(booking-cli quote) for the next fare, which it shows.")
      }
      if case .quoteExpired = error {
        let services = calls.services
        let offer = try? await services.draft(id: services.quote(id: quoteID).draftID).offer.id
        throw Failure(
          code: .refused,
          message: "Quote \(quoteID) has expired: its price is no longer held. Quote again "
            + "(booking-cli quote \(offer.map(\.rawValue) ?? "OFFER") with the same passengers and "
            + "options) and pay the new quote.")
      }
      if case .seatTaken(let seat, _) = error {
        // An older quote of a draft whose newer quote gave its seat up, or a quote made while
        // the airline's records could not hold its seat.
        let services = calls.services
        let offer = try? await services.draft(id: services.quote(id: quoteID).draftID).offer.id
        throw Failure(
          code: .refused,
          message: "Seat \(seat) is no longer held for \(quoteID): another booking has it. Quote "
            + "again with another seat"
            + (offer.map { " (booking-cli seats \($0) shows the free seats)." } ?? "."))
      }
      throw .airline(error)
    }
    if invocation.has("-q") || invocation.has("--quiet"), !json {
      Output.line(booking.reference.rawValue)
      return
    }
    if paidEarlier, !json {
      Output.line(
        "Already paid: booking \(booking.reference) (booking-cli show \(booking.reference) shows "
          + "it); nothing was charged again.")
      return
    }
    try TripsCommands.report(booking, json: json)
  }

  /// The most standard input may hold: a card is under 40 bytes, even on three lines.
  static let inputLimit = 256

  /// The card from standard input: "NUMBER MM/YY CVC" on one line (the number may hold
  /// spaces), or the three on three lines. At most `inputLimit` bytes are read; more is refused.
  /// No message quotes what was read: any part of it may be the card.
  static func readCard() throws(Failure) -> PaymentCard {
    let text = try readInput()
    let lines = text.split(whereSeparator: \.isNewline).map { String($0).trimmingSpaces() }
      .filter { !$0.isEmpty }
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
    let problems = PaymentCard.problems(number: number, expiry: expiry, cvc: cvc)
    guard problems.isEmpty else {
      let fields = problems.map { problem in
        switch problem {
        case .invalidCardNumber: "the card number is not valid"
        case .invalidCardExpiry: "the expiry date is not a month and year as MM/YY"
        case .invalidCVC: "the security code is not 3 or 4 digits"
        default: "the card is not valid"
        }
      }
      throw .usage("the card on standard input: " + fields.joined(separator: "; "))
    }
    do {
      return try PaymentCard(number: number, expiry: expiry, cvc: cvc)
    } catch {
      throw .usage("the card on standard input is not valid")
    }
  }

  /// Standard input to its end, when it holds at most `inputLimit` bytes.
  private static func readInput() throws(Failure) -> String {
    var bytes: [UInt8] = []
    if let streams = CLIStreams.current {
      bytes = Array(streams.input.prefix(inputLimit + 1))
    }
    var chunk = [UInt8](repeating: 0, count: inputLimit + 1)
    while CLIStreams.current == nil, bytes.count <= inputLimit {
      let wanted = inputLimit + 1 - bytes.count
      let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, wanted) }
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        throw .usage("standard input could not be read: \(String(cString: strerror(code)))")
      }
      if count == 0 { break }
      bytes += chunk[..<count]
    }
    guard bytes.count <= inputLimit else {
      throw .usage(
        "standard input holds more than \(inputLimit) bytes; it must hold only the card, as "
          + "\"NUMBER MM/YY CVC\" (or three lines)")
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
