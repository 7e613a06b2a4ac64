import Testing

@testable import BookingCommands

/// booking-cli's commands are named once (`CLICommand`): `--help` lists them from there.
@Suite("booking-cli's list of commands")
struct BookingCLICommandListTests {
  @Test("--help lists every command but help, in CLICommand's order, and each has its own help")
  func helpListsEveryCommand() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let help = try await cli.run(["--help"]).stdout
    let section =
      help.components(separatedBy: "\nCommands:\n").last?
      .components(separatedBy: "\n\nOptions:").first ?? ""
    let listed = section.split(separator: "\n").compactMap { line in
      line.firstMatch(of: #/^  ([a-z]+)(?: |$)/#).map { String($0.1) }
    }
    #expect(listed == CLICommand.allCases.filter { $0 != .help }.map(\.rawValue), "\(section)")
    for name in listed {
      let own = try await cli.run(["help", name])
      #expect(own.status == 0 && own.stdout.contains("Usage: booking-cli"), "\(name): \(own)")
    }
  }
}
