import Canvas
import FlowOwner
import Foundation
import Presentation
import Program
import Session
import Testing

/// The whole program in process: keys in, frames, saves and log lines out, with no terminal and
/// no waiting on the wall clock.
@MainActor
@Suite("The program, in process")
struct ProgramBookingTests {
  @Test(
    "a whole booking: every step's path saved before its frame, the log says each step, q y quits with 0"
  )
  func wholeBooking() async throws {
    let run = try Run(["--latency", "0"])
    defer { run.remove() }
    await run.start()
    #expect(run.text.contains("┌ Search flights"), "\(run.text)")
    #expect(run.session.load().snapshot == .search, "the search form's path, after the first frame")

    await run.searchIstanbulToAmsterdam()
    #expect(run.current == .results)
    #expect(run.text.contains("┌ Results · "), "\(run.text)")
    #expect(run.session.load().snapshot?.position.kind == .results)

    await run.chooseOffer()
    #expect(run.current == .passengers, "\(run.text)")
    await run.fillPassengers()
    #expect(run.current == .extras, "\(run.text)")
    await run.continueToPayment()
    #expect(run.current == .payment, "\(run.text)")
    #expect(run.session.load().snapshot?.position.kind == .payment)
    #expect(run.header.contains("Price held 15:00"), "\(run.header)")

    await run.pay()
    #expect(run.current == .confirmation, "\(run.text)")
    #expect(run.text.contains("Booked!"), "\(run.text)")
    #expect(run.session.load().snapshot?.position.kind == .confirmation)

    await run.type("q")
    #expect(run.text.contains("Quit?") || run.program.store.state.shell.modal == .confirmQuit)
    #expect(run.exitCode == nil)
    await run.type("y")
    #expect(run.exitCode == 0)
    #expect(run.screen.stopped)
    let flow = run.log.lines.filter { $0.hasPrefix("flow: ") }
    #expect(flow.count >= 5, "\(run.log.lines)")
    #expect(run.log.lines.last == "exit: quit at confirmation", "\(run.log.lines)")
  }

  @Test(
    "the countdown moves each second by the virtual clock, and the quote expires without a real wait"
  )
  func countdown() async throws {
    let run = try Run(["--latency", "0", "--quote-ttl", "5"])
    defer { run.remove() }
    await run.start()
    await run.bookUntilPayment()
    #expect(run.header.contains("Price held 00:05"), "\(run.header)")
    let frames = run.screen.frames.count
    await run.advance(by: 1)
    #expect(run.header.contains("Price held 00:04"), "\(run.header)")
    #expect(run.screen.frames.count == frames + 1, "one frame per second")
    await run.advance(by: 4)
    #expect(!run.header.contains("Price held"), "\(run.header)")
    #expect(run.text.contains("expired"), "\(run.text)")
    #expect(run.timers.armed == 0, "no countdown runs for an expired quote")
  }
}

extension SessionLoaded {
  /// The snapshot read, if one was.
  var snapshot: BookingSnapshot? {
    if case .snapshot(let snapshot) = self { return snapshot }
    return nil
  }
}
