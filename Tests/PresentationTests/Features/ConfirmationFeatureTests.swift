import Airline
import Canvas
import Domain
import Presentation
import TestSupport
import Testing
import Words

/// The confirmation's input: the fixture booking's reference, and an airline that answers that
/// booking (or what a test says instead; any other call fails the test).
struct ConfirmationScreen {
  let booking: Booking
  var airline = TestAirline.failing

  init() throws {
    let draft = try Fixture.draft("d1", for: Fixture.offer("o1"))
    let card = try PaymentCard(number: "4242424242424242", expiry: "12/30", cvc: "123")
    let booking = try Fixture.booking(
      of: Fixture.quote("q1", for: draft), for: draft, paidWith: card)
    self.booking = booking
    airline.booking = { reference throws(ServiceError) in
      guard reference == booking.reference else { throw .bookingNotFound(reference) }
      return booking
    }
  }

  var environment: AppEnvironment { .test(airline: airline) }
}

@Suite("Confirmation feature")
struct ConfirmationFeatureTests {
  /// An exhaustive store on the confirmation of `world`'s booking, in English.
  func makeStore(_ world: ConfirmationScreen)
    -> TestStore<
      FeatureState<ConfirmationFeature.State, ConfirmationFeature.Output>,
      ConfirmationFeature.Action
    >
  {
    let environment = world.environment
    let state = ConfirmationFeature.State(reference: world.booking.reference)
    return TestStore.feature(state) {
      ConfirmationFeature.reduce(&$0, $1, environment: environment, strings: .english)
    }
  }

  @Test("appearing reads the booking; n starts a new booking; other keys go to the root")
  func loadsAndStartsOver() async throws {
    let world = try ConfirmationScreen()
    let store = makeStore(world)
    store.run(ConfirmationFeature.onAppear(store.state.state, environment: world.environment))
    await store.receive({ $0 == .bookingLoaded(.success(world.booking)) }) {
      $0.state.booking = .loaded(world.booking)
    }
    // r reads again only after a failure; Esc, q and the rest are the root's.
    store.send(.key(.character("r"))) { $0.handled = false }
    store.send(.key(.escape))
    store.send(.key(.character("n"))) {
      $0.handled = true
      $0.output = .startOver
    }
    store.finish()
  }

  @Test("a booking that cannot be read says so; r reads it again")
  func failureAndRetry() async throws {
    var world = try ConfirmationScreen()
    let booking = world.booking
    let answers = Answers([.failure(.storage("bookings/ unreadable")), .success(booking)])
    world.airline.booking = { _ throws(ServiceError) in try answers.next().get() }
    let store = makeStore(world)
    store.run(ConfirmationFeature.onAppear(store.state.state, environment: world.environment))
    await store.receive({ $0 == .bookingLoaded(.failure(.storage("bookings/ unreadable"))) }) {
      $0.state.booking = .failed(Strings.english.serviceError(.storage("bookings/ unreadable")))
    }
    store.send(.key(.character("r"))) { $0.state.booking = .loading }
    await store.receive({ $0 == .bookingLoaded(.success(booking)) }) {
      $0.state.booking = .loaded(booking)
    }
    store.finish()
  }
}
