import FlowFaults

/// One check run against the correct flow and one faulty flow: both readings and its class.
public struct Contrast: Sendable {
  /// The check that was run.
  public let check: Check
  /// The faulty version it was run against.
  public let fault: FlowVersion
  /// What the correct flow showed after the check's scenario.
  public let correct: Observation
  /// What the faulty flow showed after the same scenario.
  public let faulty: Observation
  /// What the check read from the correct flow.
  public let correctReading: String
  /// What the check read from the faulty flow.
  public let faultyReading: String
  /// Whether the check passed on the correct flow.
  public let passesCorrect: Bool
  /// Whether the check passed on the faulty flow.
  public let passesFaulty: Bool

  /// Applies `check` to both observations, as the seeds' `contrast` does.
  public init(_ check: Check, fault: FlowVersion, correct: Observation, faulty: Observation) {
    self.check = check
    self.fault = fault
    self.correct = correct
    self.faulty = faulty
    correctReading = check.read(correct)
    faultyReading = check.read(faulty)
    passesCorrect = check.passes(correctReading)
    passesFaulty = check.passes(faultyReading)
  }

  /// The check's class for this fault.
  public var separation: Separation {
    Separation(passesCorrect: passesCorrect, passesFaulty: passesFaulty)
  }
}
