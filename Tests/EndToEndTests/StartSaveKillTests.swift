import Foundation
import TestSupport
import Testing

/// The saved session's two writes at a start, killed with SIGKILL at each durable step of the
/// real binary (strace's fault injection): a new session's first save, right after the first
/// frame, and a pay link's restored path, saved on the work queue before it is shown. The next
/// start must find exactly what was on disk at the kill: the snapshot before it, or the new one.
@Suite(
  "The start's saves killed at each durable step",
  .enabled(if: Command.find("strace") != nil, "needs strace (.ci/run installs it)"))
struct StartSaveKillTests {
  /// The durable steps of one atomic save, as the system call the app is killed on (on entry):
  /// the rename (the temp file written and synced, not yet in place), and the fsync of the
  /// session folder after it (in place, not yet durable in the folder). The first is the
  /// process's first rename; the second is told by its path (strace's `-P`), not by its rank:
  /// strace counts each thread's calls apart, and a start that restores a flow makes the folders'
  /// own fsyncs (the data directory's entry in its parent, and those of the folders in it, which
  /// a start killed before it synced them may have made) on a queue of their own.
  static let points: [(syscall: String, inSession: Bool, renamed: Bool)] = [
    ("rename", false, false), ("fsync", true, true),
  ]

  @Test("a new session's first save: the next start is at the search form, nothing set aside")
  func firstSave() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    let files = DataFiles(root: terminal.dataDirectory)
    let snapshot = terminal.dataDirectory.appendingPathComponent("session/snapshot.json")
    try await terminal.launch()
    try await terminal.waitFor("┌ Search flights")
    try await terminal.quitAsked()
    for point in Self.points {
      try FileManager.default.removeItem(at: snapshot)
      try await killed(terminal.shellCommand(), in: terminal.dataDirectory, at: point)
      #expect(
        (files.text("session/snapshot.json") != nil) == point.renamed,
        "killed at \(point.syscall): \(files.all())")
      try await terminal.launch()
      let screen = try await terminal.waitFor("┌ Search flights")
      #expect(!screen.contains("Resum"), "\(screen)")
      #expect(files.corrupt() == [])
      try await terminal.quitAsked()
    }
  }

  @Test("a pay link's restored save: the next start resumes the extras saved before, or payment")
  func restoredSave() async throws {
    let terminal = try await BookingTerminal()
    defer { terminal.close() }
    let files = DataFiles(root: terminal.dataDirectory)
    try await terminal.launch()
    _ = try await terminal.bookUntilPayment()
    let quoteID = try #require(try files.snapshotPosition().fields["quoteID"] as? String)
    try await backToExtrasAndQuit(terminal)
    for point in Self.points {
      try await killed(
        terminal.shellCommand(["--latency", "0", "--open", "booking://pay/\(quoteID)"]),
        in: terminal.dataDirectory, at: point)
      let expected = point.renamed ? "payment" : "extras"
      #expect(
        try files.snapshotPosition().step == expected,
        "killed at \(point.syscall)")
      try await terminal.launch()
      try await terminal.waitFor("Resumed at \(expected)")
      #expect(files.corrupt() == [])
      if point.renamed {
        try await backToExtrasAndQuit(terminal)
      } else {
        try await terminal.quitAsked()
      }
    }
  }

  /// Runs the app's command line `command` (on `dataDirectory`) under strace on a terminal of
  /// its own, to its end: strace kills it at `point`'s system call.
  private func killed(
    _ command: String, in dataDirectory: URL,
    at point: (syscall: String, inSession: Bool, renamed: Bool)
  ) async throws {
    let strace = try #require(Command.find("strace"))
    let name = point.syscall
    let path =
      point.inSession
      ? "-P '\(dataDirectory.appendingPathComponent("session").path)' " : ""
    let run = try PtyRun(
      "\(strace) -f -o /dev/null \(path)-e trace=\(name) -e inject=\(name):signal=KILL:when=1 "
        + command + "; echo killed-$?")
    defer { run.close() }
    try await run.waitForExit()
    #expect(run.written.contains("killed-137"), "\(run.written)")
  }

  private func backToExtrasAndQuit(_ terminal: BookingTerminal) async throws {
    try await terminal.press("Escape")
    try await terminal.waitFor("the extras as the current step") {
      $0.contains("┌ Extras · ") && !$0.contains("┌ Payment · ")
    }
    try await terminal.quitAsked()
  }
}
