import Airline
import Canvas
import Domain
import FlowOwner
import Foundation
import Presentation
import Synchronization
import TestSupport
import Testing
import Words

/// The trips screen's own flow for one booking: cancelling it, a quote first, then its
/// confirmation. Each test builds only its input: one booking opened, an airline answering the
/// two questions, a clock the test moves.
@Suite("Cancelling from the trips screen")
struct TripCancelTests {
  let strings = Strings.english
  let page = 20

  /// One booking, opened, and an airline that quotes and confirms its cancellation.
  final class World: Sendable {
    let booking: Booking
    let clock: ManualClock
    let refundable: Bool
    let quotes = Mutex(0)
    let confirmations = Mutex<[CancellationQuoteID]>([])
    let confirmFails = Mutex<ServiceError?>(nil)
    /// The quote `cancellationQuote(_:of:)` gives back (a resume reads it by its ID).
    let extra = Mutex<CancellationQuote?>(nil)

    init(refundable: Bool = true) throws {
      let offer = try Fixture.offer("o1")
      let draft = try Fixture.draft("d1", for: offer)
      let quote = try Fixture.quote("q1", for: draft)
      booking = Booking(
        reference: try BookingReference("K7Q2ZP"), draftID: draft.id, quoteID: quote.id,
        offer: offer, passengers: draft.passengers, contact: draft.contact, extras: quote.extras,
        totalPaid: quote.total, paymentMethod: .card(brand: .visa, lastFour: "4242"),
        paidAt: Fixture.now)
      clock = ManualClock(Fixture.now)
      self.refundable = refundable
    }

    /// The quote the airline gives at `now`: a tenth kept when refundable, else all but 10.
    func quote(_ number: Int, at now: Date) throws -> CancellationQuote {
      let paid = booking.totalPaid
      let kept = Money(refundable ? paid.amount / 10 : paid.amount - 10, paid.currency)
      return try CancellationQuote(
        id: CancellationQuoteID("cq-\(number)"), reference: booking.reference, paid: paid,
        kept: kept, refund: Money(paid.amount - kept.amount, paid.currency),
        refundable: refundable, refundTo: booking.paymentMethod, issuedAt: now,
        expiresAt: now.addingTimeInterval(600))
    }

    var environment: AppEnvironment {
      var airline = TestAirline.failing
      airline.quoteCancellation = { [self] reference throws(ServiceError) in
        let number = quotes.withLock { count in
          count += 1
          return count
        }
        do { return try quote(number, at: clock.now) } catch { throw .storage("fixture") }
      }
      airline.confirmCancellation = { [self] id, reference throws(ServiceError) in
        if let error = confirmFails.withLock({ $0 }) { throw error }
        confirmations.withLock { $0.append(id) }
        let number = Int(id.rawValue.dropFirst(3)) ?? 0
        let quote: CancellationQuote
        do { quote = try self.quote(number, at: Fixture.now) } catch { throw .storage("fixture") }
        return booking.with(
          cancellation: Cancellation(quote: quote, cancelledAt: clock.now))
      }
      let listing = [BookingListing(reference: booking.reference, recordedAt: Fixture.now)]
      airline.bookings = { () throws(ServiceError) in listing }
      airline.booking = { [self] _ throws(ServiceError) in booking }
      airline.cancellationQuote = { [self] id, _ throws(ServiceError) in
        guard let quote = extra.withLock({ $0 }), quote.id == id else {
          throw .cancellationQuoteNotFound(id)
        }
        return quote
      }
      return .test(airline: airline, clock: clock.wallClock)
    }

    /// The trips screen with the booking listed, read and opened.
    var opened: TripsFeature.State {
      var state = TripsFeature.State()
      state.listing = .loaded([
        BookingListing(reference: booking.reference, recordedAt: Fixture.now)
      ])
      state.rows[booking.reference] = .loaded(booking)
      state.opened = booking.reference
      state.trip = TripFlow(booking)
      return state
    }
  }

  /// Sends `actions`, running every effect to completion; returns the effects' count.
  func send(_ state: inout TripsFeature.State, _ keys: [Key], _ world: World) async {
    for key in keys {
      let reply = TripsFeature.reduce(
        &state, .key(key), pageHeight: page, environment: world.environment, strings: strings)
      await settle(&state, reply.effect) { state, action in
        TripsFeature.reduce(
          &state, action, pageHeight: page, environment: world.environment, strings: strings
        ).effect
      }
    }
  }

