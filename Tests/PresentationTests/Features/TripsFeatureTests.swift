import Airline
import Canvas
import Domain
import Foundation
import Presentation
import Synchronization
import TestSupport
import Testing
import Words

/// The trips screen's input: a literal list of booking references and an airline that answers a
/// booking for each (counting the reads), or refuses the ones a test names.
final class TripsScreen: AppWorld, Sendable {
  let listing: [BookingListing]
  let unreadable: Set<BookingReference>
  let reads = Mutex<[BookingReference]>([])
  let offer: Offer
  let draft: BookingDraft

  /// `count` bookings, the newest first, a minute apart.
  init(count: Int, unreadable: Set<BookingReference> = []) throws {
    listing = try (0..<count).map { index in
      BookingListing(
        reference: try TripsScreen.reference(index),
        recordedAt: Fixture.now.addingTimeInterval(-60 * Double(index)))
    }
    self.unreadable = unreadable
    offer = try Fixture.offer("o1")
    draft = try Fixture.draft("d1", for: offer)
  }

  /// A distinct reference for row `index`: six letters and digits.
  static func reference(_ index: Int) throws -> BookingReference {
    let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    var value = index
    var text = ""
    for _ in 0..<5 {
      text.append(alphabet[value % alphabet.count])
      value /= alphabet.count
    }
    return try BookingReference("T" + text)
  }

  func booking(_ reference: BookingReference) throws -> Booking {
    let quote = try Fixture.quote("q1", for: draft)
    return Booking(
      reference: reference, draftID: draft.id, quoteID: quote.id, offer: offer,
      passengers: draft.passengers, contact: draft.contact, extras: quote.extras,
      totalPaid: quote.total, paymentMethod: .card(brand: .visa, lastFour: "4242"),
      paidAt: Fixture.now)
  }

  var environment: AppEnvironment {
    var airline = TestAirline.failing
    let listing = listing
    airline.bookings = { () throws(ServiceError) in listing }
    airline.booking = { [self] reference throws(ServiceError) in
      reads.withLock { $0.append(reference) }
      if unreadable.contains(reference) { throw .storage("bookings/\(reference).json is damaged") }
      do { return try booking(reference) } catch { throw .storage("fixture") }
    }
    return .test(airline: airline)
  }

  var readCount: Int { reads.withLock { $0.count } }
}

@Suite("Trips feature")
struct TripsFeatureTests {
  let strings = Strings.english
  let page = 20

  /// Sends `actions`, running every effect to completion.
  func send(
    _ state: inout TripsFeature.State, _ actions: [TripsFeature.Action], _ world: TripsScreen
  ) async -> [TripsFeature.Output] {
    var outputs: [TripsFeature.Output] = []
    for action in actions {
      let reply = TripsFeature.reduce(
        &state, action, pageHeight: page, environment: world.environment, strings: strings)
      if let output = reply.output { outputs.append(output) }
      await settle(&state, reply.effect) { state, action in
        TripsFeature.reduce(
          &state, action, pageHeight: page, environment: world.environment, strings: strings
        ).effect
      }
    }
    return outputs
  }

  func opened(_ world: TripsScreen) async -> TripsFeature.State {
    var state = TripsFeature.State()
    await settle(&state, TripsFeature.onOpen(environment: world.environment)) { state, action in
      TripsFeature.reduce(
        &state, action, pageHeight: page, environment: world.environment, strings: strings
      ).effect
    }
    return state
  }

  @Test("ten thousand bookings: opening lists them and reads only the page on screen")
  func lazyAndVirtualized() async throws {
    let world = try TripsScreen(count: 10_000)
    let state = await opened(world)
    #expect(state.references.count == 10_000)
    #expect(world.readCount == page, "one page read, not every booking")
    #expect(state.rows.count == page)
    #expect(Set(world.reads.withLock { $0 }) == Set(world.listing.prefix(page).map(\.reference)))
  }

  @Test("moving through the list reads each page once and holds at most three pages")
  func pagesAreReadAndForgotten() async throws {
    let world = try TripsScreen(count: 10_000)
    var state = await opened(world)
    _ = await send(&state, Array(repeating: .key(.pageDown), count: 10), world)
    #expect(state.selected == 10 * page)
    #expect(world.readCount == 11 * page, "each page on screen read once")
    #expect(state.rows.count <= 3 * page, "held: \(state.rows.count)")
    #expect(state.rows[world.listing[10 * page].reference] != nil)
    #expect(state.rows[world.listing[0].reference] == nil, "the first page is forgotten")
    _ = await send(&state, [.key(.end)], world)
    #expect(state.selected == 9_999)
    #expect(state.rows[world.listing[9_999].reference] != nil)
    _ = await send(&state, [.key(.home), .key(.up)], world)
    #expect(state.selected == 0)
  }

