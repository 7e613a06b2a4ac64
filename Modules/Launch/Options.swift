import Canvas
import FlowOwner
import Presentation
import Program
import Recording
import Terminal
import Widgets
import Words

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The command line, parsed: every flag `booking --help` documents.
public struct Options: Sendable {
  public init() {}

  public var dataDirectory: String?
  /// The airline's records, when many travellers share one (`--airline-dir`); nil: the
  /// `$BOOKING_AIRLINE_DIR`, else the data directory.
  public var airlineDirectory: String?
  public var fresh = false
  /// `--room DIR`: the workshop room this process serves an attendee of; with `attendee`, the
  /// data directory is the attendee's in the room and the airline the room's.
  public var room: String?
  /// `--attendee SHA256:…`: the fingerprint of the ssh key the attendee connected with.
  public var attendee: String?
  /// `booking room watch DIR`: the presenter's view of the room at DIR.
  public var watchRoom: String?
  public var openURL: String?
  public var quoteTTL: TimeInterval = 15 * 60
  public var latencyMilliseconds: Int?
  /// `--price-changes`: which offers the simulated airline re-prices when it quotes them.
  public var priceChanges = "seeded"
  /// The values `--price-changes` takes.
  public static let priceChangeModes = ["seeded", "always", "never"]
  public var language: Language = .english
  public var recordPath: String?
  /// `--force`: `--record` empties a file already at its path instead of refusing it.
  public var force = false
  public var replayPath: String?
  /// `--journal FILE`: every action and the airline's answers, for a bug report.
  public var journalPath: String?
  /// `--replay-journal FILE`: play a journal again without a terminal and print where it ended.
  public var replayJournalPath: String?
  public var replaySpeed = 1.0
  public var showVersion = false
  public var showHelp = false
  public var diagram: FlowDiagram.Format?
  /// `--flow`: which flow owner the screens run on.
  public var flow = Flow.real
  /// `--theme`: the colours for a dark or a light background, or asked of the terminal.
  public var theme = ThemeChoice.auto

  /// The values `--theme` takes.
  public enum ThemeChoice: String, Sendable, CaseIterable {
    /// The terminal's background, asked with OSC 11, else `COLORFGBG`, else dark.
    case auto
    /// `Theme.dark`.
    case dark
    /// `Theme.light`.
    case light
  }
  /// `--no-mouse`: the terminal is never asked to report the mouse, so its own selection works.
  public var mouse = true

  /// A flow owner the screens run on.
  public enum Flow: String, Sendable, CaseIterable {
    /// `BookingFlow`, under `RootFeature`.
    case real
    /// The workshop's broken owner, a bag of optionals, under a root of its own.
    case bag
  }

  /// The version `--version` prints and a journal's header names: a journal replays only under
  /// the version that wrote it, so it changes whenever what a journal holds does.
  public static let version = "booking 0.3.0"

  /// The steps a booking walks through, as the usage names them: the search, then the chain.
  private static let walk = ([StepKind.search] + StepKind.chain).map(\.description)
    .joined(separator: ", ")

