import Canvas
import Domain
import FlowOwner
import Foundation
import Launch
import Presentation
import Program
import Session
import Testing

/// Quitting and starting again on the same data directory, in process: what a quit says, a
/// resume held open and quit, `--fresh`, and a snapshot that cannot be read.
@MainActor
@Suite("Quitting and resuming, in process")
struct ProgramResumeTests {
  /// A data directory whose saved session is at payment, as a run killed there leaves it (the
  /// run is dropped: nothing of an end is done); the snapshot's bytes.
  func savedAtPayment() async throws -> (root: String, bytes: Data) {
    let run = try Run(["--latency", "0"])
    await run.start()
    await run.bookUntilPayment()
    #expect(run.savedPosition?.kind == .payment)
    return (run.root, try #require(run.snapshotBytes))
  }

  @Test("Ctrl-C asks before quitting; n stays; a second Ctrl-C quits, and the flow resumes later")
  func controlC() async throws {
    let run = try Run(["--latency", "0"])
    defer { run.remove() }
    await run.start()
    await run.searchIstanbulToAmsterdam()
    #expect(run.text.contains(#/\d+ offers · sorted by price/#), "\(run.text)")

    await run.press(.control("c"))
    #expect(run.text.contains("Quit?"), "\(run.text)")
    #expect(run.text.contains("it will resume at these results"), "\(run.text)")
    await run.type("n")
    #expect(!run.text.contains("Quit?"), "\(run.text)")
    #expect(run.exitCode == nil)

    await run.press(.control("c"))
    #expect(run.text.contains("Quit?"), "\(run.text)")
    await run.press(.control("c"))
    #expect(run.exitCode == 0)
    #expect(run.screen.stopped)

    let again = try Run(["--latency", "0"], root: run.root)
    await again.start()
    #expect(again.text.contains("Resumed at results"), "\(again.text)")
    #expect(again.current == .results)
  }

  @Test("while resuming the screen says so, and quitting asks and then quits, keeping the booking")
  func quitDuringResume() async throws {
    let (root, saved) = try await savedAtPayment()
    defer { try? FileManager.default.removeItem(atPath: root) }

    let resuming = try Run(["--latency", "0"], root: root)
    let save = await resuming.startHeld()
    #expect(resuming.text.contains("Resuming your booking at payment"), "\(resuming.text)")
    await resuming.type("x")
    #expect(resuming.text.contains("Still resuming"), "\(resuming.text)")
    await resuming.type("q")
    #expect(resuming.text.contains("Quit?"), "\(resuming.text)")
    await resuming.type("y")
    #expect(resuming.exitCode == 0)
    #expect(
      resuming.log.lines.last
        == "exit: quit while resuming at payment, saved session left as it was",
      "\(resuming.log.lines)")
    #expect(resuming.snapshotBytes == saved)
    // The start's work, finishing after the end (beside it, on its own queue), saves nothing.
    _ = await resuming.startWork(save)
    #expect(resuming.snapshotBytes == saved)

    let again = try Run(["--latency", "0"], root: root)
    await again.start()
    #expect(again.text.contains("Resumed at payment"), "\(again.text)")
    #expect(again.text.contains("Card number"), "\(again.text)")
  }

  @Test("a key while resuming acts on no step; the restore, once handed over, opens payment")
  func keyWhileResuming() async throws {
    let (root, saved) = try await savedAtPayment()
    defer { try? FileManager.default.removeItem(atPath: root) }

    let resuming = try Run(["--latency", "0"], root: root)
    let save = await resuming.startHeld()
    await resuming.type("4")
    #expect(resuming.text.contains("Still resuming"), "\(resuming.text)")
    await resuming.deliver(await resuming.startWork(save))
    #expect(resuming.current == .payment, "\(resuming.text)")
    #expect(resuming.header.contains("Resumed at payment"), "\(resuming.header)")
    #expect(Run.field("Card number", in: resuming.text) == "", "\(resuming.text)")
    #expect(resuming.snapshotBytes == saved)
  }

  @Test(
    "a link's restore saved before a quit while opening: the log says so, and a start resumes it")
  func quitAfterTheRestoredSave() async throws {
    let (first, linked, quote) = try await linkFromExtras()
    defer { first.remove() }
    let save = await linked.startHeld()
    #expect(linked.text.contains("Opening payment from the link"), "\(linked.text)")
    _ = await linked.startWork(save)
    #expect(linked.savedQuoteID == quote, "the restored path is saved by the start's work")
    await linked.type("q")
    await linked.type("y")
    #expect(linked.exitCode == 0)
    #expect(
      linked.log.lines.last
        == "exit: quit while resuming at payment, saved session as restored",
      "\(linked.log.lines)")
    #expect(linked.savedQuoteID == quote)

