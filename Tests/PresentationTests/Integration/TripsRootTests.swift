import Airline
import Canvas
import Domain
import FlowOwner
import Foundation
import Presentation
import TestSupport
import Testing
import Words

/// The trips screen in the app: how it opens and closes over the search form and a
/// confirmation, and what it draws, with a literal list of bookings.
@Suite("Trips in the app", .serialized)
struct TripsRootTests {
  /// The root at a confirmation of `world`'s first booking, restored as after a relaunch.
  func atConfirmation(_ world: TripsScreen) async throws -> RootFeature.State {
    var flow = BookingFlow()
    let criteria = try Fixture.criteria()
    let quote = try Fixture.quote("q1", for: world.draft)
    flow.searchSubmitted(criteria)
    flow.offerSelected(world.offer, from: .results(criteria))
    flow.passengersSaved(world.draft, from: .passengers(world.offer, prefill: .empty))
    flow.extrasPriced(quote, from: .extras(world.draft))
    flow.paid(world.listing[0].reference, from: .payment(quote))
    var state = RootFeature.State(now: Fixture.now)
    await drive(&state, [.restored(Restoration(flow: flow, outcome: .fresh))], world)
    #expect(state.current == .confirmation)
    return state
  }

  @Test("Ctrl-T at the search form opens the trips; Esc returns to the form as it was")
  func openFromSearch() async throws {
    let world = try TripsScreen(count: 3)
    var state = RootFeature.State(now: Fixture.now)
    await drive(&state, keys("ist"), world)
    #expect(state.trips == nil, "t and the other letters are typed into the field")
    await drive(&state, [.key(.control("t"))], world)
    #expect(state.trips?.references.count == 3)
    #expect(world.readCount == 3)
    await drive(&state, [.key(.down), .key(.enter)], world)
    #expect(state.trips?.opened == world.listing[1].reference)
    await drive(&state, [.key(.escape), .key(.escape)], world)
    #expect(state.trips == nil)
    #expect(state.search.origin.text == "ist", "the form keeps what was typed")
    #expect(state.flow.path.isEmpty)
  }

  @Test("t on a confirmation opens the trips; q still asks to quit, and keys reach no step")
  func openFromConfirmation() async throws {
    let world = try TripsScreen(count: 2)
    var state = try await atConfirmation(world)
    let flow = state.flow
    await drive(&state, [.key(.character("t"))], world)
    #expect(state.trips != nil)
    await drive(&state, [.key(.character("n"))], world)
    #expect(state.current == .confirmation, "n does not start a new booking behind the list")
    // The list sits beside the path: opening it changes neither the path nor the snapshot.
    #expect(state.flow == flow && state.flow.snapshot == flow.snapshot)
    await drive(&state, [.key(.character("q"))], world)
    #expect(state.shell.modal == .confirmQuit)
  }

  @Test("the trips do not open mid-booking, and a reply after closing is dropped")
  func onlyFromSearchAndConfirmation() async throws {
    let world = try TripsScreen(count: 2)
    var state = RootFeature.State(now: Fixture.now)
    await drive(&state, [.key(.control("t")), .key(.escape)], world)
    let closed = state
    await drive(&state, [.trips(.listed(.success(world.listing)))], world)
    #expect(state == closed)
    #expect(!RootFeature.State(now: Fixture.now).isBusy)
  }

  @Test("the list and one booking at 100x30, 80x24 and 40x12, and in Turkish")
  func goldens() async throws {
    let world = try TripsScreen(count: 40, unreadable: [try TripsScreen.reference(2)])
    for language in [Language.english, .turkish] {
      var state = RootFeature.State(now: Fixture.now, language: language)
      await drive(&state, [.key(.control("t")), .key(.down)], world)
      let suffix = language == .english ? "" : "-tr"
      let sizes = language == .english ? [(100, 30), (80, 24), (40, 12)] : [(100, 30)]
      for (width, height) in sizes {
        var sized = state
        await drive(&sized, [.key(.resize(width: width, height: height))], world)
        expectGolden(sized, "trips\(suffix)-\(width)x\(height)") {
          RootView.render($0, width: width, height: height, theme: .color)
        }
      }
      await drive(&state, [.key(.enter)], world)
      let opened = expectGolden(state, "trip\(suffix)-100x30") {
        RootView.render($0, width: 100, height: 30, theme: .color)
      }
      if language == .turkish {
        for english in ["Your trips", "bookings", "Paid", "Total", "loading", "open"] {
          #expect(!opened.description.contains(english), "'\(english)' in:\n\(opened)")
        }
      }
    }
  }

  @Test(
    "an opened booking is in the snapshot (the trips' position) and leaving the trips takes it out; a restoration naming it opens the trips there"
  )
  func tripInSnapshot() async throws {
    let world = try TripsScreen(count: 3)
    var state = RootFeature.State(now: Fixture.now)
    await drive(&state, [.key(.control("t"))], world)
    #expect(state.snapshot.trip == nil)
    await drive(&state, [.key(.down), .key(.enter)], world)
    let position = TripPosition(reference: world.listing[1].reference)
    #expect(state.snapshot == BookingSnapshot.search.with(trip: position))
    #expect(state.saving.pending == state.snapshot || state.saving.saved == state.snapshot)
    await drive(&state, [.key(.escape), .key(.escape)], world)
    #expect(state.snapshot == .search)

    var again = RootFeature.State(now: Fixture.now)
    await drive(
      &again, [.restored(Restoration(flow: BookingFlow(), outcome: .fresh, trip: position))],
      world)
    #expect(again.trips?.opened == position.reference)
    #expect(again.trips?.trip?.path == [.booking(try world.booking(position.reference))])
    #expect(again.snapshot == BookingSnapshot.search.with(trip: position))
  }
}
