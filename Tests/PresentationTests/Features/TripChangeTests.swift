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

/// The trips screen's own flow for one booking: changing its flight, a day first, then the
/// flights offered, then a quote (with a card when it costs money), then the booking changed.
/// Each test builds only its input: one booking opened, an airline answering the change's
/// questions, a clock the test moves.
@Suite("Changing from the trips screen")
struct TripChangeTests {
  let strings = Strings.english
  let page = 20
  static let declined = "4000000000000002"

  /// One booking whose fare changes for EUR 40, opened, and an airline that offers two flights
  /// on any day (the first costs more, the second less), quotes them and confirms.
  final class World: Sendable {
    let booking: Booking
    let clock: ManualClock
    let offerCalls = Mutex<[ChangeCriteria]>([])
    let quotes = Mutex(0)
    /// Each confirmation: the quote and the card's last four (nil without a card).
    let confirmations = Mutex<[(ChangeQuoteID, String?)]>([])
    /// The quote `changeQuote(_:of:)` gives back (a resume reads it by its ID).
    let extra = Mutex<ChangeQuote?>(nil)

    /// The world of `booked` instead of the booking it makes.
    convenience init(booked: Booking) throws {
      try self.init(replacing: booked)
    }

    init(changeable: Bool = true, replacing: Booking? = nil) throws {
      let fixture = try Fixture.offer("o1")
      let offer = try Offer(
        id: fixture.id, airline: fixture.airline, slices: fixture.slices, cabin: fixture.cabin,
        pricePerAdult: fixture.pricePerAdult, party: fixture.party, total: fixture.total,
        expiresAt: fixture.expiresAt,
        conditions: changeable
          ? FareConditions(
            refundBeforeDeparture: .notAllowed,
            changeBeforeDeparture: .allowed(penalty: Money(40, .euro)))
          : .unstated)
      let draft = try Fixture.draft("d1", for: offer)
      let quote = try Fixture.quote("q1", for: draft)
      booking =
        try replacing
        ?? Booking(
          reference: try BookingReference("K7Q2ZP"), draftID: draft.id, quoteID: quote.id,
          offer: offer, passengers: draft.passengers, contact: draft.contact,
          extras: Extras(seats: [draft.passengers[0].id: try SeatDesignator("14A")]),
          totalPaid: quote.total, paymentMethod: .card(brand: .visa, lastFour: "4242"),
          paidAt: Fixture.now)
      clock = ManualClock(Fixture.now)
    }

    /// The two change offers for `criteria`: flight 1961 for EUR 100 more, 1963 for EUR 60 less
    /// (both before the penalty).
    func offers(_ criteria: ChangeCriteria) throws -> [ChangeOffer] {
      let old = booking.offer.total
      return try [(1961, 100), (1963, -60)].map { flight, difference in
        let moved = try Fixture.offer("o\(flight)", flight: flight, hour: 12)
        let slice = try Slice(
          segments: moved.outbound.segments.map { segment in
            try Segment(
              flightNumber: segment.flightNumber, origin: segment.origin,
              destination: segment.destination,
              departure: ZonedTime(
                instant: segment.departure.instant.addingTimeInterval(
                  Double(booking.offer.departure.day.days(until: criteria.departure)) * 86_400),
                timeZoneID: segment.departure.timeZoneID, zones: .live),
              arrival: ZonedTime(
                instant: segment.arrival.instant.addingTimeInterval(
                  Double(booking.offer.departure.day.days(until: criteria.departure)) * 86_400),
                timeZoneID: segment.arrival.timeZoneID, zones: .live),
              aircraft: segment.aircraft)
          })
        let trip = try Offer(
          id: OfferID("of-\(flight)"), airline: booking.offer.airline, slices: [slice],
          cabin: booking.offer.cabin, pricePerAdult: booking.offer.pricePerAdult,
          party: booking.offer.party,
          total: Money(old.amount + Decimal(difference), old.currency),
          expiresAt: Fixture.now.addingTimeInterval(1800), conditions: booking.offer.conditions)
        return try ChangeOffer(
          id: ChangeOfferID("ch-\(flight)"), reference: booking.reference, version: 1, slice: 0,
          offer: trip,
          total: ChangeTotal(
            newFare: Money(old.amount + Decimal(difference), old.currency), oldFare: old,
            penalty: Money(40, .euro)),
          expiresAt: Fixture.now.addingTimeInterval(1800))
      }
    }

