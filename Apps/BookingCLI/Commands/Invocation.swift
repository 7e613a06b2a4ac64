/// The command line, split into a command, its words and its options, before any is checked.
///
/// Options may come anywhere after the program's name; `--name=value` and `--name value` are the
/// same. Which options take a value is told per command (`valueOptions`), so a value that starts
/// with `-` is still read as a value.
struct Invocation {
  /// The command (`search`, `quote`...), nil when none was given.
  var command: String?
  /// The words after the command that are not options.
  var words: [String] = []
  /// Every value given to each option, in order (`--passenger` may repeat).
  var values: [String: [String]] = [:]
  /// The options given without a value.
  var switches: Set<String> = []

  /// Options of every command.
  static let globalValueOptions: Set<String> = ["--data-dir", "--airline-dir"]
  static let globalSwitches: Set<String> = ["--json", "--help", "-h", "--version"]

  /// Splits `arguments`; `valueOptions(command)` and `switches(command)` tell what the command
  /// takes. A card given as an option is refused here, before anything else is read.
  static func parse(
    _ arguments: [String], valueOptions: (String?) -> Set<String>,
    switches: (String?) -> Set<String>
  ) throws(Failure) -> Invocation {
    var invocation = Invocation()
    var remaining = arguments[...]
    // `swift run booking-cli -- search …` passes its `--` on: before the command it is skipped;
    // after it, what follows is words, never options.
    if remaining.first == "--" { remaining.removeFirst() }
    var onlyWords = false
    while let argument = remaining.popFirst() {
      if onlyWords || !argument.hasPrefix("-") || argument == "-" {
        if invocation.command == nil, !onlyWords {
          invocation.command = argument
        } else {
          invocation.words.append(argument)
        }
        continue
      }
      if argument == "--" {
        onlyWords = true
        continue
      }
      var name = argument
      var inline: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      if name == "--card" || name.hasPrefix("--card-number") || name == "--cvc" {
        throw .usage(
          "\(name) is refused: a card on the command line lands in shell history and in `ps`; "
            + "pipe it in with --card-from-stdin")
      }
      let command = invocation.command
      if globalValueOptions.contains(name) || valueOptions(command).contains(name) {
        guard let value = inline ?? remaining.popFirst() else {
          throw .usage("\(name) needs a value")
        }
        invocation.values[name, default: []].append(value)
      } else if globalSwitches.contains(name) || switches(command).contains(name) {
        guard inline == nil else { throw .usage("\(name) takes no value") }
        invocation.switches.insert(name)
      } else {
        if let command, !CommandHelp.commands.contains(command) {
          throw BookingCLI.unknownCommand(command)
        }
        let known =
          globalValueOptions.union(valueOptions(command)).union(globalSwitches)
          .union(switches(command))
        let guess = CommandHelp.nearest(name, in: known.filter { $0.hasPrefix("--") })
        throw .usage(
          "unknown option '\(argument)'" + (command.map { " for \($0)" } ?? "")
            + (guess.map { "; did you mean \($0)?" } ?? "")
            + " (booking-cli \(command.map { "\($0) " } ?? "")--help lists the options)")
      }
    }
    return invocation
  }

  /// The last value of `option`, if given.
  func value(_ option: String) -> String? { values[option]?.last }

  /// Whether the switch `option` was given.
  func has(_ option: String) -> Bool { switches.contains(option) }

  /// Exactly `names.count` words, named in the error when some are missing or extra.
  func words(_ names: String...) throws(Failure) -> [String] {
    let usage = ([command ?? ""] + names).joined(separator: " ")
    guard words.count == names.count else {
      if words.count < names.count {
        throw .usage("\(command ?? "") needs \(names[words.count]) (usage: \(usage))")
      }
      throw .usage(
        "unexpected '\(words[names.count])' (usage: \(usage))")
    }
    return words
  }
}