  /// An exhaustive store on the trips in `world`, a page of `page` rows, in English.
  func makeStore(_ world: TripsScreen)
    -> TestStore<FeatureState<TripsFeature.State, TripsFeature.Output>, TripsFeature.Action>
  {
    let (page, environment, strings) = (page, world.environment, strings)
    return TestStore.feature(TripsFeature.State()) {
      TripsFeature.reduce(&$0, $1, pageHeight: page, environment: environment, strings: strings)
    }
  }

  /// What reading `reference` in `world` gives, and the row it makes.
  func read(_ reference: BookingReference, _ world: TripsScreen) throws
    -> (Result<Booking, ServiceError>, Loadable<Booking>)
  {
    guard world.unreadable.contains(reference) else {
      let booking = try world.booking(reference)
      return (.success(booking), .loaded(booking))
    }
    let error = ServiceError.storage("bookings/\(reference).json is damaged")
    return (.failure(error), .failed(strings.serviceError(error)))
  }

  /// Opens the trips in `store`: the listing, then each row's booking (all fit on the page).
  func open(
    _ store: TestStore<FeatureState<TripsFeature.State, TripsFeature.Output>, TripsFeature.Action>,
    _ world: TripsScreen
  ) async throws {
    store.run(TripsFeature.onOpen(environment: world.environment))
    await store.receive({ $0 == .listed(.success(world.listing)) }) {
      $0.state.listing = .loaded(world.listing)
      for item in world.listing { $0.state.rows[item.reference] = .loading }
    }
    for item in world.listing {
      let (result, row) = try read(item.reference, world)
      await store.receive({ $0 == .loaded(item.reference, result) }) {
        $0.state.rows[item.reference] = row
      }
    }
  }

  @Test("Enter opens the chosen booking, Esc goes back to the list, Esc again closes")
  func openAndBack() async throws {
    let world = try TripsScreen(count: 3)
    let store = makeStore(world)
    try await open(store, world)
    store.send(.key(.down)) { $0.state.selected = 1 }
    let opened = try world.booking(world.listing[1].reference)
    store.send(.key(.enter)) {
      $0.state.opened = opened.reference
      $0.state.trip = TripFlow(opened)
    }
    store.send(.key(.down)) { $0.handled = false }  // an open booking keeps its row
    store.send(.key(.escape)) {
      $0.state.opened = nil
      $0.state.trip = nil
      $0.handled = true
    }
    store.send(.key(.end)) { $0.state.selected = 2 }
    store.send(.key(.down))  // the last row is the last
    store.send(.key(.escape)) { $0.output = .close }
    store.finish()
  }

  @Test("a booking that cannot be read says so on its row; r reads only it again")
  func unreadableRow() async throws {
    let broken = try TripsScreen.reference(1)
    let world = try TripsScreen(count: 3, unreadable: [broken])
    let store = makeStore(world)
    try await open(store, world)
    store.send(.key(.character("r"))) { $0.state.rows[broken] = .loading }
    let (result, row) = try read(broken, world)
    await store.receive({ $0 == .loaded(broken, result) }) { $0.state.rows[broken] = row }
    #expect(world.readCount == 4, "three rows, then the failed one again")
    store.finish()
  }

  @Test("a reply for a row that has scrolled away is not kept")
  func lateRowDropped() async throws {
    let world = try TripsScreen(count: 10_000)
    var state = await opened(world)
    _ = await send(&state, Array(repeating: .key(.pageDown), count: 5), world)
    let gone = world.listing[0].reference
    _ = await send(&state, [.loaded(gone, .success(try world.booking(gone)))], world)
    #expect(state.rows[gone] == nil)
  }

  @Test("no bookings yet: the list says so, and the airline's refusal is shown; r lists again")
  func emptyAndFailed() async throws {
    let world = try TripsScreen(count: 0)
    let store = makeStore(world)
    store.send(.listed(.failure(.storage("bookings/ unreadable")))) {
      $0.state.listing = .failed(strings.serviceError(.storage("bookings/ unreadable")))
    }
    store.send(.key(.enter))  // nothing to open
    store.send(.key(.character("r"))) { $0.state.listing = .loading }
    await store.receive({ $0 == .listed(.success([])) }) { $0.state.listing = .loaded([]) }
    #expect(!store.state.state.isLoading)
    store.send(.key(.enter))
    store.finish()
  }
}