    /// Quote `number` of `offer` at `now`: 14A kept, held ten minutes.
    func quote(_ number: Int, of offer: ChangeOffer, at now: Date) throws -> ChangeQuote {
      ChangeQuote(
        id: try ChangeQuoteID("cx-\(number)"), offerID: offer.id, reference: booking.reference,
        version: 1, slice: 0, offer: offer.offer, extras: booking.extras, total: offer.total,
        refundTo: booking.paymentMethod, issuedAt: now, expiresAt: now.addingTimeInterval(600))
    }

    /// The criteria the first `m` searches: the day after the booked one.
    var firstCriteria: ChangeCriteria {
      ChangeCriteria(
        reference: booking.reference, slice: 0,
        departure: booking.offer.departure.day.adding(days: 1))
    }

    var environment: AppEnvironment {
      var airline = TestAirline.failing
      airline.changeOffers = { [self] criteria throws(ServiceError) in
        offerCalls.withLock { $0.append(criteria) }
        do { return try offers(criteria) } catch { throw .storage("fixture") }
      }
      airline.quoteChange = { [self] id, _ throws(ServiceError) in
        let number = quotes.withLock { count in
          count += 1
          return count
        }
        do {
          let all = try offers(offerCalls.withLock { $0.last } ?? firstCriteria)
          guard let offer = all.first(where: { $0.id == id }) else {
            throw ServiceError.changeOfferNotFound(id)
          }
          return try quote(number, of: offer, at: clock.now)
        } catch let error as ServiceError {
          throw error
        } catch {
          throw .storage("fixture")
        }
      }
      airline.confirmChange = { [self] id, _, card throws(ServiceError) in
        if card?.number == TripChangeTests.declined { throw .cardDeclined }
        confirmations.withLock { $0.append((id, card?.lastFour)) }
        let quoted = extra.withLock { $0 }
        guard let quoted, quoted.id == id else { throw .changeQuoteNotFound(id) }
        if quoted.total.pays, card == nil { throw .changeNeedsPayment(quoted.total.toPay) }
        return booking.applying(
          BookingChange(
            version: 2, quote: quoted, paidWith: card?.method, changedAt: clock.now))
      }
      let listing = [BookingListing(reference: booking.reference, recordedAt: Fixture.now)]
      airline.bookings = { () throws(ServiceError) in listing }
      airline.booking = { [self] _ throws(ServiceError) in booking }
      airline.changeQuote = { [self] id, _ throws(ServiceError) in
        guard let quote = extra.withLock({ $0 }), quote.id == id else {
          throw .changeQuoteNotFound(id)
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

  /// Sends `keys`, running every effect to completion; a quote that comes back is remembered as
  /// the airline's latest (what its confirmation checks).
  func send(_ state: inout TripsFeature.State, _ keys: [Key], _ world: World) async {
    for key in keys {
      let reply = TripsFeature.reduce(
        &state, .key(key), pageHeight: page, environment: world.environment, strings: strings)
      await settle(&state, reply.effect) { state, action in
        TripsFeature.reduce(
          &state, action, pageHeight: page, environment: world.environment, strings: strings
        ).effect
      }
      if let held = state.trip?.heldChange { world.extra.withLock { $0 = held } }
    }
  }

  /// Each character of `text` as a key.
  func typing(_ text: String) -> [Key] { text.map { .character($0) } }

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
    "a change that costs more: m, a day, the flights, the quote; a declined card is said at its field and changes nothing; a good one changes the booking, the path replaced by its end"
  )
  func costsMoreDeclinedThenPaid() async throws {
    let world = try World()
    var state = world.opened
    #expect(screen(state, now: Fixture.now).contains("m change flight"))
    await send(&state, [.character("m"), .right], world)
    let day = world.firstCriteria.departure.adding(days: 1)
    let criteria = ChangeCriteria(reference: world.booking.reference, slice: 0, departure: day)
    #expect(state.trip?.path == [.booking(world.booking), .changeSearch(criteria)])
    #expect(screen(state, now: Fixture.now).contains("New day:  ◀ Sat 26 Dec ▶"))

    await send(&state, [.enter], world)
    let offers = try world.offers(criteria)
    #expect(world.offerCalls.withLock { $0 } == [criteria])
    #expect(
      state.trip?.path
        == [
          .booking(world.booking), .changeSearch(criteria),
          .changeOffers(criteria, offers, selected: 0),
        ])
    let list = screen(state, now: Fixture.now)
    #expect(list.contains("+EUR 140.00"), "\(list)")
    #expect(list.contains("EUR 20.00 back"), "\(list)")

    await send(&state, [.enter], world)
    let quote = try world.quote(1, of: offers[0], at: Fixture.now)
    #expect(state.trip?.current == .changeQuote(quote))
    let shown = screen(state, now: Fixture.now)
    #expect(shown.contains("To pay: EUR 140.00"), "\(shown)")
    #expect(shown.contains("Seats held: 14A"), "\(shown)")
    #expect(shown.contains("[ Pay EUR 140.00 ]"), "\(shown)")
    #expect(
      state.position
        == TripPosition(
          reference: world.booking.reference, change: criteria, changeStep: .quote,
          changeQuote: quote.id))

    await send(
      &state,
      typing(Self.declined) + [.tab] + typing("1230") + [.tab] + typing("123") + [.control("s")],
      world)
    #expect(world.confirmations.withLock { $0 }.isEmpty)
    #expect(state.trip?.current == .changeQuote(quote))
    #expect(state.card.focus == .number)
    #expect(screen(state, now: Fixture.now).contains("The card was declined."))

    world.clock.advance(by: 30)
    var typed = state
    for _ in 0..<16 { await send(&typed, [.backspace], world) }
    #expect(typed.trip == state.trip, "Backspace only deletes in the card")
    await send(&typed, typing("4242424242424242") + [.control("s")], world)
    let changed = world.booking.applying(
      BookingChange(
        version: 2, quote: quote, paidWith: .card(brand: .visa, lastFour: "4242"),
        changedAt: Fixture.now.addingTimeInterval(30)))
    var expected = world.opened
    expected.rows[world.booking.reference] = .loaded(changed)
    expected.trip = typed.trip
    #expect(typed == expected)
    #expect(typed.trip?.path == [.changed(changed)])
    #expect(world.confirmations.withLock { $0.map(\.1) } == ["4242"])
    #expect(screen(typed, now: world.clock.now).contains("version 2, now on TK1961"))
    #expect(typed.position == TripPosition(reference: world.booking.reference))
  }

