/// The lesson examples as the seeds print them (`describe` lines, then `countSeparations` after
/// each measurement) and as a Markdown table of the class each lesson states beside ours.
public struct LessonReport: Sendable {
  /// The examples, run, in the lessons' order.
  public let outcomes: [LessonOutcome]

  /// A report of `outcomes`.
  public init(_ outcomes: [LessonOutcome]) { self.outcomes = outcomes }

  /// The measurements, in order, each with its outcomes.
  public var measurements: [(LessonExample.Measurement, [LessonOutcome])] {
    var groups: [(LessonExample.Measurement, [LessonOutcome])] = []
    for outcome in outcomes {
      if let last = groups.indices.last, groups[last].0 == outcome.example.measurement {
        groups[last].1.append(outcome)
      } else {
        groups.append((outcome.example.measurement, [outcome]))
      }
    }
    return groups
  }

  /// The examples whose class differs from the lesson's.
  public var differences: [LessonOutcome] { outcomes.filter { !$0.agrees } }

  /// For a terminal: each measurement's title, its `describe` lines (each with the class the
  /// lesson states beside ours) and its `countSeparations`, then the examples where faultlab and
  /// the lesson differ.
  public func text(_ language: Language) -> String {
    let words = LessonWords(language)
    var lines = [words.title, ""]
    for (measurement, outcomes) in measurements {
      lines.append("# \(measurement.summary(language))")
      // A 100-column projector: a long line goes on under itself, indented.
      for outcome in outcomes {
        lines += outcome.line(language).wrapped(96).enumerated().map {
          ($0.offset == 0 ? "" : "    ") + $0.element
        }
      }
      lines.append(Separation.countSeparations(outcomes.map(\.separation), language))
      lines.append("")
    }
    lines.append("\(words.differences): " + (differences.isEmpty ? words.none : ""))
    for outcome in differences {
      lines.append(
        "  \(outcome.example.name(language)): \(words.lessonSays) "
          + "\(outcome.example.stated.word(language)), \(words.faultlabFinds) "
          + outcome.separation.word(language))
    }
    return lines.joined(separator: "\n")
  }

  /// For slides: a table of every example with the lesson's class and ours, then the seeds'
  /// printout in a code block.
  public func markdown(_ language: Language) -> String {
    let words = LessonWords(language)
    var lines = [
      "## \(words.title)", "",
      "| \(words.lesson) | \(words.lessonCheck) | \(words.ourCheck) | \(words.lessonSays) "
        + "| \(words.faultlabFinds) | \(words.same) |",
      "|---|---|---|---|---|---|",
    ]
    for outcome in outcomes {
      let example = outcome.example
      let label = example.seedLabel.isEmpty ? "—" : "`\(example.seedLabel)`"
      let found = outcome.separation.labelled(language)
      lines.append(
        "| \(example.lesson) | \(label) | `\(example.name(language))` "
          + "| \(example.stated.labelled(language))\(example.statedOutright ? "" : " *") "
          + "| \(outcome.agrees ? found : "**\(found)**") "
          + "| \(outcome.agrees ? words.yes : "**\(words.no)**") |")
    }
    if outcomes.contains(where: { !$0.example.statedOutright }) {
      lines += ["", "\\* \(words.implied)"]
    }
    lines += ["", "**\(words.differences)**: " + (differences.isEmpty ? words.none : "")]
    for outcome in differences {
      lines.append(
        "- `\(outcome.example.name(language))`: \(words.lessonSays) "
          + "\(outcome.example.stated.word(language)), \(words.faultlabFinds) "
          + outcome.separation.word(language))
    }
    lines += ["", "```text"]
    for (measurement, outcomes) in measurements {
      lines.append("# \(measurement.summary(language))")
      lines += outcomes.map { $0.describe(language) }
      lines.append(Separation.countSeparations(outcomes.map(\.separation), language))
    }
    lines.append("```")
    return lines.joined(separator: "\n")
  }
}

/// The lesson report's fixed words.
struct LessonWords {
  let title: String
  let lesson: String
  let lessonCheck: String
  let ourCheck: String
  let lessonSays: String
  let faultlabFinds: String
  let same: String
  let yes: String
  let no: String
  let differences: String
  let none: String
  let implied: String

  init(_ language: Language) {
    switch language {
    case .en:
      title = "Lesson examples: the class each lesson states, and faultlab's"
      lesson = "lesson"
      lessonCheck = "the lesson's check"
      ourCheck = "faultlab's check"
      lessonSays = "the lesson says"
      faultlabFinds = "faultlab finds"
      same = "same"
      yes = "yes"
      no = "no"
      differences = "Where faultlab differs from a lesson"
      none = "nowhere"
      implied =
        "the lesson names the failure, not a class: a check for that failure must separate the bag"
    case .tr:
      title = "Ders örnekleri: her dersin söylediği ayrım ve faultlab'in bulduğu"
      lesson = "ders"
      lessonCheck = "dersteki denetim"
      ourCheck = "faultlab denetimi"
      lessonSays = "ders der ki"
      faultlabFinds = "faultlab bulur"
      same = "aynı"
      yes = "evet"
      no = "hayır"
      differences = "faultlab'in bir dersten ayrıldığı yerler"
      none = "hiçbir yerde"
      implied =
        "ders bir ayrım değil, bir bozulma adlandırır: o bozulmaya bakan denetim çantayı ayırmalıdır"
    }
  }
}
