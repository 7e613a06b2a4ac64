import Foundation
import TestSupport
import Testing

/// A data directory other users may have touched, files that are not what they seem: refused
/// in one line before the terminal is touched, as ssh and gpg do.
@Suite("A hostile machine")
struct HostileMachineTests {
  /// Runs the app on a terminal of its own in a shell that prints what it wrote to stderr (kept
  /// in a file, so a long line is counted as one) and then its exit status, and returns what
  /// the terminal showed, on one line.
  func exitScreen(
    _ app: PtyApp, _ arguments: [String], environment: String = ""
  ) async throws -> String {
    let errors = BookingTerminal.quoted(app.dataDirectory.path + "/stderr.txt")
    let shown = try await app.run(
      environment + " " + app.command(arguments) + " 2>\(errors); status=$?; "
        + "echo LINES=$(wc -l < \(errors)); cat \(errors); echo EXIT=$status")
    return shown.output.replacingOccurrences(of: "\n", with: "")
  }

  /// How many lines the app wrote to stderr.
  func printed(_ screen: String) -> Int? {
    screen.firstMatch(of: #/LINES=\s*(\d+)\D/#).flatMap { Int($0.output.1) }
  }

  @Test("a data directory writable by others, or a sub-folder of it, is refused in one line")
  func plantedDataDirectory() async throws {
    let app = try PtyApp()
    defer { app.close() }
    let data = app.dataDirectory.path
    #expect(chmod(data, 0o777) == 0)
    var screen = try await exitScreen(app, ["--latency", "0"])
    #expect(screen.contains("EXIT=1"), "\(screen)")
    #expect(printed(screen) == 1, "\(screen)")
    #expect(screen.contains(data) && screen.contains("other users"), "\(screen)")

    #expect(chmod(data, 0o700) == 0)
    try FileManager.default.createDirectory(
      atPath: data + "/drafts", withIntermediateDirectories: false,
      attributes: [.posixPermissions: 0o777])
    #expect(chmod(data + "/drafts", 0o777) == 0)
    screen = try await exitScreen(app, ["--latency", "0"])
    #expect(screen.contains("EXIT=1") && screen.contains("drafts"), "\(screen)")
    #expect(printed(screen) == 1, "\(screen)")
  }

  @Test("a data directory of another user, or a symbolic link, is refused")
  func foreignOrLinkedDataDirectory() async throws {
    let app = try PtyApp()
    defer { app.close() }
    let data = app.dataDirectory.path
    guard getuid() == 0 else {
      print("[e2e] another user's folder needs root to make; the symlink case still runs")
      return
    }
    #expect(chown(data, 65534, 65534) == 0)
    var screen = try await exitScreen(app, ["--latency", "0"])
    #expect(screen.contains("EXIT=1") && screen.contains("another user"), "\(screen)")
    #expect(chown(data, 0, 0) == 0)

    let link = data + "-link"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: data)
    defer { try? FileManager.default.removeItem(atPath: link) }
    screen = try await app.run(
      ([app.binary, "--data-dir", link, "--latency", "0"]).map(BookingTerminal.quoted)
        .joined(separator: " ") + "; echo EXIT=$?"
    ).output
    #expect(screen.contains("EXIT=1") && screen.contains("symbolic link"), "\(screen)")
  }

  @Test("session/lock planted as a link is refused and its target never created")
  func plantedLock() async throws {
    let app = try PtyApp()
    defer { app.close() }
    let data = app.dataDirectory.path
    let target = data + "-planted-target"
    defer { try? FileManager.default.removeItem(atPath: target) }
    try FileManager.default.createDirectory(
      atPath: data + "/session", withIntermediateDirectories: false,
      attributes: [.posixPermissions: 0o700])
    try FileManager.default.createSymbolicLink(
      atPath: data + "/session/lock", withDestinationPath: target)
    let screen = try await exitScreen(app, ["--latency", "0"])
    #expect(screen.contains("EXIT=1") && screen.contains("lock"), "\(screen)")
    #expect(!FileManager.default.fileExists(atPath: target), "the link's target was created")
  }