  @Test("a change that refunds is confirmed with Enter, no card asked, and says where it goes")
  func refunds() async throws {
    let world = try World()
    var state = world.opened
    await send(&state, [.character("m"), .enter, .down, .enter], world)
    let text = screen(state, now: Fixture.now)
    #expect(text.contains("Back to Visa •••• 4242: EUR 20.00"), "\(text)")
    #expect(!text.contains("Card number"), "\(text)")
    await send(&state, [.enter], world)
    #expect(world.confirmations.withLock { $0.map(\.1) } == [nil])
    guard case .changed(let changed)? = state.trip?.current else {
      Issue.record("the trip is at \(String(describing: state.trip?.current))")
      return
    }
    #expect(changed.totalPaid.amount == world.booking.totalPaid.amount - 20)
  }

  @Test("a fare that allows no change says so where m was pressed, and offers to cancel")
  func notChangeable() async throws {
    let world = try World(changeable: false)
    var state = world.opened
    await send(&state, [.character("m")], world)
    #expect(state.trip?.path == [.booking(world.booking)])
    #expect(world.offerCalls.withLock { $0 }.isEmpty)
    #expect(
      screen(state, now: Fixture.now).contains(
        "This fare cannot be changed: press c to cancel it instead."))
  }

  @Test("back at each step drops the later ones, down to the list")
  func backDropsLaterSteps() async throws {
    let world = try World()
    var state = world.opened
    await send(&state, [.character("m"), .enter, .enter], world)
    #expect(state.trip?.path.count == 4)
    for count in [3, 2, 1] {
      await send(&state, [.escape], world)
      #expect(state.trip?.path.count == count)
      #expect(state.trip?.asked == nil)
    }
    #expect(state.card == ChangeCard())
    await send(&state, [.escape], world)
    #expect(state.opened == nil && state.trip == nil)
  }

