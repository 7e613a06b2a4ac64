/// booking-cli's commands, each named once: what `--help` lists (in this order), what the
/// options parser knows each takes, and what runs it. `help` is the one command that runs
/// nothing of its own.
enum CLICommand: String, CaseIterable {
  case airports, search, seats, quote, pay, trips, show, session, resolve, help

  /// The options the command takes with a value.
  var valueOptions: Set<String> {
    switch self {
    case .search:
      ["-n", "--passengers", "--adults", "--children", "--infants", "--return", "--sort"]
    case .quote:
      [
        "--passenger", "--email", "--phone", "--seat", "--return-seat", "--bags", "--ttl",
        "--price-changes",
      ]
    case .trips: ["--limit"]
    case .airports, .seats, .pay, .show, .session, .resolve, .help: []
    }
  }

  /// The options the command takes without a value.
  var switches: Set<String> {
    switch self {
    case .search: ["--nonstop", "--wide"]
    case .quote: ["--insurance", "-q", "--quiet"]
    case .pay: ["--card-from-stdin", "-q", "--quiet"]
    case .trips: ["--json-lines"]
    case .resolve: ["--charged", "--not-charged"]
    case .airports, .seats, .show, .session, .help: []
    }
  }

  /// Runs the command as `invocation` asks (`help` is answered before a command runs).
  func run(_ invocation: Invocation, json: Bool) async throws(Failure) {
    switch self {
    case .airports: try SearchCommands.airports(invocation, json: json)
    case .search: try await SearchCommands.search(invocation, json: json)
    case .seats: try await SeatsCommand.run(invocation, json: json)
    case .quote: try await QuoteCommand.run(invocation, json: json)
    case .pay: try await PayCommand.run(invocation, json: json)
    case .trips: try await TripsCommands.trips(invocation, json: json)
    case .show: try await TripsCommands.show(invocation, json: json)
    case .session: try await SessionCommand.run(invocation, json: json)
    case .resolve: try await ResolveCommand.run(invocation, json: json)
    case .help: break
    }
  }

  /// The commands that do something of their own, as a sentence lists them: "a, b or c".
  static var listed: String {
    let names = allCases.filter { $0 != .help }.map(\.rawValue)
    return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
  }
}
