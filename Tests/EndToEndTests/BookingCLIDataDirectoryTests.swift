import Foundation
import TestSupport
import Testing

/// Which data directory `booking-cli` uses, which it refuses, and what reading creates.
@Suite("booking-cli's data directory")
struct BookingCLIDataDirectoryTests {
  @Test("A symbolic link given with a trailing slash, as Tab completes it, is still refused")
  func linkWithTrailingSlash() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let link = cli.dataDirectory.path + "-link"
    try FileManager.default.createSymbolicLink(
      atPath: link, withDestinationPath: cli.dataDirectory.path)
    defer { try? FileManager.default.removeItem(atPath: link) }
    for given in [link, link + "/"] {
      let result = try await cli.run(["--data-dir", given, "trips"], environment: [:])
      #expect(result.status == 73, "\(given): \(result.status) \(result.stderr)")
      #expect(result.stderr.contains("symbolic link"), "\(given): \(result.stderr)")
    }
  }

  @Test("A device as the data directory is said not to be a folder, with no chmod advised")
  func deviceIsNotAFolder() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    for arguments in [["trips"], ["search", "IST", "AMS", BookingCLI.day]] {
      let result = try await cli.run(["--data-dir", "/dev/null"] + arguments, environment: [:])
      #expect(result.status == 73, "\(arguments): \(result.status) \(result.stderr)")
      #expect(!result.stderr.contains("chmod"), "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains("not a folder"), "\(arguments): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
  }

  @Test("Reading commands on a data directory not made yet find nothing there and make nothing")
  func readingCreatesNothing() async throws {
    let parent = FileManager.default.temporaryDirectory
      .appendingPathComponent("booking-cli-absent-\(UUID().uuidString.prefix(8).lowercased())")
    let cli = try BookingCLI(dataDirectory: parent.appendingPathComponent("booking"))
    defer { try? FileManager.default.removeItem(at: parent) }

    let trips = try await cli.run(["trips"])
    #expect(trips.status == 0, "\(trips.stderr)")
    #expect(trips.stdout.contains("No bookings yet"), "\(trips.stdout)")
    let listed = try await cli.json(["trips"]) as? [Any]
    #expect(listed?.isEmpty == true)
    let shown = try await cli.run(["show", "K7Q2ZP"])
    #expect(shown.status == 66, "\(shown.status) \(shown.stderr)")
    #expect(shown.stderr.contains("No booking K7Q2ZP"), "\(shown.stderr)")
    let session = try await cli.run(["session"])
    #expect(session.status == 0, "\(session.stderr)")
    #expect(session.stdout.contains("No session is saved"), "\(session.stdout)")
    #expect(try await cli.run(["airports", "IST"]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: parent.path), "reading made \(parent.path)")
  }

  @Test("HOME unset or empty: the data directory is under the password database's home")
  func homeFromPasswordDatabase() async throws {
    let cli = try BookingCLI()
    defer { cli.close() }
    let home = try #require(FileManager.default.homeDirectory(forUser: NSUserName())?.path)
    for value: String? in [nil, ""] {
      let result = try await cli.run(
        ["session", "--json"], environment: ["HOME": value, "XDG_DATA_HOME": nil])
      #expect(result.status == 0, "HOME=\(value ?? "unset"): \(result.stderr)")
      let document =
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
      let file = document?["file"] as? String ?? ""
      #expect(
        file.hasPrefix(home + "/.local/share/booking/"), "HOME=\(value ?? "unset"): \(file)")
    }
  }
}
