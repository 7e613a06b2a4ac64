import Canvas
import FlowOwner
import Foundation
import Presentation
import Program
import Recording
import Session
import Testing

/// What the runtime does around the flow: resumes and links, saves that fail, the inspector's
/// read of the file, signals, a hang-up and a replay, all in process.
@MainActor
@Suite("The program's runtime, in process")
struct ProgramRuntimeTests {
  @Test(
    "a second start on the same data directory resumes at payment with the countdown where it was")
  func resumeAtPayment() async throws {
    let first = try Run(["--latency", "0"])
    defer { first.remove() }
    await first.start()
    await first.bookUntilPayment()
    #expect(first.current == .payment)

    let second = try Run(
      ["--latency", "0"], root: first.root, now: Run.start.addingTimeInterval(60))
    await second.start()
    #expect(second.current == .payment, "\(second.text)")
    #expect(second.header.contains("Resumed at payment"), "\(second.header)")
    #expect(second.header.contains("Price held 14:"), "\(second.header)")
    #expect(
      second.log.lines.contains { $0.hasPrefix("flow: ") && $0.contains("restor") },
      "\(second.log.lines)")
  }

  @Test("booking://pay/<quoteID> from a cold start opens the payment form and says so")
  func payLink() async throws {
    let first = try Run(["--latency", "0"])
    defer { first.remove() }
    await first.start()
    await first.bookUntilPayment()
    let quote = try #require(first.program.store.state.quote)

    let linked = try Run(
      ["--latency", "0", "--open", "booking://pay/\(quote.id.rawValue)"], root: first.root)
    await linked.start()
    #expect(linked.current == .payment, "\(linked.text)")
    #expect(linked.header.contains("Opened payment from the link"), "\(linked.header)")
  }

  @Test(
    "a save that fails is said in the header and the log, and a save that works again clears it")
  func saveFails() async throws {
    let session = MemorySession()
    session.failSaves("No space left on device")
    let run = try Run(["--latency", "0"], session: session)
    defer { run.remove() }
    await run.start()
    #expect(run.header.contains("Progress cannot be saved"), "\(run.header)")
    #expect(
      run.log.lines.contains("cannot save: Progress cannot be saved: No space left on device"))
    session.failSaves(nil)
    await run.searchIstanbulToAmsterdam()
    #expect(!run.header.contains("cannot be saved"), "\(run.header)")
    #expect(run.log.lines.contains("saving works again"), "\(run.log.lines)")
    #expect(session.saves.map(\.position.kind) == [.results])
  }

  @Test("the inspector shows the file as it is on disk, read again each time it opens")
  func inspectorReadsTheFile() async throws {
    let run = try Run(["--latency", "0"])
    defer { run.remove() }
    await run.start()
    await run.press(.function(2))
    #expect(run.program.store.state.shell.savedSnapshotText == run.session.text())
    #expect(run.session.text().contains("search"))
    await run.press(.escape)
    await run.searchIstanbulToAmsterdam()
    await run.press(.function(2))
    #expect(run.program.store.state.shell.savedSnapshotText == run.session.text())
    #expect(run.session.text().contains("results"), "\(run.session.text())")
  }

  @Test("SIGTERM saves the path and says so in the log; a hang-up quits with 0")
  func signals() async throws {
    let run = try Run(["--latency", "0"])
    defer { run.remove() }
    await run.start()
    await run.searchIstanbulToAmsterdam()
    run.program.terminating(on: 15)
    #expect(run.log.lines.last == "exit on signal 15: session saved")
    run.program.hungUp()
    #expect(run.exitCode == 0)
    #expect(run.log.lines.last == "exit: hung up at results")
  }

  @Test("after the end nothing is saved: a late action moves the state but writes nothing")
  func nothingAfterTheEnd() async throws {
    let run = try Run(["--latency", "0"])
    defer { run.remove() }
    await run.start()
    await run.searchIstanbulToAmsterdam()
    run.program.hungUp()
    let lines = run.log.lines
    run.program.store.send(.key(.escape))
    await run.settle()
    #expect(run.current == .search)
    #expect(
      run.session.load().snapshot?.position.kind == .results, "the path at the end stays saved")
    #expect(run.log.lines == lines)
  }

  @Test(
    "a replay plays its keys at their recorded times on the virtual clock, and a key pressed takes over"
  )
  func replay() async throws {
    let run = try Run(["--latency", "0"])
    defer { run.remove() }
    run.program.replayer = KeyReplayer(
      keys: [
        RecordedKey(t: 0, key: "=i"), RecordedKey(t: 1000, key: "=s"),
        RecordedKey(t: 2000, key: "=t"), RecordedKey(t: 60_000, key: "enter"),
      ], speed: 1)
    await run.start()
    #expect(run.header.contains("Replaying"), "\(run.header)")
    await run.advance(by: 0)
    #expect(run.program.store.state.search.origin.text == "i")
    await run.advance(by: 2)
    #expect(run.program.store.state.search.origin.text == "ist")
    await run.type("x")
    #expect(run.log.lines.contains("replay: started"))
    await run.advance(by: 120)
    #expect(
      run.program.store.state.search.origin.text == "istx", "the recording's Enter never came")
  }
}
