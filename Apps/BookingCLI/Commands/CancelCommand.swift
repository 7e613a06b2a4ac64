import Airline
import Domain
import FlowOwner

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `cancel REF`: the airline's quote for cancelling a booking (the refund, the card it goes back
/// to, until when it holds), and `cancel REF --confirm QUOTE`: the booking cancelled with that
/// quote, refunded once, its seats back on sale. Quote first, confirm second, as `quote` and
/// `pay` are.
enum CancelCommand {
  static func run(_ invocation: Invocation, json: Bool) async throws(Failure) {
    let reference = try IDForms.reference(invocation.words("REF")[0])
    let quiet = invocation.has("-q") || invocation.has("--quiet")
    let confirming = try invocation.value("--confirm").map { text throws(Failure) in
      guard let id = try? CancellationQuoteID(text) else {
        throw .usage("--confirm takes the cancellation quote's ID (cq-…), not '\(text)'")
      }
      return id
    }
    let folder = try DataFolder.open(
      explicit: invocation.value("--data-dir"), airline: invocation.value("--airline-dir"),
      locking: .none)
    // A cancellation of this booking a crash cut off is settled by the airline, under its
    // ledger lock, before it quotes or confirms.
    let calls = folder.calls
    guard let id = confirming else {
      let quote: CancellationQuote
      do throws(ServiceError) {
        quote = try await calls.quoteCancellation(of: reference)
      } catch {
        throw .airline(error)
      }
      let report = CancellationReport(quote, now: Date())
      if json { return try Output.json(report) }
      if quiet { return Output.line(report.id) }
      Output.fields(fields(quote, report) + [("Confirm", report.confirm ?? "")])
      return
    }
    let booking: Booking
    do throws(ServiceError) {
      booking = try await calls.confirmCancellation(id, of: reference)
    } catch {
      switch error {
      case .cancellationQuoteExpired:
        throw Failure(
          code: .refused,
          message: "Cancellation quote \(id) has expired: nothing was cancelled. Ask again "
            + "(booking-cli cancel \(reference)) and confirm the new quote.")
      case .cancellationQuoteSuperseded:
        throw Failure(
          code: .refused,
          message: "A newer cancellation quote was given for \(reference) since \(id): only "
            + "the most recent can be confirmed. Ask again (booking-cli cancel \(reference)).")
      default:
        throw .airline(error)
      }
    }
    if quiet, !json { return Output.line(booking.reference.rawValue) }
    try TripsCommands.report(booking, json: json)
  }

  /// The quote's lines: the booking, what was paid, the refund, what is kept, until when.
  static func fields(_ quote: CancellationQuote, _ report: CancellationReport) -> [(
    String, String
  )] {
    [
      ("Cancellation", report.id),
      ("Booking", report.reference),
      ("Paid", quote.paid.formatted()),
      ("Refund", "\(quote.refund.formatted()) to \(report.refundTo)"),
      (
        "Kept",
        quote.refundable
          ? "\(quote.kept.formatted()) (the fare's penalty)"
          : "\(quote.kept.formatted()) (the fare is not refundable: only its taxes come back)"
      ),
      ("Expires", "\(report.expiresAt) (in \(report.expiresInSeconds ?? 0) s)"),
    ]
  }
}
