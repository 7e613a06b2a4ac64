import FlowFaults

/// One example a seed lesson gives, reproduced: which lesson, its own label, the class the lesson
/// states, and how faultlab runs its counterpart on the app.
public struct LessonExample: Sendable, Summarised {
  /// The lesson's file number: `001`, `002` or `004`.
  public let lesson: String
  /// The measurement it belongs to; the seeds print `countSeparations` after each.
  public let measurement: Measurement
  /// The lesson's own label for the check (`odeme-tamamlandi`); empty where it gives none.
  public let seedLabel: String
  /// faultlab's name for it.
  public let name: String
  /// The same in Turkish.
  public let turkishName: String
  /// The class the lesson states.
  public let stated: Separation
  /// Whether the lesson states the class outright; lesson 001 names a failure of the bag, not a
  /// class, and a check for that failure must separate the bag.
  public let statedOutright: Bool
  /// What faultlab runs, in one line.
  public let summary: String
  /// The same in Turkish.
  public let turkishSummary: String
  private let evaluation: @Sendable (LabFixtures) async throws -> Verdicts

  /// An example; `evaluate` runs the check on both versions.
  public init(
    lesson: String, measurement: Measurement, seedLabel: String, name: String,
    turkishName: String, stated: Separation, statedOutright: Bool = true, summary: String,
    turkishSummary: String, evaluate: @escaping @Sendable (LabFixtures) async throws -> Verdicts
  ) {
    self.lesson = lesson
    self.measurement = measurement
    self.seedLabel = seedLabel
    self.name = name
    self.turkishName = turkishName
    self.stated = stated
    self.statedOutright = statedOutright
    self.summary = summary
    self.turkishSummary = turkishSummary
    evaluation = evaluate
  }

  /// The name in `language`.
  public func name(_ language: Language) -> String {
    language == .tr ? turkishName : name
  }

  /// Runs the check on the correct and the faulty version.
  public func evaluate(_ fixtures: LabFixtures) async throws -> Verdicts {
    try await evaluation(fixtures)
  }

  /// A measurement: examples the lesson counts together.
  public struct Measurement: Hashable, Sendable, Summarised {
    /// What was measured.
    public let summary: String
    /// The same in Turkish.
    public let turkishSummary: String

    /// A measurement described in both languages.
    public init(_ summary: String, _ turkishSummary: String) {
      self.summary = summary
      self.turkishSummary = turkishSummary
    }
  }
}

/// A lesson example run: its verdicts, and whether its class is the one the lesson states.
public struct LessonOutcome: Sendable {
  /// The example.
  public let example: LessonExample
  /// What its check read and whether it passed, on each version.
  public let verdicts: Verdicts

  /// The class faultlab finds.
  public var separation: Separation { verdicts.separation }

  /// Whether faultlab finds the class the lesson states.
  public var agrees: Bool { separation == example.stated }

  /// The seeds' `describe` line, labelled with faultlab's name in `language`.
  public func describe(_ language: Language) -> String {
    verdicts.describe(example.name(language), language)
  }

  /// The `describe` line with the class the lesson states beside faultlab's:
  /// "… -> blind (the lesson says blind)".
  public func line(_ language: Language) -> String {
    describe(language)
      + " (\(LessonWords(language).lessonSays) \(example.stated.word(language)))"
  }
}

extension Lab {
  /// Every lesson example, run.
  public func lessons(_ examples: [LessonExample] = LessonExample.catalogue) async throws
    -> [LessonOutcome]
  {
    let fixtures = try LabFixtures()
    var outcomes: [LessonOutcome] = []
    for example in examples {
      outcomes.append(
        LessonOutcome(example: example, verdicts: try await example.evaluate(fixtures)))
    }
    return outcomes
  }
}
