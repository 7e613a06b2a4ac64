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
  /// The durable steps of one atomic save, as the system call the app is killed on: the temp
  /// file's fsync (written, not yet durable), the rename (durable, not yet in place), the
  /// folder's fsync after the rename (in place). In a data directory used before, the process
  /// first syncs the data directory's entry in its parent and the entries of the folders found
  /// in it (a start killed before it synced them may have made them), once each: the save's
  /// fsyncs are the third and fourth, its rename the first.
  static let points: [(syscall: String, nth: Int, renamed: Bool)] = [
    ("fsync", 3, false), ("rename", 1, false), ("fsync", 4, true),
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
      try await killed(terminal, at: point, [])
      #expect(
        (files.text("session/snapshot.json") != nil) == point.renamed,
        "killed at \(point.syscall) #\(point.nth): \(files.all())")
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
      try await killed(terminal, at: point, ["--open", "booking://pay/\(quoteID)"])
      let expected = point.renamed ? "payment" : "extras"
      #expect(
        try files.snapshotPosition().step == expected,
        "killed at \(point.syscall) #\(point.nth)")
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

  /// Runs the app under strace, which kills it at `point`'s system call; waits for that death.
  private func killed(
    _ terminal: BookingTerminal, at point: (syscall: String, nth: Int, renamed: Bool),
    _ arguments: [String]
  ) async throws {
    let strace = try #require(Command.find("strace"))
    let name = point.syscall
    try await terminal.launchShell(
      "\(strace) -f -o /dev/null -e trace=\(name) -e inject=\(name):signal=KILL:when=\(point.nth) "
        + terminal.shellCommand(["--latency", "0"] + arguments) + "; echo killed-$?")
    try await terminal.waitFor("killed-137")
  }

  private func backToExtrasAndQuit(_ terminal: BookingTerminal) async throws {
    try await terminal.press("Escape")
    try await terminal.waitFor("the extras as the current step") {
      $0.contains("┌ Extras · ") && !$0.contains("┌ Payment · ")
    }
    try await terminal.quitAsked()
  }
}