  /// The screen's text for `state` at `now`, 100 x 30.
  func screen(_ state: TripsFeature.State, now: Date) -> String {
    var canvas = Canvas(width: 100, height: 30)
    TripsView.draw(
      state, on: &canvas, in: canvas.bounds, theme: .color, strings: strings, language: .english,
      zone: .utc, spinner: 0, now: now)
    let hints = TripsView.hints(state, strings: strings, now: now).map { "\($0.key) \($0.label)" }
    return canvas.description + "\n" + hints.joined(separator: " · ")
  }

  @Test(
    "c asks for the refund, Enter cancels: the path is replaced by its end and the list's row is the cancelled booking"
  )
  func cancelWithRefund() async throws {
    let world = try World()
    var state = world.opened
    #expect(screen(state, now: Fixture.now).contains("c cancel booking"))
    await send(&state, [.character("c")], world)
    let quote = try world.quote(1, at: Fixture.now)
    #expect(state.trip?.path == [.booking(world.booking), .cancellation(quote)])
    let text = screen(state, now: Fixture.now)
    #expect(text.contains("Cancel booking K7Q2ZP?"), "\(text)")
    #expect(text.contains("Refund: \(quote.refund.formatted()) to Visa •••• 4242"), "\(text)")
    #expect(text.contains("(the fare's penalty)"), "\(text)")

    world.clock.advance(by: 30)
    await send(&state, [.enter], world)
    let cancelled = world.booking.with(
      cancellation: Cancellation(quote: quote, cancelledAt: Fixture.now.addingTimeInterval(30)))
    var expected = world.opened
    expected.rows[world.booking.reference] = .loaded(cancelled)
    expected.trip = state.trip
    #expect(state == expected)
    #expect(state.trip?.path == [.cancelled(cancelled)])
    #expect(world.confirmations.withLock { $0 } == [quote.id])
    #expect(screen(state, now: Fixture.now).contains("refunded to Visa •••• 4242"))
    // Leaving the end: back to the list, whose row says cancelled.
    await send(&state, [.escape], world)
    #expect(state.opened == nil && state.trip == nil)
    #expect(screen(state, now: Fixture.now).contains("cancelled"))
  }

  @Test("a fare that is not refundable says so before Enter, and what comes back")
  func notRefundable() async throws {
    let world = try World(refundable: false)
    var state = world.opened
    await send(&state, [.character("c")], world)
    let text = screen(state, now: Fixture.now)
    #expect(text.contains("the fare is not refundable: only taxes come back"), "\(text)")
    #expect(world.confirmations.withLock { $0 }.isEmpty)
  }

  @Test(
    "an expired cancellation quote cannot be confirmed: it says so, and r asks again, replacing it")
  func expired() async throws {
    let world = try World()
    var state = world.opened
    await send(&state, [.character("c")], world)
    world.clock.advance(by: 600)
    await send(&state, [.enter], world)
    #expect(world.confirmations.withLock { $0 }.isEmpty)
    let text = screen(state, now: world.clock.now)
    #expect(text.contains("This cancellation quote expired: press r to ask again."), "\(text)")
    #expect(text.contains("r ask again"), "\(text)")
    await send(&state, [.character("r")], world)
    let fresh = try world.quote(2, at: world.clock.now)
    #expect(state.trip?.path == [.booking(world.booking), .cancellation(fresh)])
    await send(&state, [.enter], world)
    #expect(world.confirmations.withLock { $0 } == [fresh.id])
  }

  @Test("the airline refusing an expired quote at confirming is shown, with r to ask again")
  func refusedAsExpired() async throws {
    let world = try World()
    var state = world.opened
    await send(&state, [.character("c")], world)
    let id = try CancellationQuoteID("cq-1")
    world.confirmFails.withLock { $0 = .cancellationQuoteExpired(id) }
    await send(&state, [.enter], world)
    #expect(state.trip?.quoteExpired == true)
    #expect(state.trip?.current == .cancellation(try world.quote(1, at: Fixture.now)))
    #expect(screen(state, now: Fixture.now).contains("r ask again"))
  }

  @Test("back at each step drops the later ones; back from the booking leaves for the list")
  func backDropsLaterSteps() async throws {
    let world = try World()
    var state = world.opened
    await send(&state, [.character("c")], world)
    #expect(state.trip?.path.count == 2)
    await send(&state, [.escape], world)
    #expect(state.trip?.path == [.booking(world.booking)])
    #expect(state.trip?.asked == nil)
    await send(&state, [.escape], world)
    #expect(state.opened == nil && state.trip == nil)
    #expect(state.rows[world.booking.reference] == .loaded(world.booking))
  }

