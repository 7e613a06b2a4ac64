/// What a check can see of a flow after a scenario: the path, the seats held, the snapshot JSON.
public struct Observation: Hashable, Sendable {
  /// The screens on the path, oldest first.
  public let path: [Stop]
  /// The seats held for the booking in progress, sorted.
  public let seats: [String]
  /// What the flow would persist.
  public let snapshotJSON: String

  /// Observes `flow` as it is now.
  public init(of flow: some FlowUnderTest) {
    path = flow.path
    seats = flow.seats.sorted().map(\.description)
    snapshotJSON = flow.snapshotJSON()
  }

  /// The screen kinds joined by `>`, like the seeds' route; an empty path is `search`.
  public var trail: String {
    path.isEmpty ? "search" : path.map(\.screen.rawValue).joined(separator: ">")
  }

  /// The path with each screen's key data.
  public var detailedTrail: String {
    path.isEmpty ? "search" : path.map(\.description).joined(separator: " > ")
  }

  /// The screen shown now: the last on the path, or the search form.
  public var lastScreen: String { path.last?.screen.rawValue ?? "search" }

  /// The first screen on the path, or the search form.
  public var firstScreen: String { path.first?.screen.rawValue ?? "search" }

  /// The seats as one word, `none` when there are none.
  public var seatList: String { seats.isEmpty ? "none" : seats.joined(separator: ",") }
}
