import Airline
import Domain
import FlowOwner

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `change REF --date DAY [--slice N]`: the flights the booking's slice can move to, with what
/// each change costs or gives back; with `--flight F` (or `--offer CHANGE`): that one quoted,
/// its price locked and seats held on the new flight; `change REF --confirm QUOTE`: the booking
/// changed with that quote, a positive total paid with the card on standard input
/// (`--card-from-stdin`, as `pay` reads it). Quote first, confirm second, as `quote` and `pay`
/// are.
enum ChangeCommand {
  static func run(_ invocation: Invocation, json: Bool) async throws(Failure) {
    let reference = try IDForms.reference(invocation.words("REF")[0])
    let quiet = invocation.has("-q") || invocation.has("--quiet")
    let folder = try DataFolder.open(
      explicit: invocation.value("--data-dir"), airline: invocation.value("--airline-dir"),
      locking: .none)
    let calls = folder.calls
    if let text = invocation.value("--confirm") {
      guard let id = try? ChangeQuoteID(text) else {
        throw .usage("--confirm takes the change quote's ID (cx-…), not '\(text)'")
      }
      let card = invocation.has("--card-from-stdin") ? try PayCommand.readCard() : nil
      return try await confirm(id, of: reference, card: card, calls, quiet: quiet, json: json)
    }
    if let text = invocation.value("--offer") {
      guard let id = try? ChangeOfferID(text) else {
        throw .usage("--offer takes a change offer's ID (ch-…), not '\(text)'")
      }
      return try await quote(id, of: reference, calls, quiet: quiet, json: json)
    }
    guard let text = invocation.value("--date") else {
      throw .usage(
        "change needs --date DAY (the new day, like 2026-12-24), --offer CHANGE to quote a change "
          + "offer, or --confirm QUOTE to confirm a change quote")
    }
    guard let day = try? CalendarDay(iso: text) else {
      throw .usage("--date '\(text)' is not a day like 2026-12-24")
    }
    let sliceText = invocation.value("--slice") ?? "1"
    guard let number = Int(sliceText), (1...2).contains(number) else {
      throw .usage("--slice takes 1 (the outbound) or 2 (the return), not '\(sliceText)'")
    }
    let criteria = ChangeCriteria(reference: reference, slice: number - 1, departure: day)
    let offers: [ChangeOffer]
    do throws(ServiceError) {
      offers = try await calls.changeOffers(for: criteria)
    } catch {
      throw .airline(error)
    }
    guard let flight = invocation.value("--flight") else {
      return try list(offers, criteria, quiet: quiet, json: json)
    }
    let wanted = flight.uppercased().filter { $0 != " " }
    guard
      let match = offers.first(where: { offer in
        offer.newSlice.flightNumbers.contains { $0.description.uppercased() == wanted }
      })
    else {
      throw Failure(
        code: .notFound,
        message: "No change offer on \(day) has flight \(flight): see them with booking-cli "
          + "change \(reference) --slice \(number) --date \(day)")
    }
    try await quote(match.id, of: reference, calls, quiet: quiet, json: json)
  }

  /// Change offer `id` quoted: its price locked and its seats held.
  private static func quote(
    _ id: ChangeOfferID, of reference: BookingReference, _ calls: BookingCalls, quiet: Bool,
    json: Bool
  ) async throws(Failure) {
    let quote: ChangeQuote
    do throws(ServiceError) {
      quote = try await calls.quoteChange(id, of: reference)
    } catch {
      throw .airline(error)
    }
    let report = ChangeQuoteReport(quote, now: Date())
    if json { return try Output.json(report) }
    if quiet { return Output.line(report.id) }
    Output.fields(fields(quote, report))
  }

  /// The change offers as a table (or JSON, or their IDs).
  private static func list(
    _ offers: [ChangeOffer], _ criteria: ChangeCriteria, quiet: Bool, json: Bool
  ) throws(Failure) {
    if json {
      return try Output.json(
        ChangeOffersReport(
          reference: criteria.reference.rawValue, slice: criteria.slice + 1,
          date: criteria.departure.description, offers: offers.map(ChangeOfferReport.init)))
    }
    if quiet { return offers.forEach { Output.line($0.id.rawValue) } }
    guard !offers.isEmpty else {
      Output.line(
        "No flights of the booking's airline and cabin on \(criteria.departure): try another day.")
      return
    }
    Output.table(
      ["FLIGHT", "ROUTE", "DEPARTS", "ARRIVES", "CHANGE", "OFFER"],
      offers.map { offer in
        [
          TripText.flights(offer.newSlice), TripText.route(offer.newSlice),
          OfferReport.local(offer.newSlice.departure), TripText.arrivalTime(offer.newSlice),
          total(offer.total), offer.id.rawValue,
        ]
      })
    Output.line()
    Output.line(
      "Quote one: booking-cli change \(criteria.reference) --slice \(criteria.slice + 1) --date "
        + "\(criteria.departure) --flight FLIGHT")
  }

  /// "+€40.00 to pay", "€12.00 back", "free".
  static func total(_ total: ChangeTotal) -> String {
    if total.pays { return "\(total.toPay.formatted()) to pay" }
    if total.refunds { return "\(total.toRefund.formatted()) back" }
    return "free"
  }

