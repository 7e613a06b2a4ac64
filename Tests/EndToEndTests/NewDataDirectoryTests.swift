import Foundation
import TestSupport
import Testing

/// A first start in a data directory that does not exist yet, traced by strace: the folders it
/// creates must be durable in their parents before anything is written in them, and the first
/// frame must not wait for that.
@Suite(
  "A new data directory",
  .enabled(if: Command.find("strace") != nil, "needs strace (.ci/run installs it)"))
struct NewDataDirectoryTests {
  @Test("its first frame waits for no fsync; its folders are synced before the first save")
  func firstFrameBeforeFolderSyncs() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    let strace = try #require(Command.find("strace"))
    // Two levels that do not exist, under the terminal's (empty) directory.
    let root = terminal.dataDirectory.appendingPathComponent("new/booking").path
    let trace = terminal.dataDirectory.appendingPathComponent("trace.txt").path
    let command = Self.command(terminal, dataDirectory: root)
    // -y names each descriptor's file; -s keeps the whole frame in one line. The app reads ^C as
    // a signal: the shell must outlive the one it gets too.
    try await terminal.launchShell(
      "trap : INT; \(strace) -f -y -s 65536 -o \(BookingTerminal.quoted(trace)) "
        + "-e trace=fsync,write,rename \(command); echo exited-$?")
    try await terminal.waitFor("┌ Search flights")
    try await FileWatch.waitFor("the search form's save", at: root + "/session/snapshot.json") {
      $0 != nil
    }
    try await terminal.quitAsked(untilShellSays: "exited-0")

    let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
    let frame = try #require(
      lines.firstIndex { $0.contains("write(1<") && $0.contains("Search flights") },
      "no frame in the trace")
    let syncs = lines.indices.filter { lines[$0].contains("fsync(") }
    #expect(
      syncs.allSatisfy { $0 > frame }, "an fsync before the first frame: \(lines[..<frame])")
    let save = try #require(
      lines.firstIndex { $0.contains("rename(") && $0.contains("/session/snapshot.json") },
      "the search form was not saved")
    // Each new folder's entry, in the folder above it: the test's directory (for `new`), `new`
    // (for `booking`) and `booking` (for `session`).
    let new = terminal.dataDirectory.appendingPathComponent("new").path
    for parent in [terminal.dataDirectory.path, new, root] {
      let synced = syncs.first { lines[$0].contains("<\(parent)>") }
      #expect(synced.map { $0 < save } == true, "\(parent) is not synced before the save")
    }
  }

  @Test("a log folder made again in a used directory is synced in it before the next save")
  func logFolderMadeAgain() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    let strace = try #require(Command.find("strace"))
    let root = terminal.dataDirectory.path
    let trace = terminal.dataDirectory.appendingPathComponent("trace.txt").path
    let command = Self.command(terminal, dataDirectory: root)
    // A used directory (its session saved) whose log folder someone removed.
    try await terminal.launch()
    try await terminal.waitFor("┌ Search flights")
    try await FileWatch.waitFor("the search form's save", at: root + "/session/snapshot.json") {
      $0 != nil
    }
    try await terminal.quitAsked()
    try FileManager.default.removeItem(atPath: root + "/log")

    try await terminal.launchShell(
      "trap : INT; \(strace) -f -y -o \(BookingTerminal.quoted(trace)) "
        + "-e trace=fsync,mkdir,mkdirat,rename \(command); echo exited-$?")
    try await terminal.submitIstanbulToAmsterdam(passengers: 1)
    try await terminal.waitForResults()
    try await FileWatch.waitFor("the results' save in the trace", at: trace) { data in
      data.map { String(decoding: $0, as: UTF8.self).contains("snapshot.json") } ?? false
    }
    try await terminal.quitAsked(untilShellSays: "exited-0")

    let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
    let made = try #require(
      lines.firstIndex { $0.contains("mkdir") && $0.contains("/log\"") }, "no log folder made")
    // The first record the store writes after it (the airline's offers or the snapshot).
    let save = try #require(
      lines.indices.first { $0 > made && lines[$0].contains("rename(") }, "nothing was saved")
    let synced = lines.indices.first {
      $0 > made && lines[$0].contains("fsync(") && lines[$0].contains("<\(root)>")
    }
    #expect(synced.map { $0 < save } == true, "the log folder's entry is not synced: \(lines)")
  }

  /// A new directory's first start, in order: three folders' fsyncs in their parents (the
  /// test's directory for `new`, `new` for `booking`, `booking` for `session`), then the search
  /// form's save: its temp file's fsync, its rename, its folder's fsync.
  static let points: [(syscall: String, nth: Int, renamed: Bool)] = [
    ("fsync", 1, false), ("fsync", 2, false), ("fsync", 3, false), ("fsync", 4, false),
    ("rename", 1, false), ("fsync", 5, true),
  ]

  @Test("killed at each durable step of its first start: the next start is at the search form")
  func killedAtEachStep() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    let strace = try #require(Command.find("strace"))
    let new = terminal.dataDirectory.appendingPathComponent("new")
    let root = new.appendingPathComponent("booking")
    let files = DataFiles(root: root)
    let command = Self.command(terminal, dataDirectory: root.path)
    for point in Self.points {
      if FileManager.default.fileExists(atPath: new.path) {
        try FileManager.default.removeItem(at: new)
      }
      let name = point.syscall
      let killed = try PtyRun(
        "\(strace) -f -o /dev/null -e trace=\(name) "
          + "-e inject=\(name):signal=KILL:when=\(point.nth) \(command); echo killed-$?")
      defer { killed.close() }
      try await killed.waitForExit()
      let at = "killed at \(name) #\(point.nth)"
      #expect(killed.written.contains("killed-137"), "\(at): \(killed.written)")
      // A kill, not a power cut: the kernel has the folders, synced or not.
      #expect(FileManager.default.fileExists(atPath: root.path + "/session"), "\(at)")
      #expect(
        (files.text("session/snapshot.json") != nil) == point.renamed, "\(at): \(files.all())")
      try await terminal.launchShell("trap : INT; \(command); echo exited-$?")
      let screen = try await terminal.waitFor("┌ Search flights")
      #expect(!screen.contains("Resum"), "\(at): \(screen)")
      #expect(files.corrupt() == [], "\(at)")
      try await terminal.quitAsked(untilShellSays: "exited-0")
    }
  }

  /// The app in `dataDirectory`, as a shell command.
  static func command(_ terminal: BookingTerminal, dataDirectory: String) -> String {
    [terminal.binary, "--data-dir", dataDirectory, "--latency", "0"]
      .map(BookingTerminal.quoted).joined(separator: " ")
  }
}
