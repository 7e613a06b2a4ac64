#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `booking-cli`: the booking modules without a terminal. Each command reads and writes the
/// same data directory as `booking`; the commands that write (`quote`, `pay`) take its lock.
public enum BookingCLI {
  /// What `--version` prints: the same release as `booking`'s (`Options.version`).
  public static let version = "booking-cli 0.3.0"

  static let usage = """
    Usage: booking-cli [--data-dir PATH] [--airline-dir PATH] [--json] COMMAND ...

    Book a flight without the terminal app, in the same data directory as `booking`: a quote
    made here opens in the app with its booking:// link. Every command works while the app
    is open: quote, pay and resolve write the airline's records under the airline's own lock,
    waiting up to 5 seconds while another traveller's quote or payment holds it (then 75);
    session takes the app's lock only when it is free, to settle a payment a crash cut off as
    the app would. seats, trips, show and session only read: they make no data directory.

    Commands:
    \(CLICommand.listings)
    Options:
      --data-dir PATH   where records are kept (default: $BOOKING_DATA_DIR,
                        $XDG_DATA_HOME/booking, or ~/.local/share/booking)
      --airline-dir PATH
                        the airline's records, shared by many travellers, each with
                        a data directory of their own (default: $BOOKING_AIRLINE_DIR,
                        else the data directory); each sees only their own trips
      --json            one JSON document on standard output instead of aligned text;
                        a failure is {"error": {"code": N, "kind": K, "message": M}}
      --version         print the version
      -h, --help        print this help

    Exit codes (sysexits; with --json the failure's document says the same code and kind):
    """ + "\n" + exitCodes

  /// The exit codes from `ExitCode`: its number, its `kind` and its meaning, wrapped at 96
  /// columns under the meaning ("  66    notFound       no booking, quote, offer or ...").
  static var exitCodes: String {
    ExitCode.allCases.map { code in
      let head = "  \(code.rawValue)".padding(6) + code.name.padding(15)
      var lines: [String] = []
      var line = head
      for word in code.meaning.split(separator: " ") {
        if line.count > head.count, line.count + 1 + word.count > 96 {
          lines.append(line)
          line = String(repeating: " ", count: head.count)
        }
        line += (line.count > head.count ? " " : "") + word
      }
      return (lines + [line]).joined(separator: "\n")
    }.joined(separator: "\n")
  }

  /// Whether `--json` is among `arguments` (before any `--`), read without parsing them: a
  /// failure to parse is reported as JSON too, `--json=…` (refused: it takes no value) included.
  static func wantsJSON(_ arguments: [String]) -> Bool {
    // A `--` before the command is skipped, as `Invocation.parse` skips it.
    let options = arguments.first == "--" ? arguments.dropFirst() : arguments[...]
    return options.prefix { $0 != "--" }.contains { $0 == "--json" || $0.hasPrefix("--json=") }
  }

  /// The options each command takes with a value (none for a command that does not exist).
  static func valueOptions(_ command: String?) -> Set<String> {
    command.flatMap(CLICommand.init(rawValue:))?.valueOptions ?? []
  }

  /// The options each command takes without a value.
  static func switches(_ command: String?) -> Set<String> {
    command.flatMap(CLICommand.init(rawValue:))?.switches ?? []
  }

  static func run(_ arguments: [String]) async throws(Failure) {
    // The shell completions' hidden command, unlisted and silent (`Completion`).
    if let request = Completion.Request(arguments) { return await Completion.run(request) }
    let invocation = try Invocation.parse(
      arguments, valueOptions: valueOptions, switches: switches)
    if invocation.has("--help") || invocation.has("-h") || invocation.command == "help" {
      var topic = invocation.command
      if topic == "help" {
        guard invocation.words.count <= 1 else {
          throw .usage("unexpected '\(invocation.words[1])' (usage: help [COMMAND])")
        }
        topic = invocation.words.first
      }
      var text = usage
      if let topic {
        guard let help = CommandHelp.text(topic) else { throw unknownCommand(topic) }
        text = help
      }
      if invocation.has("--json") { try Output.json(["help": text]) } else { Output.line(text) }
      return
    }
    if invocation.has("--version") {
      if invocation.has("--json") {
        try Output.json(["version": version])
      } else {
        Output.line(version)
      }
      return
    }
    if let path = invocation.value("--data-dir"), path.isEmpty {
      throw .usage("--data-dir needs a path")
    }
    let json = invocation.has("--json")
    guard let name = invocation.command else {
      throw .usage("a command is needed: \(CLICommand.listed); see --help")
    }
    guard let command = CLICommand(rawValue: name) else { throw unknownCommand(name) }
    try await command.run(invocation, json: json)
  }

  /// An unknown command, with the nearest known one when there is one.
  static func unknownCommand(_ command: String) -> Failure {
    let guess = CommandHelp.nearest(command, in: CommandHelp.commands)
    return .usage(
      "unknown command '\(command)'" + (guess.map { "; did you mean \($0)?" } ?? "")
        + " (booking-cli --help lists them)")
  }
}

extension BookingCLI {
  /// Runs booking-cli with `arguments` (without the program's name) on the process's standard
  /// streams, and returns its exit status; the failure, if any, is one line on standard error
  /// (and, with `--json`, a document on standard output).
  public static func main(_ arguments: [String]) async -> Int32 {
    do {
      try await run(arguments)
      return ExitCode.ok.rawValue
    } catch {
      Output.error("booking-cli: \(error.message)\n")
      if !error.outputWritten, wantsJSON(arguments) { Output.errorDocument(error) }
      return error.code.rawValue
    }
  }

  /// Runs booking-cli with `arguments` in this process, reading and writing `streams`, and
  /// returns its exit status. What only a process has (its exit by a signal, a pipe closed
  /// under it, the environment's data directory) is for the executable.
  public static func run(_ arguments: [String], streams: CLIStreams) async -> Int32 {
    await CLIStreams.$current.withValue(streams) { await main(arguments) }
  }
}