  @Test("session/lock as a folder is refused: the app never runs unlocked by accident")
  func lockIsAFolder() async throws {
    let app = try PtyApp()
    defer { app.close() }
    let data = app.dataDirectory.path
    try FileManager.default.createDirectory(
      atPath: data + "/session/lock", withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    let screen = try await exitScreen(app, ["--latency", "0"])
    #expect(screen.contains("EXIT=1") && screen.contains("session/lock"), "\(screen)")
  }

  @Test("a FIFO at log/booking.log is refused at once instead of hanging")
  func fifoLog() async throws {
    let app = try PtyApp()
    defer { app.close() }
    let data = app.dataDirectory.path
    try FileManager.default.createDirectory(
      atPath: data + "/log", withIntermediateDirectories: false,
      attributes: [.posixPermissions: 0o700])
    #expect(mkfifo(data + "/log/booking.log", 0o600) == 0)
    let screen = try await exitScreen(app, ["--latency", "0"])
    #expect(screen.contains("EXIT=1") && screen.contains("not a regular file"), "\(screen)")
  }

  @Test("missing parents of the data directory are made (0700), the lock is held, saving works")
  func freshMachine() async throws {
    let app = try PtyApp()
    defer { app.close() }
    let home = app.dataDirectory.path + "/home"
    // No ~/.local/share yet; $HOME is where the data directory goes (before the passwd entry).
    let run = try PtyRun(
      "exec env -u XDG_DATA_HOME HOME=\(BookingTerminal.quoted(home)) "
        + BookingTerminal.quoted(app.binary) + " --latency 0")
    defer { run.close() }
    // IST to AMS, each code taken from its suggestion, then searched (Ctrl-S).
    try await run.waitFor("┌ Search flights", "From")
    run.type("ist")
    try await run.waitFor("Istanbul Airport")
    run.type("\r")
    run.type("ams")
    try await run.waitFor("Amsterdam")
    run.type("\r\u{13}")
    let screen = try await run.waitFor("the results list") {
      $0.contains("┌ Results · ") && $0.contains(#/\d+ offers · sorted by price/#)
    }
    #expect(!screen.contains("cannot be saved"), "\(screen)")
    let data = home + "/.local/share/booking"
    #expect(FileManager.default.fileExists(atPath: data + "/session/snapshot.json"))
    #expect(FileManager.default.fileExists(atPath: data + "/log/booking.log"))
    let mode = try FileManager.default.attributesOfItem(atPath: home + "/.local")[.posixPermissions]
    #expect(mode as? Int == 0o700)
    // The lock is held: a second instance on the same directory, on a terminal of its own, is
    // refused.
    let second = try await PtyApp.run(
      "env -u XDG_DATA_HOME HOME=\(BookingTerminal.quoted(home)) "
        + BookingTerminal.quoted(app.binary) + " --latency 0; echo EXIT=$?"
    ).output
    #expect(second.contains("already open") && second.contains("EXIT=1"), "\(second)")
  }
}

/// A recording into something that is not a regular file.
@Suite("Recording into a pipe")
struct RecordingPipeTests {
  @Test("--record into a FIFO, even one with a reader, is refused in one line at once")
  func fifoRefused() async throws {
    let app = try PtyApp()
    defer { app.close() }
    let fifo = app.dataDirectory.path + "/recording"
    #expect(mkfifo(fifo, 0o600) == 0)
    let quoted = BookingTerminal.quoted(fifo)
    // A reader that holds the FIFO open: opening it for writing would succeed. Once the app has
    // exited the shell opens it for writing and closes it: the reader reads the end and exits.
    let screen = try await app.run(
      "(cat \(quoted) > /dev/null &); "
        + app.command(["--latency", "0", "--record", fifo])
        + " 2>&1; echo EXIT=$?; : > \(quoted)"
    ).output.replacingOccurrences(of: "\n", with: "")
    #expect(screen.contains("EXIT=64"), "\(screen)")
    #expect(
      screen.contains("cannot record to") && screen.contains("not a regular file"), "\(screen)")
  }
}
