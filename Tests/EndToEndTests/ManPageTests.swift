import Foundation
import TestSupport
import Testing

/// The man page and the shell completions name every flag `booking --help` names (the help is
/// printed from `Options.usage`, the source of truth).
@Suite("Man page and completions")
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

  @Test("every flag of --help is in docs/booking.1 and both completions")
  func everyFlagDocumented() async throws {
    let flags = try await Self.helpFlags()
    #expect(flags.count >= 12, "flags read from --help: \(flags)")
    // roff writes a hyphen as \-.
    let manual = try String(
      contentsOf: Self.root.appendingPathComponent("docs/booking.1"), encoding: .utf8
    ).replacingOccurrences(of: "\\-", with: "-")
    let bash = try String(
      contentsOf: Self.root.appendingPathComponent("Tools/completions/booking.bash"),
      encoding: .utf8)
    let zsh = try String(
      contentsOf: Self.root.appendingPathComponent("Tools/completions/_booking"), encoding: .utf8)
    for flag in flags {
      #expect(manual.contains(".B \(flag)") || manual.contains(" \(flag)"), "\(flag) in booking.1")
      #expect(bash.contains(flag), "\(flag) in booking.bash")
      #expect(zsh.contains(flag), "\(flag) in _booking")
    }
  }
}
