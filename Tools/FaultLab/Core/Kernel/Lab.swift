import FlowFaults

/// Runs checks against the correct flow and the faults, each scenario once per version.
public struct Lab: Sendable {
  /// The checks, as matrix rows.
  public let checks: [Check]
  /// The faults, as matrix columns.
  public let faults: [FlowVersion]
  /// The version every fault is contrasted with.
  public let correct: FlowVersion

  /// A lab over `checks` and `faults`, the whole catalogue unless told.
  public init(
    checks: [Check] = Check.catalogue, faults: [FlowVersion] = FlowVersion.faults,
    correct: FlowVersion = .correct
  ) {
    self.checks = checks
    self.faults = faults
    self.correct = correct
  }

  /// Every check against every fault.
  public func matrix() async throws -> Matrix {
    let fixtures = try LabFixtures()
    let scenarios = Scenario.allCases.filter { scenario in
      checks.contains { $0.scenario == scenario }
    }
    let good = await observations(of: correct, in: scenarios, fixtures)
    var faulty: [[Scenario: Observation]] = []
    for fault in faults {
      faulty.append(await observations(of: fault, in: scenarios, fixtures))
    }
    let rows = checks.map { check in
      zip(faults, faulty).compactMap { fault, seen -> Contrast? in
        guard let correct = good[check.scenario], let bad = seen[check.scenario] else {
          return nil
        }
        return Contrast(check, fault: fault, correct: correct, faulty: bad)
      }
    }
    return Matrix(checks: checks, faults: faults, rows: rows)
  }

  /// One check against one fault: one matrix cell.
  public func contrast(_ check: Check, _ fault: FlowVersion) async throws -> Contrast {
    let fixtures = try LabFixtures()
    let good = await check.scenario.observe(correct, fixtures)
    let bad = await check.scenario.observe(fault, fixtures)
    return Contrast(check, fault: fault, correct: good, faulty: bad)
  }

  private func observations(
    of version: FlowVersion, in scenarios: [Scenario], _ fixtures: LabFixtures
  ) async -> [Scenario: Observation] {
    var seen: [Scenario: Observation] = [:]
    for scenario in scenarios {
      seen[scenario] = await scenario.observe(version, fixtures)
    }
    return seen
  }
}
