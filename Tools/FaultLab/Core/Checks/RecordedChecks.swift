extension Check {
  /// The path after paying, as once recorded from a run of the `pay-appends` fault.
  ///
  /// Recorded from a faulty run, it fails the correct flow and passes the fault it was recorded
  /// from: the seeds' inverted example.
  public static let recordedPayPath = "results>passengers>extras>payment>confirmation"

  /// After paying, the path equals the recorded one (recorded from a faulty run).
  public static func recordedPath() -> Check {
    Check(
      name: "recorded-path", summary: "after paying, the path equals one recorded from pay-appends",
      turkishSummary: "ödemeden sonra rota, pay-appends kusurundan kaydedilmiş rotayla aynıdır",
      scenario: .pay, expecting: recordedPayPath, read: \.trail)
  }
}