    let again = try Run(["--latency", "0"], root: first.root)
    await again.start()
    #expect(again.text.contains("Resumed at payment"), "\(again.text)")
    #expect(again.text.contains("Card number"), "\(again.text)")
  }

  /// A link to the quote of a booking left at extras, opened in the same data directory: the
  /// run, held before its start's work, and the quote.
  func linkFromExtras() async throws -> (first: Run, linked: Run, quote: QuoteID) {
    let first = try Run(["--latency", "0"])
    await first.start()
    await first.bookUntilPayment()
    let quote = try #require(first.savedQuoteID)
    await first.press(.escape)
    #expect(first.savedPosition?.kind == .extras, "\(first.text)")
    let linked = try Run(
      ["--latency", "0", "--open", "booking://pay/\(quote.rawValue)"], root: first.root)
    return (first, linked, quote)
  }

  @Test(
    "a restored path is drawn beside its save and shown once it is in; a key typed meanwhile acts then"
  )
  func restoredFrameWaitsForItsSave() async throws {
    let (first, linked, quote) = try await linkFromExtras()
    defer { first.remove() }
    let (save, found) = await linked.restoreHeld()
    await linked.type("4")
    #expect(linked.current == .payment)
    #expect(linked.savedPosition?.kind == .extras)
    #expect(
      linked.text.contains("Opening payment from the link") && !linked.text.contains("Card number"),
      "a path shown before it is on disk: \(linked.text)")

    await linked.saveRestored(found, through: save)
    #expect(linked.savedQuoteID == quote)
    #expect(linked.text.contains("Card number"), "\(linked.text)")
    #expect(Run.field("Card number", in: linked.text) == "4", "\(linked.text)")
  }

  @Test(
    "a restore found before the first frame: that frame is the restored path's, shown once saved"
  )
  func restoreFoundBeforeTheFirstFrame() async throws {
    let (first, linked, quote) = try await linkFromExtras()
    defer { first.remove() }
    let save = RestoredSave()
    linked.program.restoredSave = save
    // As `booking` starts: the work marks what it found, the first frame takes it, and the main
    // actor, hearing of it after, does not hand it over again.
    let handover = StartHandover()
    let found = await linked.restore()
    handover.found(found)
    linked.program.run {
      if let found = handover.takeFound() { linked.startup.deliver(found, to: linked.program) }
    }
    if handover.takeDelivery() { linked.startup.deliver(found, to: linked.program) }
    await linked.settle()
    #expect(linked.log.lines.filter { $0.contains("accepted restore") }.count == 1)
    #expect(linked.current == .payment)
    #expect(linked.screen.frames.isEmpty, "a frame shown before its path is on disk")
    // What changes while the frame is held is in the frame shown when it lets go.
    linked.program.recordingStopped("disk full")
    await linked.settle()
    #expect(linked.screen.frames.isEmpty, "a frame shown before its path is on disk")
    await linked.type("4")
    await linked.saveRestored(found, through: save)
    #expect(linked.savedQuoteID == quote)
    // The first frame shown is the payment step's; none said the step was being opened.
    let frames = linked.screen.frames
    #expect(frames.first?.description.contains("Card number") == true, "\(linked.text)")
    #expect(
      frames.allSatisfy { !$0.description.contains("Opening payment") },
      "\(frames.map(\.description))")
    #expect(Run.field("Card number", in: linked.text) == "4", "\(linked.text)")
    #expect(linked.header.contains("Price held"), "\(linked.header)")
    #expect(linked.header.contains("disk full"), "\(linked.header)")
  }

  @Test("what the start's work found is handed over once, whichever side comes first")
  func handoverIsOnce() async throws {
    let run = try Run(["--latency", "0"])
    defer { run.remove() }
    let found = await run.restore()
    // Found before the first frame: the frame takes it, the main actor does not.
    let early = StartHandover()
    early.found(found)
    #expect(early.takeFound() != nil)
    #expect(!early.takeDelivery())
    #expect(early.takeFound() == nil)
    // Found after the first frame: the main actor hands it over.
    let late = StartHandover()
    #expect(late.takeFound() == nil)
    late.found(found)
    #expect(late.takeDelivery())
    #expect(late.takeFound() == nil)
    // The main actor hears of it before the work marks it: marked after, it is not taken.
    let heard = StartHandover()
    #expect(heard.takeDelivery())
    heard.found(found)
    #expect(heard.takeFound() == nil)
    #expect(!heard.takeDelivery())
  }

  @Test("a restored path whose save fails is shown with the reason, never without it")
  func restoredSaveFails() async throws {
    let (first, _, quote) = try await linkFromExtras()
    defer { first.remove() }
    let session = MemorySession()
    session.failSaves("No space left on device")
    let linked = try Run(
      ["--latency", "0", "--open", "booking://pay/\(quote.rawValue)"], root: first.root,
      session: session)
    let (save, found) = await linked.restoreHeld()
    let frames = linked.screen.frames.count
    await linked.saveRestored(found, through: save)
    let shown = linked.screen.frames.dropFirst(frames)
    #expect(!shown.isEmpty)
    #expect(
      shown.allSatisfy { $0.description.contains("Progress cannot be saved") },
      "a frame shown without the reason: \(shown.map(\.description))")
    #expect(linked.text.contains("Card number"), "\(linked.text)")
  }

  @Test("a hang-up while the restored path is being saved is an end while resuming")
  func hangUpWhileTheRestoredPathIsSaved() async throws {
    let (first, linked, _) = try await linkFromExtras()
    defer { first.remove() }
    let (save, found) = await linked.restoreHeld()
    linked.program.hungUp()
    #expect(linked.exitCode == 0)
    #expect(
      linked.log.lines.last == "exit: quit while resuming at payment, saved session left as it was",
      "\(linked.log.lines)")
    // The start's save, coming after the end, is not made; the saved session stays at extras.
    #expect(linked.startup.save(found, through: linked.session, restoredSave: save) == nil)
    linked.program.restoredPathSaved(nil)
    #expect(linked.savedPosition?.kind == .extras)
  }

  @Test("SIGTERM while the restored path is being saved leaves the saved session as it was")
  func terminatedWhileTheRestoredPathIsSaved() async throws {
    let (first, linked, _) = try await linkFromExtras()
    defer { first.remove() }
    let (save, found) = await linked.restoreHeld()
    linked.program.terminating(on: SIGTERM)
    #expect(
      linked.log.lines.last == "exit on signal 15: saved session left as it was",
      "\(linked.log.lines)")
    // The start's save, stopped by the end, is not made, and the root saves nothing instead.
    #expect(linked.startup.save(found, through: linked.session, restoredSave: save) == nil)
    linked.program.restoredPathSaved(nil)
    await linked.settle()
    #expect(linked.savedPosition?.kind == .extras)
  }

  @Test("--fresh starts at the search form without erasing the saved booking; a search asks first")
  func freshKeepsTheSavedBooking() async throws {
    let (root, saved) = try await savedAtPayment()
    defer { try? FileManager.default.removeItem(atPath: root) }

    let fresh = try Run(["--latency", "0", "--fresh"], root: root)
    await fresh.start()
    #expect(fresh.text.contains("From") && fresh.text.contains("To"), "\(fresh.text)")
    #expect(fresh.current == .search)
    await fresh.press(.control("c"))
    #expect(fresh.text.contains("Quit?"), "\(fresh.text)")
    await fresh.type("y")
    #expect(fresh.exitCode == 0)
    #expect(fresh.snapshotBytes == saved, "--fresh overwrote the saved booking")

    let again = try Run(["--latency", "0", "--fresh"], root: root)
    await again.start()
    await again.type("ist")
    await again.press(.enter)
    await again.type("ams")
    await again.press(.enter)
    #expect(Run.field("From", in: again.text) == "IST", "\(again.text)")
    #expect(Run.field("To", in: again.text) == "AMS", "\(again.text)")
    await again.press(.control("s"))
    #expect(again.text.contains("Discard the booking waiting at payment?"), "\(again.text)")
    await again.type("n")
    #expect(!again.text.contains("Discard the booking"), "\(again.text)")
    #expect(again.text.contains("From"), "\(again.text)")
    #expect(again.snapshotBytes == saved)
    await again.press(.control("s"))
    #expect(again.text.contains("Discard the booking waiting at payment?"), "\(again.text)")
    await again.type("y")
    #expect(again.text.contains("┌ Results · "), "\(again.text)")
    #expect(again.text.contains(#/\d+ offers · sorted by price/#), "\(again.text)")
    #expect(again.savedPosition?.kind == .results)
  }

  @Test("a corrupt snapshot: one line in the header, set aside with its bytes, search still works")
  func corruptSnapshot() async throws {
    let root = NSTemporaryDirectory() + "booking-program-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(
      atPath: root + "/session", withIntermediateDirectories: true)
    let garbage = Data(#"{"schema": 1, "kind": "session", "data": {"position": {"payme"#.utf8)
    try garbage.write(to: URL(fileURLWithPath: root + "/session/snapshot.json"))

    let run = try Run(["--latency", "0"], root: root)
    await run.start()
    #expect(run.header.contains("session/snapshot.json could not be read"), "\(run.header)")
    // One line: the header row has it, the next row is the search panel's frame.
    #expect(run.text.split(separator: "\n")[1].hasPrefix("┌ Search flights"), "\(run.text)")
    #expect(run.header.contains("moved aside"), "\(run.header)")

    let aside = try FileManager.default.contentsOfDirectory(atPath: root + "/session")
      .filter { $0.hasPrefix("snapshot.json.corrupt-") }
    #expect(aside.count == 1, "\(aside)")
    if let name = aside.first {
      #expect(FileManager.default.contents(atPath: root + "/session/" + name) == garbage)
    }

    await run.searchIstanbulToAmsterdam()
    #expect(run.text.contains("┌ Results · "), "\(run.text)")
    #expect(run.exitCode == nil)
    // The new session replaced nothing that was set aside.
    let after = try FileManager.default.contentsOfDirectory(atPath: root + "/session")
    #expect(after.contains("snapshot.json"))
    #expect(after.filter { $0.contains(".corrupt-") } == aside)
    #expect(run.savedPosition?.kind == .results)
  }
}