  public static let usage = """
    Usage: booking [options]

    Book a flight in the terminal: \(walk).
    Progress is saved on every step; run booking again to resume where you left off.

    Options:
      --data-dir PATH        where records and the session are kept
                             (default: $BOOKING_DATA_DIR, $XDG_DATA_HOME/booking,
                             or ~/.local/share/booking)
      --airline-dir PATH     the airline's records, shared by many travellers, each with
                             a data directory of their own (default: $BOOKING_AIRLINE_DIR,
                             else the data directory); each sees only their own trips
      --fresh                start at the search form, ignoring the saved session
      --room DIR --attendee SHA256:KEY
                             serve a workshop room's attendee (the command sshd runs
                             for `Tools/scripts/room up`): their data directory is
                             DIR/attendees/KEY, the airline DIR/airline
      --open URL             open a link: booking://pay/<quoteID>,
                             booking://trip/<REF> (a booking in the trips) or
                             booking://search?from=IST&to=AMS&date=2026-12-24&adults=2
                             (and &return=DAY, &children=N, &infants=N)
      --quote-ttl SECONDS    how long a price is held (default 900)
      --latency MS           the airline's answer time in ms (default 150-600)
      --price-changes seeded|always|never
                             which offers the airline re-prices when quoted (default
                             seeded: about one in six, the same ones every run)
      --lang en|tr           English or Turkish
      --theme auto|dark|light
                             colours for a dark or a light background (default auto:
                             asks the terminal, else reads $COLORFGBG, else dark)
      --record FILE          write every key with its time to a new FILE (JSON lines;
                             card numbers become test cards, security codes 1234)
      --force                let --record or --journal replace FILE if it exists
      --journal FILE         write every action and every airline answer to a new FILE
                             (JSON lines; personal and card data as in --record)
      --replay-journal FILE  play a journal again without a terminal and print its
                             last screen and the snapshot it saved
      --replay FILE          play a recording back (F1, F2 look without stopping it;
                             any other key you press takes over)
      --speed N              replay N times faster, 0.01 to 1000 (default 1)
      --flow real|bag        bag: run the screens on the workshop's broken flow owner (a
                             shared bag of optionals; a kill keeps its screens, not its
                             data; no journal)
      --no-mouse             leave the mouse to the terminal (its own selection and
                             copy); with the mouse on, Shift+drag selects text in
                             most terminals
      --diagram mermaid|dot|text|compact
                             print the flow's states and transitions, drawn from the
                             flow owner's own table, and exit (text: box characters;
                             compact: within 100x30, for a projector)
      --version              print the version
      -h, --help             print this help

    booking room watch DIR [--lang en|tr] [--theme auto|dark|light]
                             the presenter's view of the room at DIR: each attendee's
                             step, held seats, payment and latest drop, and the cabins

    Keys: Tab/Shift-Tab fields, arrows move, Enter chooses, Esc goes back,
    F1 or ? help, F2 or i flow inspector, Ctrl-C or q quit.
    Mouse: click a result, a seat, a field, a button, a day or an earlier step's
    panel; the wheel scrolls lists and the seat map.
    """

  /// Why the command line was refused: one line for stderr.
  public struct Problem: Error {
    public let message: String
  }

