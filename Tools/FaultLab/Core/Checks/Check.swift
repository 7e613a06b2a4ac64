import FlowFaults

/// One check: a scenario to drive, what it reads from the flow afterwards, and when it passes.
public struct Check: Sendable, Summarised {
  /// The short name used on the command line and as a matrix row.
  public let name: String
  /// The same name in Turkish, shown under `--lang tr` (the command line takes either).
  public let turkishName: String
  /// What the check asserts, in one sentence.
  public let summary: String
  /// The same sentence in Turkish.
  public let turkishSummary: String
  /// The scenario it drives each version through.
  public let scenario: Scenario
  /// What passes, as a person would say it.
  public let expectation: String
  /// The same in Turkish.
  public let turkishExpectation: String
  private let reading: @Sendable (Observation) -> String
  private let verdict: @Sendable (String) -> Bool

  /// A check that passes when `passes` accepts what `read` takes from the observation.
  public init(
    name: String, turkishName: String, summary: String, turkishSummary: String,
    scenario: Scenario, expectation: String, turkishExpectation: String,
    read: @escaping @Sendable (Observation) -> String,
    passes: @escaping @Sendable (String) -> Bool
  ) {
    self.name = name
    self.turkishName = turkishName
    self.summary = summary
    self.turkishSummary = turkishSummary
    self.scenario = scenario
    self.expectation = expectation
    self.turkishExpectation = turkishExpectation
    reading = read
    verdict = passes
  }

  /// A check that passes when `read` takes exactly `expected` from the observation.
  public init(
    name: String, turkishName: String, summary: String, turkishSummary: String,
    scenario: Scenario, expecting expected: String,
    read: @escaping @Sendable (Observation) -> String
  ) {
    self.init(
      name: name, turkishName: turkishName, summary: summary, turkishSummary: turkishSummary,
      scenario: scenario,
      expectation: "== \(expected)", turkishExpectation: "== \(expected)", read: read,
      passes: { $0 == expected })
  }

  /// The name in `language`.
  public func name(_ language: Language) -> String {
    language == .tr ? turkishName : name
  }

  /// What passes, in `language`.
  public func expectation(_ language: Language) -> String {
    language == .tr ? turkishExpectation : expectation
  }

  /// What the check reads from `observation`.
  public func read(_ observation: Observation) -> String { reading(observation) }

  /// Whether `reading` passes.
  public func passes(_ reading: String) -> Bool { verdict(reading) }
}
