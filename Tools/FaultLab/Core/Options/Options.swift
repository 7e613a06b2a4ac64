import FlowFaults

/// What `faultlab` was asked to do, read from its arguments.
public struct Options: Hashable, Sendable {
  /// Print Markdown for slides instead of terminal text.
  public var markdown = false
  /// The language of the report: class words, headings and summaries.
  public var language = Language.en
  /// Write Turkish as the seeds' code does, in ASCII (`ayiran`, `kor`, `gurultulu`, `ters`):
  /// for a presenter who shows a lesson's own output beside faultlab's.
  public var ascii = false
  /// The check of the one cell to explain.
  public var check: String?
  /// The fault of the one cell to explain.
  public var fault: String?
  /// Print the lesson examples only, not the matrix.
  public var lessonsOnly = false
  /// Print the usage and exit.
  public var help = false

  /// The defaults: the whole matrix, in English, as terminal text.
  public init() {}

  /// A wrong argument, with the message to print on stderr.
  public struct UsageError: Error, Hashable, Sendable {
    /// What is wrong, in one line.
    public let message: String
  }

  /// The usage text for `--help`.
  public static var usage: String {
    let checks = "Checks: " + Check.catalogue.map(\.name).joined(separator: ", ")
    let faults = "Faults: " + FlowVersion.faults.map(\.name).joined(separator: ", ")
    let lists = (checks.wrapped(96) + faults.wrapped(96)).joined(separator: "\n")
    return """
      usage: faultlab [--markdown] [--lang en|tr] [--ascii] [--lessons | --check NAME --fault NAME]

      Runs each check against the real BookingFlow and against each fault, and classifies it:
      separating (ayıran), blind (kör), noisy (gürültülü) or inverted (ters). Then runs every
      example the seed lessons give and prints it as the seeds do (describe, countSeparations),
      with the class the lesson states beside ours.

        --markdown               print the same report as Markdown, for slides
        --lang en|tr             the language of the words, names and summaries (default en)
        --ascii                  write Turkish as the seeds' code does: ayiran, kor, gurultulu,
                                 ters, dogru=X/gecti (with --lang tr, a lesson's own words)
        --lessons                print the lesson examples only
        --check NAME --fault NAME
                                 explain one cell: both versions side by side (names in
                                 English or Turkish, with Turkish letters or without)
        --help                   print this and exit

      """ + lists
  }

  /// Reads `arguments` (without the program name).
  public static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var remaining = arguments[...]
    // `swift run faultlab -- --lessons` passes its `--` on: faultlab takes no operands, so a
    // leading `--` is skipped.
    if remaining.first == "--" { remaining.removeFirst() }
    while let argument = remaining.popFirst() {
      let (name, inline) = split(argument)
      func value() throws(UsageError) -> String {
        if let inline { return inline }
        guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
          throw UsageError(message: "\(name) needs a value")
        }
        return next
      }
      switch name {
      case "--markdown" where inline == nil:
        options.markdown = true
      case "--ascii" where inline == nil:
        options.ascii = true
      case "--lessons" where inline == nil:
        options.lessonsOnly = true
      case "--help" where inline == nil, "-h" where inline == nil:
        options.help = true
      case "--lang":
        let raw = try value()
        guard let language = Language(rawValue: raw) else {
          throw UsageError(message: "unknown language '\(raw)': use en or tr")
        }
        options.language = language
      case "--check":
        let raw = try value()
        guard Check.named(raw) != nil else {
          throw unknown("check", raw, Check.catalogue.map(\.name))
        }
        options.check = raw
      case "--fault":
        let raw = try value()
        guard FlowVersion.fault(named: raw) != nil else {
          throw unknown("fault", raw, FlowVersion.faults.map(\.name))
        }
        options.fault = raw
      default:
        throw UsageError(message: "unknown argument '\(argument)'")
      }
    }
    if (options.check == nil) != (options.fault == nil) {
      throw UsageError(message: "--check and --fault go together: name one cell")
    }
    if options.lessonsOnly, options.check != nil {
      throw UsageError(message: "--lessons prints every example: it takes no --check or --fault")
    }
    return options
  }

  /// `text` as faultlab prints it: folded to the seeds' ASCII spelling under `--ascii`.
  public func render(_ text: String) -> String {
    ascii ? text.seedSpelling : text
  }

  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  private static func unknown(_ kind: String, _ name: String, _ known: [String]) -> UsageError {
    UsageError(message: "unknown \(kind) '\(name)': use one of \(known.joined(separator: ", "))")
  }
}
