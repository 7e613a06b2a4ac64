import Airline
import Domain

/// `resolve DRAFT --charged|--not-charged`: settles by the person's word a payment whose charge
/// record cannot be read and whose booking was never written, the one case the ledger's records
/// cannot decide (its message names the record, the copy of its bytes, and this command).
enum ResolveCommand {
  static func run(_ invocation: Invocation, json: Bool) async throws(Failure) {
    let draft = try IDForms.draftID(invocation.words("DRAFT")[0])
    let charged = invocation.has("--charged")
    guard charged != invocation.has("--not-charged") else {
      throw .usage("say what happened: --charged or --not-charged")
    }
    let folder = try DataFolder.open(
      explicit: invocation.value("--data-dir"), airline: invocation.value("--airline-dir"),
      locking: .none)
    let resolved: RecoveredPayment
    do throws(ServiceError) {
      resolved = try await folder.airline.resolvePayment(of: draft, charged: charged)
    } catch {
      // Nothing waits for a decision: because no draft has that ID (66), or because its
      // payment needs none (69).
      if case .invalidPayment = error {
        do throws(ServiceError) {
          _ = try await folder.airline.draft(id: draft)
        } catch {
          if case .draftNotFound = error { throw .airline(error) }
        }
      }
      throw .airline(error)
    }
    let outcome: String
    switch resolved.outcome {
    case .booked(let reference): outcome = "booked \(reference.rawValue)"
    default: outcome = "not charged"
    }
    if json {
      try Output.json(
        ["draft": draft.rawValue, "quote": resolved.quoteID?.rawValue ?? "", "outcome": outcome])
    } else if case .booked(let reference) = resolved.outcome {
      Output.line("Resolved \(draft): booked \(reference) (show it: booking-cli show \(reference))")
    } else {
      Output.line("Resolved \(draft): not charged; its quote can be paid again")
    }
  }
}
