import BookingCommands
import Foundation
import Launch
import TestSupport
import Testing

/// The man pages and the shell completions name every flag, command and option that `booking
/// --help` and `booking-cli --help` name (the helps are printed from `Options.usage` and
/// `BookingCLI.usage`, the sources of truth), and the completions complete in the shells.
@Suite("Man pages and completions")
struct ManPageTests {
  /// The repository's root.
  static let root = PackageExecutable.root

  /// The flags at the start of the help's option lines: "--data-dir", "-h", "--help"...
  static func helpFlags() async throws -> [String] {
    let result = try await Command.run(try BookingTerminal.binaryPath(), ["--help"])
    #expect(result.status == 0, "status \(result.status)")
    var flags: [String] = []
    for line in result.stdout.split(separator: "\n") {
      let trimmed = line.drop { $0 == " " }
      guard trimmed.hasPrefix("-") else { continue }
      for word in trimmed.split(separator: " ").prefix(2) where word.hasPrefix("-") {
        flags.append(String(word.trimmingCharacters(in: CharacterSet(charactersIn: ","))))
      }
    }
    return flags
  }

  /// booking-cli's help: its commands (the words that start the lines under "Commands:") and
  /// every option it names anywhere ("--return", "-n", "--card-from-stdin"...).
  static func cliHelp() async throws -> (commands: [String], options: [String]) {
    let result = try await Command.run(try PackageExecutable.path("booking-cli"), ["--help"])
    #expect(result.status == 0, "status \(result.status)")
    var commands: [String] = []
    var inCommands = false
    for line in result.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("Commands:") {
        inCommands = true
      } else if !line.hasPrefix(" ") {
        inCommands = false
      } else if inCommands, let match = line.wholeMatch(of: #/  ([a-z]+)\b.*/#) {
        commands.append(String(match.1))
      }
    }
    var options: [String] = []
    for match in result.stdout.matches(of: /(?:^|[^\w-])(--?[a-z][a-z-]*)(?![\w-])/) {
      let option = String(match.1)
      if !options.contains(option) { options.append(option) }
    }
    return (commands, options)
  }

  /// The text of a file of the repository.
  static func read(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// A new empty folder of its own, for a test to remove.
  static func scratchFolder() throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("booking-completions-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Whether `word` is in `text` as a whole word: not a part of a longer option
  /// ("--return" in "--return-seat" does not count).
  static func hasWord(_ text: String, _ word: String) -> Bool {
    var rest = text[...]
    while let range = rest.range(of: word) {
      let before =
        range.lowerBound == text.startIndex ? " " : text[text.index(before: range.lowerBound)]
      let after = range.upperBound == text.endIndex ? " " : text[range.upperBound]
      let partOfWord: (Character) -> Bool = { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
      if !partOfWord(before) && !partOfWord(after) { return true }
      rest = text[range.upperBound...]
    }
    return false
  }

  @Test("every flag of booking --help is in docs/booking.1 and its bash, zsh and fish completions")
  func everyFlagDocumented() async throws {
    let flags = try await Self.helpFlags()
    #expect(flags.count >= 12, "flags read from --help: \(flags)")
    // roff writes a hyphen as \-.
    let manual = try Self.read("docs/booking.1").replacingOccurrences(of: "\\-", with: "-")
    let bash = try Self.read("Tools/completions/booking.bash")
    let zsh = try Self.read("Tools/completions/_booking")
    let fish = try Self.read("Tools/completions/booking.fish")
    for flag in flags {
      #expect(manual.contains(".B \(flag)") || manual.contains(" \(flag)"), "\(flag) in booking.1")
      #expect(Self.hasWord(bash, flag), "\(flag) in booking.bash")
      #expect(Self.hasWord(zsh, flag), "\(flag) in _booking")
      // fish names an option without its dashes: `-l data-dir`, `-s h`.
      let fishName = flag.hasPrefix("--") ? "-l \(flag.dropFirst(2))" : "-s \(flag.dropFirst())"
      #expect(Self.hasWord(fish, fishName), "\(flag) in booking.fish")
    }
  }

  @Test(
    "every command and option of booking-cli --help is in docs/booking-cli.1 and its bash, zsh and fish completions"
  )
  func everyCLIOptionDocumented() async throws {
    let (commands, options) = try await Self.cliHelp()
    #expect(commands.count >= 8, "commands read from --help: \(commands)")
    #expect(options.count >= 25, "options read from --help: \(options)")
    let manual = try Self.read("docs/booking-cli.1").replacingOccurrences(of: "\\-", with: "-")
    let bash = try Self.read("Tools/completions/booking-cli.bash")
    let zsh = try Self.read("Tools/completions/_booking-cli")
    let fish = try Self.read("Tools/completions/booking-cli.fish")
    for command in commands {
      let headed = manual.split(separator: "\n").contains {
        $0.hasPrefix(".B") && Self.hasWord(String($0), command)
      }
      #expect(headed, "\(command) in booking-cli.1")
      #expect(Self.hasWord(bash, command), "\(command) in booking-cli.bash")
      #expect(zsh.contains("'\(command):"), "\(command) in _booking-cli")
      #expect(fish.contains("-a \(command) "), "\(command) in booking-cli.fish")
    }
    for option in options {
      #expect(Self.hasWord(manual, option), "\(option) in booking-cli.1")
      #expect(Self.hasWord(bash, option), "\(option) in booking-cli.bash")
      #expect(Self.hasWord(zsh, option), "\(option) in _booking-cli")
      let fishName =
        option.hasPrefix("--") ? "-l \(option.dropFirst(2))" : "-s \(option.dropFirst())"
      #expect(Self.hasWord(fish, fishName), "\(option) in booking-cli.fish")
    }
  }

  /// What bash's completion function `function` of `file` offers for the command line `words`
  /// (the last one is the word being completed), as bash calls it on Tab.
  static func bashCompletes(_ file: String, _ function: String, _ words: [String]) async throws
    -> [String]
  {
    let script = """
      source "$1"; shift
      COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
      COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
      \(function) 2>/dev/null
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try await Command.run(
      "/bin/bash",
      ["--norc", "--noprofile", "-c", script, "bash", Self.root.appendingPathComponent(file).path]
        + words)
    #expect(result.status == 0, "bash: \(result.output)")
    return result.stdout.split(separator: "\n").map(String.init).sorted()
  }

  @Test("bash completes booking's flags, their values and directories")
  func bashCompletesBooking() async throws {
    let folder = try Self.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(
      atPath: folder + "/saved-data", withIntermediateDirectories: true)
    let file = "Tools/completions/booking.bash"
    let cases: [([String], [String])] = [
      (["booking", "--th"], ["--theme"]),
      (["booking", "--theme", ""], ["auto", "dark", "light"]),
      (["booking", "--lang", "t"], ["tr"]),
      (["booking", "--flow", ""], ["bag", "real"]),
      (["booking", "--price-changes", "n"], ["never"]),
      (["booking", "--diagram", "m"], ["mermaid"]),
      (["booking", "--data-dir", folder + "/sav"], [folder + "/saved-data"]),
      (["booking", "--no"], ["--no-mouse"]),
    ]
    for (words, expected) in cases {
      let offered = try await Self.bashCompletes(file, "_booking", words)
      #expect(offered == expected, "\(words)")
    }
  }

  @Test("bash completes booking-cli's commands, each command's options and their values")
  func bashCompletesBookingCLI() async throws {
    let folder = try Self.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(
      atPath: folder + "/saved-data", withIntermediateDirectories: true)
    let file = "Tools/completions/booking-cli.bash"
    let cases: [([String], [String])] = [
      (
        ["booking-cli", ""],
        [
          "airports", "cancel", "change", "help", "pay", "quote", "resolve", "search", "seats",
          "session", "show", "trips",
        ]
      ),
      (["booking-cli", "s"], ["search", "seats", "session", "show"]),
      (["booking-cli", "seats", "of-1", "--j"], ["--json"]),
      (["booking-cli", "--data-dir", folder, "--json", "q"], ["quote"]),
      (["booking-cli", "--data-dir", folder + "/sav"], [folder + "/saved-data"]),
      (["booking-cli", "search", "IST", "AMS", "--so"], ["--sort"]),
      (["booking-cli", "search", "--sort", ""], ["departure", "duration", "price"]),
      (["booking-cli", "search", "--adults", ""], []),
      (["booking-cli", "search", "--in"], ["--infants"]),
      (["booking-cli", "quote", "of-1", "--price-changes", "a"], ["always"]),
      (["booking-cli", "quote", "of-1", "--ins"], ["--insurance"]),
      (["booking-cli", "quote", "of-1", "--return-seat", "1:20C", "--re"], ["--return-seat"]),
      (["booking-cli", "pay", "qt-1", "--c"], ["--card-from-stdin"]),
      (["booking-cli", "resolve", "dr-1", "--not"], ["--not-charged"]),
      (["booking-cli", "cancel", "K7Q2ZP", "--c"], ["--confirm"]),
      (["booking-cli", "change", "K7Q2ZP", "--c"], ["--card-from-stdin", "--confirm"]),
      (["booking-cli", "trips", "--j"], ["--json", "--json-lines"]),
      (["booking-cli", "--json", "show", "K7Q2ZP", "--v"], ["--version"]),
    ]
    for (words, expected) in cases {
      let offered = try await Self.bashCompletes(file, "_booking_cli", words)
      #expect(offered == expected, "\(words)")
    }
  }

  /// What fish offers for `line` (ending where Tab is pressed), with `file` loaded: the
  /// candidates without their descriptions, sorted.
  static func fishCompletes(_ file: String, _ line: String) async throws -> [String] {
    let fish = try #require(Command.find("fish"))
    let path = Self.root.appendingPathComponent(file).path
    let result = try await Command.run(
      fish, ["--no-config", "-c", "source $argv[1]; complete -C$argv[2]", path, line])
    #expect(result.status == 0, "fish: \(result.output)")
    return result.stdout.split(separator: "\n")
      .map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[0]) }.sorted()
  }

  @Test(
    "fish completes both programs' commands, options and values",
    .enabled(if: Command.find("fish") != nil, "needs fish (.ci/run installs it)"))
  func fishCompletes() async throws {
    let cases: [(String, String, [String])] = [
      ("booking.fish", "booking --theme ", ["auto", "dark", "light"]),
      ("booking.fish", "booking --no-m", ["--no-mouse"]),
      ("booking.fish", "booking --lang ", ["en", "tr"]),
      (
        "booking-cli.fish", "booking-cli ",
        [
          "airports", "cancel", "change", "help", "pay", "quote", "resolve", "search", "seats",
          "session", "show", "trips",
        ]
      ),
      ("booking-cli.fish", "booking-cli search --so", ["--sort"]),
      ("booking-cli.fish", "booking-cli search --sort ", ["departure", "duration", "price"]),
      (
        "booking-cli.fish", "booking-cli quote of-1 --price-changes ",
        ["always", "never", "seeded"]
      ),
      ("booking-cli.fish", "booking-cli pay qt-1 --card", ["--card-from-stdin"]),
      ("booking-cli.fish", "booking-cli resolve dr-1 --not", ["--not-charged"]),
    ]
    for (file, line, expected) in cases {
      let offered = try await Self.fishCompletes("Tools/completions/" + file, line)
      #expect(offered == expected, "\(line)")
    }
  }

  @Test(
    "zsh reads both completion files and compinit binds each to its program",
    .enabled(if: Command.find("zsh") != nil, "needs zsh (.ci/run installs it)"))
  func zshBindsCompletions() async throws {
    let zsh = try #require(Command.find("zsh"))
    let folder = try Self.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let completions = Self.root.appendingPathComponent("Tools/completions").path
    for file in ["_booking", "_booking-cli"] {
      let syntax = try await Command.run(zsh, ["-n", completions + "/" + file])
      #expect(syntax.status == 0, "zsh -n \(file): \(syntax.output)")
    }
    let result = try await Command.run(
      zsh,
      [
        "-fc",
        "fpath=($1 $fpath); autoload -Uz compinit; compinit -u -d $2/zcompdump; "
          + "print -r -- $_comps[booking] $_comps[booking-cli]",
        "zsh", completions, folder,
      ])
    #expect(result.stdout == "_booking _booking-cli\n", "\(result.output)")
  }

  @Test("booking, booking-cli and their man pages name one release")
  func oneRelease() throws {
    let release = try #require(Options.version.split(separator: " ").last)
    #expect(BookingCommands.BookingCLI.version == "booking-cli \(release)")
    for page in ["booking.1", "booking-cli.1"] {
      let text = try String(
        contentsOf: Self.root.appendingPathComponent("docs/" + page), encoding: .utf8)
      let header = text.split(separator: "\n").first { $0.hasPrefix(".TH ") } ?? ""
      #expect(header.contains("\"booking \(release)\""), "\(page): \(header)")
    }
  }
}