  public static func parse(_ arguments: [String]) throws(Problem) -> Options {
    var options = Options()
    var remaining = arguments[...]
    // `swift run booking -- --fresh` passes its `--` on, as `cargo run --` does: a leading `--`
    // ends nothing here, since booking takes no operands.
    if remaining.first == "--" { remaining.removeFirst() }
    if remaining.first == "room" {
      remaining.removeFirst()
      guard remaining.popFirst() == "watch" else {
        throw Problem(message: "room takes watch: booking room watch DIR")
      }
      guard let directory = remaining.first, !directory.hasPrefix("-"), !directory.isEmpty else {
        throw Problem(message: "room watch needs the room's folder: booking room watch DIR")
      }
      remaining.removeFirst()
      options.watchRoom = directory
      let allowed: Set<String> = ["--lang", "--theme", "--no-mouse", "-h", "--help"]
      if let other = remaining.first(where: {
        $0.hasPrefix("-") && !allowed.contains(String($0.split(separator: "=")[0]))
      }) {
        throw Problem(message: "room watch takes --lang and --theme, not '\(other)'")
      }
    }
    func value(for flag: String) throws(Problem) -> String {
      guard let next = remaining.popFirst(), !next.hasPrefix("--") || next == "--" else {
        throw Problem(message: "\(flag) needs a value")
      }
      return next
    }
    while let argument = remaining.popFirst() {
      var flag = argument
      var inline: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        flag = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
        remaining.insert(inline ?? "", at: remaining.startIndex)
      }
      switch flag {
      case "--data-dir":
        let path = try value(for: flag)
        guard !path.isEmpty else { throw Problem(message: "--data-dir needs a path") }
        options.dataDirectory = path
      case "--airline-dir":
        let path = try value(for: flag)
        guard !path.isEmpty else { throw Problem(message: "--airline-dir needs a path") }
        options.airlineDirectory = path
      case "--fresh": options.fresh = true
      case "--room":
        let path = try value(for: flag)
        guard !path.isEmpty else { throw Problem(message: "--room needs a path") }
        options.room = path
      case "--attendee":
        options.attendee = try value(for: flag)
      case "--open": options.openURL = try value(for: flag)
      case "--quote-ttl":
        let text = try value(for: flag)
        guard let seconds = Int(text), (1...86_400).contains(seconds) else {
          throw Problem(message: "--quote-ttl takes whole seconds from 1 to 86400, not '\(text)'")
        }
        options.quoteTTL = TimeInterval(seconds)
      case "--latency":
        let text = try value(for: flag)
        guard let ms = Int(text), (0...10_000).contains(ms) else {
          throw Problem(message: "--latency takes milliseconds from 0 to 10000, not '\(text)'")
        }
        options.latencyMilliseconds = ms
      case "--price-changes":
        let text = try value(for: flag)
        guard Self.priceChangeModes.contains(text) else {
          throw Problem(message: "--price-changes takes seeded, always or never, not '\(text)'")
        }
        options.priceChanges = text
      case "--lang":
        let text = try value(for: flag)
        guard let language = Language(rawValue: text) else {
          throw Problem(message: "--lang takes en or tr, not '\(text)'")
        }
        options.language = language
      case "--theme":
        let text = try value(for: flag)
        guard let theme = ThemeChoice(rawValue: text) else {
          throw Problem(message: "--theme takes auto, dark or light, not '\(text)'")
        }
        options.theme = theme
      case "--record":
        options.recordPath = try value(for: flag)
      case "--force": options.force = true
      case "--journal":
        options.journalPath = try value(for: flag)
      case "--replay-journal":
        options.replayJournalPath = try value(for: flag)
      case "--replay":
        options.replayPath = try value(for: flag)
      case "--speed":
        let text = try value(for: flag)
        let speeds = RecordedKey.speeds
        guard let speed = Double(text), speeds.contains(speed) else {
          throw Problem(
            message:
              "--speed takes a number from \(speeds.lowerBound) to \(Int(speeds.upperBound)), "
              + "not '\(text)'")
        }
        options.replaySpeed = speed
      case "--flow":
        let text = try value(for: flag)
        guard let flow = Flow(rawValue: text) else {
          throw Problem(message: "--flow takes real or bag, not '\(text)'")
        }
        options.flow = flow
      case "--diagram":
        let text = try value(for: flag)
        guard let format = FlowDiagram.Format(rawValue: text) else {
          throw Problem(message: "--diagram takes compact, mermaid, dot or text, not '\(text)'")
        }
        options.diagram = format
      case "--no-mouse": options.mouse = false
      case "--version": options.showVersion = true
      case "-h", "--help": options.showHelp = true
      default:
        if inline != nil,
          ["--fresh", "--force", "--no-mouse", "--version", "--help"].contains(flag)
        {
          throw Problem(message: "\(flag) takes no value")
        }
        throw Problem(message: "unknown option '\(argument)'")
      }
    }
    if (options.room == nil) != (options.attendee == nil) {
      throw Problem(message: "--room and --attendee go together: --room DIR --attendee SHA256:KEY")
    }
    if options.room != nil, options.dataDirectory != nil || options.airlineDirectory != nil {
      throw Problem(
        message:
          "--room sets the data and airline directories: leave out --data-dir and --airline-dir")
    }
    if options.flow == .bag, options.journalPath != nil || options.replayJournalPath != nil {
      throw Problem(message: "--journal and --replay-journal are for the real flow, not --flow bag")
    }
    return options
  }
}

extension Options.ThemeChoice {
  /// The colour theme this choice names. For auto: the terminal's background as `asked` (the
  /// answer to OSC 11, called for auto only) gives it, else as `colorFGBG` (the environment's
  /// `COLORFGBG`) says, else dark.
  public func theme(asked: () -> TerminalBackground?, colorFGBG: String?) -> Theme {
    switch self {
    case .dark: return .dark
    case .light: return .light
    case .auto:
      let background = asked() ?? colorFGBG.flatMap(TerminalBackground.fromColorFGBG)
      return background == .light ? .light : .dark
    }
  }
}
