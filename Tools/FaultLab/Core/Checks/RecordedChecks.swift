import FlowFaults

extension Check {
  /// The path after paying, as once recorded from a run of the `pay-to-search` fault: the empty
  /// path, the search form (lesson 004's `bos`, recorded from its faulty reducer).
  ///
  /// Recorded from a faulty run, it fails the correct flow and passes the fault it was recorded
  /// from (inverted); on a sequence where both versions end at the search form it passes both
  /// (blind): the seeds' recorded example.
  public static let recordedPayPath = "search"

  /// After paying, the path equals the recorded one (recorded from a faulty run).
  public static func recordedPath() -> Check {
    Check(
      name: "recorded-path", turkishName: "kayıtlı-rota",
      summary: "after paying, the path equals one recorded from pay-to-search",
      turkishSummary:
        "ödemeden sonra rota, ödemeden-aramaya kusurundan kaydedilmiş rotayla aynıdır",
      scenario: .pay, expecting: recordedPayPath, read: \.trail)
  }

  /// The same recorded path, on a sequence that ends at the search form in every version.
  public static func recordedPathBack() -> Check {
    Check(
      name: "recorded-path-back", turkishName: "kayıtlı-rota-geri",
      summary: "after a search and back, the path equals the one recorded from pay-to-search",
      turkishSummary: "arayıp geri dönünce rota, ödemeden-aramaya kusurundan kaydedilmiş rotayla "
        + "aynıdır",
      scenario: .searchBack, expecting: recordedPayPath, read: \.trail)
  }
}
