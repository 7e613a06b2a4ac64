import Domain
import FlowOwner
import Presentation

/// Fault: the trips screen's child flow never reports that it finished (the nested flow lesson
/// 002 leaves outside its model). The child's own state moves to its end, so its screen shows
/// the booking cancelled; its `finished` output is dropped, so the parent, the trips screen,
/// never learns: its list still holds the booking as it stood.
struct ChildUnreported: WrapsRealFlow {
  var base = RealFlow()

  /// The child's confirmation taken by the child alone; its end never handed to the parent.
  mutating func deliver(
    _ action: TripsFeature.Action, to trips: inout TripsFeature.State, environment: AppEnvironment
  ) {
    guard case .cancellationConfirmed(let asked, let result) = action, var child = trips.trip
    else {
      _ = TripsFeature.reduce(
        &trips, action, pageHeight: 20, environment: environment, strings: .english)
      return
    }
    _ = child.confirmed(asked, result, describe: \.description)
    trips.trip = child
  }
}