  private static func confirm(
    _ id: ChangeQuoteID, of reference: BookingReference, card: PaymentCard?, _ calls: BookingCalls,
    quiet: Bool, json: Bool
  ) async throws(Failure) {
    let booking: Booking
    do throws(ServiceError) {
      booking = try await calls.confirmChange(id, of: reference, card: card)
    } catch {
      switch error {
      case .changeQuoteExpired:
        throw Failure(
          code: .refused,
          message: "Change quote \(id) has expired: nothing was changed and its seats are let "
            + "go. Ask again (booking-cli change \(reference) --date DAY --flight F).")
      case .changeNeedsPayment(let amount):
        throw Failure(
          code: .refused,
          message: "This change costs \(amount.formatted()): nothing was changed. Confirm it with "
            + "a card: echo \"NUMBER MM/YY CVC\" | booking-cli change \(reference) --confirm \(id) "
            + "--card-from-stdin")
      default:
        throw .airline(error)
      }
    }
    if quiet, !json { return Output.line(booking.reference.rawValue) }
    try TripsCommands.report(booking, json: json)
  }

  /// The quote's lines: the new flight, the seats held, what it costs, until when.
  static func fields(_ quote: ChangeQuote, _ report: ChangeQuoteReport) -> [(String, String)] {
    let seats = quote.extras.seats(onSlice: quote.slice).values.sorted().map(\.description)
    return [
      ("Change", report.id),
      ("Booking", report.reference),
      (
        quote.slice == 0 ? "New out" : "New back",
        TripText.line(quote.newSlice, airline: quote.offer.airline)
      ),
      ("Seats", seats.isEmpty ? "none chosen" : seats.joined(separator: ", ") + " (held)"),
      ("New fare", quote.total.newFare.formatted()),
      ("Old fare", "\(quote.total.oldFare.formatted()) (the fare of the flight it replaces)"),
      ("Penalty", quote.total.penalty.amount == 0 ? "none" : quote.total.penalty.formatted()),
      (
        "Total",
        quote.total.pays
          ? "\(quote.total.toPay.formatted()) to pay"
          : quote.total.refunds
            ? "\(quote.total.toRefund.formatted()) back to \(report.refundTo)" : "nothing to pay"
      ),
      ("Expires", "\(report.expiresAt) (in \(report.expiresInSeconds) s)"),
      ("Confirm", report.confirm),
    ]
  }
}

/// The change offers for one slice and day.
struct ChangeOffersReport: Encodable {
  let reference: String
  /// 1 the outbound, 2 the return.
  let slice: Int
  let date: String
  let offers: [ChangeOfferReport]
}

/// What a change costs: `changeTotal` signed as Duffel's `change_total_amount` (positive: pay;
/// negative: refund), with its parts.
struct ChangeTotalReport: Encodable {
  let changeTotal: MoneyReport
  let newFare: MoneyReport
  let oldFare: MoneyReport
  let penalty: MoneyReport

  init(_ total: ChangeTotal) {
    changeTotal = MoneyReport(signed: total.signedAmount, total.newFare.currency)
    newFare = MoneyReport(total.newFare)
    oldFare = MoneyReport(total.oldFare)
    penalty = MoneyReport(total.penalty)
  }
}

/// One change offer: the new slice and what moving to it costs.
struct ChangeOfferReport: Encodable {
  let id: String
  let slice: SliceReport
  let total: ChangeTotalReport
  let expiresAt: String

  init(_ offer: ChangeOffer) {
    id = offer.id.rawValue
    slice = SliceReport(offer.newSlice, index: offer.slice)
    total = ChangeTotalReport(offer.total)
    expiresAt = ISOTime.instant(offer.expiresAt)
  }
}

/// A change quote, or a confirmed change in a booking's history (`changedAt`).
struct ChangeQuoteReport: Encodable {
  let id: String
  let reference: String
  /// The booking's version it changes; a confirmed change makes the next one.
  let version: Int
  let slice: SliceReport
  /// The seats held (or, once confirmed, sold) on the new slice.
  let seats: [String]
  let total: ChangeTotalReport
  let refundTo: String
  let expiresAt: String
  let expiresInSeconds: Int
  /// The command that confirms it.
  let confirm: String

  init(_ quote: ChangeQuote, now: Date) {
    id = quote.id.rawValue
    reference = quote.reference.rawValue
    version = quote.version
    slice = SliceReport(quote.newSlice, index: quote.slice)
    seats = quote.extras.seats(onSlice: quote.slice).values.sorted().map(\.description)
    total = ChangeTotalReport(quote.total)
    refundTo = quote.refundTo.displayName
    expiresAt = ISOTime.instant(quote.expiresAt)
    expiresInSeconds = quote.secondsRemaining(at: now)
    confirm =
      "booking-cli change \(quote.reference) --confirm \(quote.id)"
      + (quote.total.pays ? " --card-from-stdin" : "")
  }
}

/// A change in a booking's history.
struct BookingChangeReport: Encodable {
  let version: Int
  let changedAt: String
  /// 1 the outbound, 2 the return.
  let slice: Int
  let flights: [String]
  let total: ChangeTotalReport
  /// The card charged, for a change that cost money.
  let paidWith: String?

  init(_ change: BookingChange) {
    version = change.version
    changedAt = ISOTime.instant(change.changedAt)
    slice = change.quote.slice + 1
    flights = change.quote.newSlice.flightNumbers.map(\.description)
    total = ChangeTotalReport(change.quote.total)
    paidWith = change.paidWith?.displayName
  }
}