  @Test("a late change-offer reply after back is dropped: the flights never reach the path")
  func lateOffersDropped() async throws {
    let world = try World()
    var state = world.opened
    await send(&state, [.character("m")], world)
    let asking = TripsFeature.reduce(
      &state, .key(.enter), pageHeight: page, environment: world.environment, strings: strings)
    #expect(state.trip?.asked != nil)
    await send(&state, [.escape], world)
    let before = state
    await settle(&state, asking.effect) { state, action in
      TripsFeature.reduce(
        &state, action, pageHeight: page, environment: world.environment, strings: strings
      ).effect
    }
    #expect(world.offerCalls.withLock { $0.count } == 1, "the airline answered")
    #expect(state == before, "and the answer moved nothing")
    #expect(state.trip?.path == [.booking(world.booking)])
  }

  @Test("an expired change quote cannot be confirmed: it says so, and r asks again")
  func expired() async throws {
    let world = try World()
    var state = world.opened
    await send(&state, [.character("m"), .enter, .down, .enter], world)
    world.clock.advance(by: 600)
    await send(&state, [.enter], world)
    #expect(world.confirmations.withLock { $0 }.isEmpty)
    let text = screen(state, now: world.clock.now)
    #expect(text.contains("This change quote expired: press r to ask again."), "\(text)")
    #expect(text.contains("r ask again"), "\(text)")
    await send(&state, [.character("r")], world)
    #expect(state.trip?.heldChange?.id == (try ChangeQuoteID("cx-2")))
    #expect(state.trip?.path.count == 4)
  }

  /// The trips opened again at `position`, every read answered.
  func resumed(_ position: TripPosition, _ world: World) async -> TripsFeature.State {
    var state = TripsFeature.State(resuming: position)
    await settle(&state, TripsFeature.onResume(position, environment: world.environment)) {
      state, action in
      TripsFeature.reduce(
        &state, action, pageHeight: page, environment: world.environment, strings: strings
      ).effect
    }
    return state
  }

  @Test(
    "opened again in a change: at the day, at the flights (fetched again), at the quote while it holds; an expired quote falls back to the flights"
  )
  func resume() async throws {
    let world = try World()
    let criteria = world.firstCriteria
    let reference = world.booking.reference
    let offers = try world.offers(criteria)

    let atSearch = await resumed(
      TripPosition(reference: reference, change: criteria, changeStep: .search), world)
    #expect(atSearch.trip?.path == [.booking(world.booking), .changeSearch(criteria)])

    let atOffers = await resumed(
      TripPosition(reference: reference, change: criteria, changeStep: .offers), world)
    #expect(atOffers.trip?.path.last == .changeOffers(criteria, offers, selected: 0))

    let quote = try world.quote(7, of: offers[1], at: Fixture.now)
    world.extra.withLock { $0 = quote }
    let position = TripPosition(
      reference: reference, change: criteria, changeStep: .quote, changeQuote: quote.id)
    let atQuote = await resumed(position, world)
    #expect(
      atQuote.trip?.path
        == [
          .booking(world.booking), .changeSearch(criteria),
          .changeOffers(criteria, offers, selected: 1), .changeQuote(quote),
        ])
    #expect(atQuote.position == position)

    world.clock.advance(by: 600)
    let expired = await resumed(position, world)
    #expect(expired.trip?.path.last == .changeOffers(criteria, offers, selected: 1))
    #expect(expired.trip?.problem == strings.trips.resumedChangeExpired)
  }

  @Test(
    "opened again at a change quote confirmed before the process died: at the change's end, not at the quote"
  )
  func resumeAfterConfirmed() async throws {
    let base = try World()
    let criteria = base.firstCriteria
    let quote = try base.quote(3, of: try base.offers(criteria)[0], at: Fixture.now)
    let changed = base.booking.applying(
      BookingChange(version: 2, quote: quote, paidWith: nil, changedAt: Fixture.now))
    let world = try World(booked: changed)
    let again = await resumed(
      TripPosition(
        reference: changed.reference, change: criteria, changeStep: .quote,
        changeQuote: quote.id), world)
    #expect(again.trip?.path == [.changed(changed)])
    #expect(again.trip?.problem == nil)
  }

  @Test("while the change is being confirmed no key acts: its answer always ends the trip")
  func confirmingIgnoresKeys() async throws {
    let world = try World()
    var state = world.opened
    await send(&state, [.character("m"), .enter, .down, .enter], world)
    let confirming = TripsFeature.reduce(
      &state, .key(.enter), pageHeight: page, environment: world.environment, strings: strings)
    let asked = state
    for key: Key in [.escape, .backspace, .character("m"), .enter] {
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
    guard case .changed? = state.trip?.current else {
      Issue.record("the trip is at \(String(describing: state.trip?.current))")
      return
    }
  }
}
