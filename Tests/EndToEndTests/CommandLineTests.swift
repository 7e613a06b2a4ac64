import Foundation
import Launch
import Program
import TestSupport
import Testing

/// The command line, run without a terminal: standard input is /dev/null, output is piped.
@Suite("Command line")
struct CommandLineTests {
  /// Runs the binary with a fresh, empty data directory in `BOOKING_DATA_DIR`; returns the result
  /// and the files the run left there.
  private func run(_ arguments: [String]) async throws -> (CommandResult, [String]) {
    let binary = try BookingTerminal.binaryPath()
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("booking-e2e-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var environment = ProcessInfo.processInfo.environment
    environment["BOOKING_DATA_DIR"] = directory.path
    let result = try await Command.run(binary, arguments, environment: environment)
    return (result, DataFiles(root: directory).all())
  }

  @Test("An unknown option exits with 64 and says so on stderr")
  func unknownOption() async throws {
    let (result, files) = try await run(["--bogus"])
    #expect(result.status == 64 && !result.killedBySignal, "status \(result.status)")
    #expect(result.stderr.contains("unknown option"), "stderr: \(result.stderr)")
    #expect(result.stderr.contains("--bogus"), "stderr: \(result.stderr)")
    #expect(result.stdout.isEmpty, "stdout: \(result.stdout)")
    #expect(files == [])
  }

  @Test("--version prints the version and exits with 0")
  func version() async throws {
    let (result, files) = try await run(["--version"])
    #expect(result.status == 0 && !result.killedBySignal, "status \(result.status)")
    #expect(
      result.stdout.contains(#/^booking \d+\.\d+\.\d+\n?$/#), "stdout: \(result.stdout)")
    #expect(result.stderr.isEmpty, "stderr: \(result.stderr)")
    #expect(files == [])
  }

  @Test(
    "a leading -- (as `swift run booking -- --version` passes it) is skipped; a second is refused")
  func leadingDoubleDash() async throws {
    let (result, files) = try await run(["--", "--version"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stdout.hasPrefix("booking "), "stdout: \(result.stdout)")
    #expect(files == [])
    let (twice, _) = try await run(["--", "--", "--version"])
    #expect(twice.status == 64, "status \(twice.status)")
  }

  @Test("--diagram prints the flow from its own table, without a terminal; a bad format is 64")
  func diagram() async throws {
    let (mermaid, files) = try await run(["--diagram", "mermaid"])
    #expect(mermaid.status == 0, "stderr: \(mermaid.stderr)")
    #expect(mermaid.stdout.hasPrefix("stateDiagram-v2\n"), "\(mermaid.stdout)")
    #expect(mermaid.stdout.contains("payment --> confirmation : paid"))
    #expect(files == [], "nothing is written")
    let (dot, _) = try await run(["--diagram=dot"])
    #expect(dot.status == 0 && dot.stdout.hasPrefix("digraph booking {"), "\(dot.stdout)")
    let (bad, _) = try await run(["--diagram", "png"])
    #expect(bad.status == 64 && bad.stderr.contains("mermaid, dot or text"), "\(bad.stderr)")
    let (text, _) = try await run(["--diagram", "text"])
    #expect(text.status == 0 && text.stdout.contains("│ payment "), "\(text.stdout)")
  }

  @Test(
    "--replay-journal plays a journal without a terminal and prints where it ended; a bad one is 65, a missing one 66"
  )
  func replayJournal() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("booking-journal-\(UUID().uuidString.prefix(8)).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let start = Date(timeIntervalSince1970: 1_795_953_600)
    let entries: [JournalEntry] = [
      .header(
        JournalHeader(
          start: start, zone: "UTC", language: .english, restoring: nil,
          link: nil, keptSession: nil, saved: nil, notice: nil, saveProblem: nil,
          paymentSeed: 1)),
      .action(at: start, .key(.resize(width: 80, height: 24))), .action(at: start, .started),
      .action(at: start, .key(.word("=i"))), .action(at: start, .key(.word("=s"))),
      .action(at: start, .key(.word("=t"))),
    ]
    let lines = try entries.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    let (played, files) = try await run(["--replay-journal", path])
    #expect(played.status == 0, "stderr: \(played.stderr)")
    #expect(played.stdout.contains("┌ Search flights"), "\(played.stdout)")
    #expect(played.stdout.contains("actions: 5, at search, snapshot saved: {"), "\(played.stdout)")
    #expect(played.stdout.split(separator: "\n").count == 25, "24 rows and the summary")
    #expect(files == [], "nothing is written")

    try "{\"header\":{}}\n".write(toFile: path, atomically: true, encoding: .utf8)
    let (bad, _) = try await run(["--replay-journal", path])
    #expect(bad.status == 65 && bad.stderr.contains("line 1"), "\(bad.stderr)")
    let (missing, _) = try await run(["--replay-journal", path + ".none"])
    #expect(
      missing.status == 66 && missing.stderr.split(separator: "\n").count == 1, "\(missing.stderr)")
  }

  @Test("Without a terminal the app exits with 1 and says it needs one")
  func needsTerminal() async throws {
    let (result, files) = try await run([])
    #expect(result.status == 1 && !result.killedBySignal, "status \(result.status)")
    #expect(result.stderr.contains("needs a terminal"), "stderr: \(result.stderr)")
    #expect(result.stdout.isEmpty, "stdout: \(result.stdout)")
    #expect(files == [], "nothing is written before refusing")
  }

  @Test("A bad flag is one line on stderr, the reason")
  func oneLine() async throws {
    let (result, _) = try await run(["--speed", "0"])
    #expect(result.status == 64)
    #expect(result.stderr.split(separator: "\n").count == 1, "stderr: \(result.stderr)")
  }

  @Test("--speed out of 0.01 to 1000 is refused with the value and the range, before a terminal")
  func speedOutOfRange() async throws {
    for text in ["1e-17", "0", "-1", "1001", "nan", "inf", "fast"] {
      let (result, files) = try await run(["--speed", text])
      #expect(result.status == 64 && !result.killedBySignal, "\(text): status \(result.status)")
      #expect(result.stderr.contains("'\(text)'"), "stderr: \(result.stderr)")
      #expect(result.stderr.contains("from 0.01 to 1000"), "stderr: \(result.stderr)")
      #expect(files == [])
    }
  }

  @Test(
    "A recording with a time no replay can wait for is refused at its line, before the terminal")
  func hostileRecording() async throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("booking-replay-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: file) }
    for text in [
      "{\"t\":0,\"key\":\"=i\"}\n{\"t\":9223372036854775807,\"key\":\"=s\"}\n",
      "{\"t\":500,\"key\":\"=i\"}\n{\"t\":-9223372036854775807,\"key\":\"=s\"}\n",
    ] {
      try Data(text.utf8).write(to: file)
      let (result, files) = try await run(["--replay", file.path])
      #expect(result.status == 64 && !result.killedBySignal, "status \(result.status)")
      #expect(result.stderr.contains("\(file.path):2"), "stderr: \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "stderr: \(result.stderr)")
      #expect(files == [])
    }
    // A FIFO is refused, not waited on.
    #expect(mkfifo(file.path + ".fifo", 0o600) == 0)
    defer { try? FileManager.default.removeItem(atPath: file.path + ".fifo") }
    let (fifo, _) = try await run(["--replay", file.path + ".fifo"])
    #expect(fifo.status == 64 && fifo.stderr.contains("not a regular file"), "\(fifo.stderr)")
  }
}
