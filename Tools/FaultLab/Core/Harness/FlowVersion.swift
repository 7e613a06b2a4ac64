/// A version of the flow under test: the correct one or a fault, each made fresh per scenario.
public struct FlowVersion: Sendable {
  /// The short name used on the command line and as a matrix column.
  public let name: String
  /// What the version does differently, in one line.
  public let summary: String
  /// A fresh flow at the search form.
  public let make: @Sendable () -> any FlowUnderTest

  /// A version named `name`.
  public init(
    name: String, summary: String, make: @escaping @Sendable () -> any FlowUnderTest
  ) {
    self.name = name
    self.summary = summary
    self.make = make
  }

  /// The real `BookingFlow` with its real snapshot and restore.
  public static let correct = FlowVersion(
    name: "correct", summary: "the real BookingFlow, snapshot and restore", make: { RealFlow() })

  /// Every fault, in matrix column order.
  public static let faults: [FlowVersion] = [
    FlowVersion(
      name: "bag", summary: "the legacy bag: a class of optionals, last writer wins",
      make: { LegacyBag() }),
    FlowVersion(
      name: "late-advance", summary: "a late reply still advances: it pushes its step anyway",
      make: { LateReplyAdvances() }),
    FlowVersion(
      name: "double-push", summary: "a double submit pushes the same step twice",
      make: { DoubleSubmitPushesTwice() }),
    FlowVersion(
      name: "pay-appends", summary: "paying appends the confirmation instead of replacing the path",
      make: { PayAppends() }),
    FlowVersion(
      name: "extra-notice", summary: "an extra notice step is inserted before the confirmation",
      make: { ExtraNoticeStep() }),
    FlowVersion(
      name: "pay-to-search", summary: "paying returns to the search form",
      make: { PayReturnsToSearch() }),
    FlowVersion(
      name: "stale-quote", summary: "restore opens payment on an expired quote",
      make: { RestoreIgnoresExpiry() }),
    FlowVersion(
      name: "names-saved", summary: "the snapshot carries the passengers' names",
      make: { SnapshotCarriesNames() }),
  ]

  /// The fault named `name`, if there is one.
  public static func fault(named name: String) -> FlowVersion? {
    faults.first { $0.name == name }
  }
}