  @Test("a late answer after back is dropped: the quote asked for again never reaches the path")
  func lateAnswerDropped() async throws {
    let world = try World()
    var state = world.opened
    await send(&state, [.character("c")], world)
    // Ask again, then go back before the answer comes.
    let again = TripsFeature.reduce(
      &state, .key(.character("r")), pageHeight: page, environment: world.environment,
      strings: strings)
    #expect(state.trip?.asked != nil)
    await send(&state, [.escape], world)
    let before = state
    await settle(&state, again.effect) { state, action in
      TripsFeature.reduce(
        &state, action, pageHeight: page, environment: world.environment, strings: strings
      ).effect
    }
    #expect(world.quotes.withLock { $0 } == 2, "the airline answered")
    #expect(state == before, "and the answer moved nothing")
    #expect(state.trip?.path == [.booking(world.booking)])
  }

  /// The trips opened again at `position`, every read answered.
  func resumed(_ position: TripPosition, _ world: World) async -> TripsFeature.State {
    var state = TripsFeature.State(resuming: position)
    #expect(state.position == position, "saved as it was while it is read again")
    await settle(&state, TripsFeature.onResume(position, environment: world.environment)) {
      state, action in
      TripsFeature.reduce(
        &state, action, pageHeight: page, environment: world.environment, strings: strings
      ).effect
    }
    return state
  }

  @Test("opened again at its cancellation quote while it holds: the quote is on screen again")
  func resumeAtQuote() async throws {
    let world = try World()
    var state = world.opened
    await send(&state, [.character("c")], world)
    let quote = try world.quote(1, at: Fixture.now)
    let position = try #require(state.position)
    #expect(position == TripPosition(reference: world.booking.reference, cancellation: quote.id))

    let again = await resumed(position, ResumeWorld(world, quote: quote).world)
    #expect(again.opened == world.booking.reference)
    #expect(again.trip?.path == [.booking(world.booking), .cancellation(quote)])
    #expect(again.position == position)
  }

  @Test("opened again after its cancellation quote expired: back at the booking, saying so")
  func resumeExpiredFallsBack() async throws {
    let world = try World()
    let quote = try world.quote(1, at: Fixture.now)
    world.clock.advance(by: 600)
    let position = TripPosition(reference: world.booking.reference, cancellation: quote.id)
    let again = await resumed(position, ResumeWorld(world, quote: quote).world)
    #expect(again.trip?.path == [.booking(world.booking)])
    #expect(again.trip?.problem == strings.trips.resumedExpired)
    #expect(again.position == TripPosition(reference: world.booking.reference))
  }

  /// `World` with the airline answering the listing, the booking and the quote by its ID.
  struct ResumeWorld {
    let world: World

    init(_ world: World, quote: CancellationQuote) {
      world.extra.withLock { $0 = quote }
      self.world = world
    }
  }

  @Test("while the cancellation is being confirmed no key acts: its answer always ends the trip")
  func confirmingIgnoresKeys() async throws {
    let world = try World()
    var state = world.opened
    await send(&state, [.character("c")], world)
    let confirming = TripsFeature.reduce(
      &state, .key(.enter), pageHeight: page, environment: world.environment, strings: strings)
    let asked = state
    for key: Key in [.escape, .backspace, .character("c"), .enter] {
      let reply = TripsFeature.reduce(
        &state, .key(key), pageHeight: page, environment: world.environment, strings: strings)
      #expect(reply.handled)
    }
    #expect(state == asked, "no key moved the trip")
    #expect(TripsView.hints(state, strings: strings, now: Fixture.now).isEmpty)
    await settle(&state, confirming.effect) { state, action in
      TripsFeature.reduce(
        &state, action, pageHeight: page, environment: world.environment, strings: strings
      ).effect
    }
    guard case .cancelled(let cancelled)? = state.trip?.current else {
      Issue.record("the trip is at \(String(describing: state.trip?.current))")
      return
    }
    #expect(state.rows[world.booking.reference] == .loaded(cancelled))
  }

  @Test(
    "left while it is opened again: nothing of it stays, and the next booking opened is that one"
  )
  func leftWhileResuming() async throws {
    let world = try World()
    let position = TripPosition(reference: world.booking.reference)
    var state = TripsFeature.State(resuming: position)
    let resume = TripsFeature.onResume(position, environment: world.environment)
    _ = TripsFeature.reduce(
      &state, .key(.escape), pageHeight: page, environment: world.environment, strings: strings)
    #expect(state.opened == nil && state.position == nil)
    await settle(&state, resume) { state, action in
      TripsFeature.reduce(
        &state, action, pageHeight: page, environment: world.environment, strings: strings
      ).effect
    }
    #expect(state.trip == nil && state.opened == nil && state.position == nil)
  }
}
