import Canvas
import Domain
import FlowOwner
import Foundation
import Persistence
import Program
import Room
import Runtime
import Session
import Testing

/// `booking room watch` in this process: the program over the watch's root, a test screen,
/// virtual timers, and the room's files on disk.
@MainActor
@Suite("The presenter's view, as a program")
struct RoomWatchProgramTests {
  @Test("an attendee's step change is on the presenter's screen within one second")
  func stepChangeShowsWithinASecond() async throws {
    let test = try TestRoom()
    defer { test.remove() }
    let cem = try test.attendee(3, name: "Cem")
    test.save(
      BookingSnapshot(criteria: try TestRoom.criteria(), position: .results), in: cem.directory)
    let clock = test.clock
    let timers = VirtualTimers(clock: clock)
    let screen = TestScreen(columns: 100, rows: 30)
    var exited: Int32?
    let program = FeatureProgram<RoomWatch>(
      store: FeatureStore(
        RoomWatch.self,
        state: RoomWatch.State(now: clock.now, picture: RoomPicture(name: test.room.name())),
        environment: .live(RoomReader(room: test.room)), now: { clock.now }),
      clients: ProgramClients(
        screen: screen, timers: timers, clock: clock.wallClock, session: MemorySession(),
        exit: { exited = $0 }))
    program.run()
    await program.settle(timers)
    let row = { (text: String) in text.split(separator: "\n").first { $0.contains("Cem") } ?? "" }
    #expect(row(screen.text).contains("results"), "\(screen.text)")

    // Cem chooses an offer: his app saves the passengers step.
    let offer = try OfferID("of_room_test")
    test.save(
      BookingSnapshot(criteria: try TestRoom.criteria(), position: .passengers(offerID: offer)),
      in: cem.directory)
    timers.advance(by: 1)
    await program.settle(timers)
    #expect(row(screen.text).contains("passengers"), "\(screen.text)")

    // Idle, nothing is read again: the screen stays as it is.
    let before = screen.text
    timers.advance(by: 5)
    await program.settle(timers)
    let clockless = { (text: String) in text.replacing(#/\d\d:\d\d:\d\d UTC/#, with: "") }
    #expect(clockless(screen.text) == clockless(before))

    program.received([.character("q")])
    await program.settle(timers)
    #expect(exited == 0)
  }
}
