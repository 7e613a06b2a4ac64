import Domain
import FlowOwner

/// Fault: the snapshot carries the passengers' names beside the search and the position.
struct SnapshotCarriesNames: WrapsRealFlow {
  var base = RealFlow()

  /// The real snapshot's fields plus the names of the travellers on the path.
  private struct NamedSnapshot: Encodable {
    let criteria: SearchCriteria?
    let position: BookingSnapshot.Position
    let passengers: [String]
  }

  func snapshotJSON() -> String {
    let snapshot = base.flow.snapshot
    return LabJSON.encode(
      NamedSnapshot(
        criteria: snapshot.criteria, position: snapshot.position, passengers: names))
  }

  /// The names of the latest travellers on the path: a draft's, or a passengers step's prefill.
  private var names: [String] {
    for step in base.flow.path.reversed() {
      switch step {
      case .extras(let draft, _): return draft.passengers.map(\.fullName)
      case .passengers(_, let prefill) where prefill != .empty:
        return prefill.passengers.map { "\($0.givenName) \($0.familyName)" }
      default: continue
      }
    }
    return []
  }
}
