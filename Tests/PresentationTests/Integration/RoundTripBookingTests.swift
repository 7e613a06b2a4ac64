import Airline
import Canvas
import Domain
import FlowOwner
import Presentation
import SimulatedAirline
import TestSupport
import Testing
import Words

/// A round trip booked through the root with the simulated airline: resumed at the results of a
/// search there and back (the search form cannot ask for one yet), seats chosen on both slices,
/// paid, confirmed and listed in the trips.
@Suite("A round trip through the app", .serialized)
struct RoundTripBookingTests {
  /// IST→AMS on 24 Dec, back on 31 Dec, for two.
  func criteria() throws -> SearchCriteria {
    try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"),
      departure: CalendarDay(iso: "2026-12-24"), returning: CalendarDay(iso: "2026-12-31"),
      party: .adults(2))
  }

  /// Keys filling both passengers and the contact, ending with the focus on Continue.
  let fillPassengers: [RootFeature.Action] = GoldenTests().fillPassengers

  /// The extras screen on the path.
  func extras(_ state: RootFeature.State) throws -> ExtrasFeature.State {
    try #require(state.steps.last?.screen.state(ExtrasFeature.self), "\(state.flow.path)")
  }

  /// The arrow keys from `cursor` to `target` on `map` (rows, then seats across).
  func arrows(from cursor: SeatDesignator, to target: SeatDesignator, on map: SeatMap)
    -> [RootFeature.Action]
  {
    let letters = map.columns.compactMap { column -> Character? in
      if case .seat(let letter) = column { return letter.first }
      return nil
    }
    let rows =
      (map.rows.firstIndex(of: target.row) ?? 0) - (map.rows.firstIndex(of: cursor.row) ?? 0)
    let across =
      (letters.firstIndex(of: target.letter) ?? 0) - (letters.firstIndex(of: cursor.letter) ?? 0)
    return Array(repeating: .key(rows > 0 ? .down : .up), count: abs(rows))
      + Array(repeating: .key(across > 0 ? .right : .left), count: abs(across))
  }

  /// Picks the first two free seats of the shown slice's map for the two passengers; returns
  /// them.
  func pickTwoSeats(_ state: inout RootFeature.State, _ world: TestWorld) async throws
    -> [SeatDesignator]
  {
    let screen = try extras(state)
    let map = try #require(screen.shownMap)
    let free = map.seats.filter { !$0.occupied }.map(\.designator)
    let cursor = try #require(screen.cursor)
    #expect(cursor == free[0], "the cursor starts on the first free seat")
    await drive(&state, [.key(.enter)] + arrows(from: cursor, to: free[1], on: map), world)
    await drive(&state, [.key(.enter)], world)
    return Array(free.prefix(2))
  }

  /// Books the round trip in `language` up to its confirmation, rendering the extras, payment
  /// and confirmation goldens on the way (and checking them in both languages).
  func book(_ language: Language) async throws {
    let world = TestWorld()
    defer { world.remove() }
    let suffix = language == .english ? "" : "-tr"
    var state = RootFeature.State(now: TestWorld.start, language: language)
    let restored = await BookingFlow.restore(
      BookingSnapshot(criteria: try criteria(), position: .results),
      using: world.environment.services, now: TestWorld.start)
    await drive(&state, [.restored(restored)], world)
    #expect(state.current == .results)
    await drive(&state, [.key(.enter)] + fillPassengers + [.key(.enter)], world)
    #expect(state.current == .extras)
    let offer = try extras(state).draft.offer
    #expect(offer.isRoundTrip)
    #expect(try extras(state).sliceCount == 2)

    let outbound = try await pickTwoSeats(&state, world)
    await drive(&state, [.key(.character("]"))], world)
    #expect(try extras(state).slice == 1)
    #expect(try extras(state).passenger == 0, "Ada chooses first on the return too")
    let back = try await pickTwoSeats(&state, world)
    let passengers = try extras(state).draft.passengers.map(\.id)
    #expect(
      try extras(state).extras.seats == [passengers[0]: outbound[0], passengers[1]: outbound[1]])
    #expect(
      try extras(state).extras.returnSeats == [passengers[0]: back[0], passengers[1]: back[1]])
    let estimate = try #require(try extras(state).estimate)
    #expect(estimate.filter { $0.kind == .seat }.map(\.slice) == [0, 0, 1, 1])
    for (width, height) in GoldenTests.sizes {
      expectGolden(state, "extras-roundtrip\(suffix)-\(width)x\(height)") {
        RootView.render($0, width: width, height: height, theme: .color)
      }
    }
    let strings = language.strings
    let text = RootView.render(state, width: 100, height: 30, theme: .color).description
    #expect(text.contains("▸ " + strings.sliceName(1)), "\(text)")

    await drive(&state, [.key(.character("c"))], world)
    #expect(state.current == .payment)
    guard case .payment(let quote)? = state.flow.path.last else {
      Issue.record("not at payment: \(state.flow.path)")
      return
    }
    #expect(quote.extras.returnSeats.count == 2)
    state.now = TestWorld.start.addingTimeInterval(61)
    let payment = expectGolden(state, "payment-roundtrip\(suffix)-100x30") {
      RootView.render($0, width: 100, height: 30, theme: .color)
    }
    let returnLine =
      language == .english
      ? "Seat \(back[1]) (return), passenger 2" : "Koltuk \(back[1]) (dönüş), 2. yolcu"
    #expect(payment.description.contains(returnLine), "\(payment)")

    // Relaunched at this payment, Esc goes back to extras with both slices' seats chosen.
    var resumed = RootFeature.State(now: TestWorld.start, language: language)
    let atPayment = await BookingFlow.restore(
      BookingSnapshot(
        criteria: try criteria(), position: .payment(quoteID: quote.id, draftID: quote.draftID)),
      using: world.environment.services, now: TestWorld.start)
    await drive(&resumed, [.restored(atPayment), .key(.escape)], world)
    let again = try extras(resumed)
    #expect(again.chosen == quote.extras)
    #expect(again.extras == quote.extras)
    await drive(&resumed, [.key(.character("]"))], world)
    let returnMap = RootView.render(resumed, width: 100, height: 30, theme: .color).description
    #expect(
      returnMap.contains("[1]") && returnMap.contains("[2]"),
      "the return's seats are drawn again:\n\(returnMap)")

    await drive(&state, cardKeys() + [.key(.tab), .key(.enter)], world)
    #expect(state.current == .confirmation)
    guard let confirmation = state.steps.last?.screen.state(ConfirmationFeature.self),
      case .loaded(let booking) = confirmation.booking
    else {
      Issue.record("no booking shown")
      return
    }
    #expect(booking.offer.isRoundTrip)
    #expect(booking.extras.returnSeats == quote.extras.returnSeats)
    let spaced = booking.reference.rawValue.map(String.init).joined(separator: " ")
    for (width, height) in GoldenTests.sizes {
      expectGolden(
        state, "confirmation-roundtrip\(suffix)-\(width)x\(height)",
        mask: [spaced: "R E F E R N"]
      ) { RootView.render($0, width: width, height: height, theme: .color) }
    }
    let confirmed = RootView.render(state, width: 100, height: 30, theme: .color).description
    for slice in offer.slices {
      let flight = slice.firstSegment
      #expect(
        confirmed.contains("\(flight.flightNumber)  \(flight.origin.code) "), "\(confirmed)")
    }
    #expect(confirmed.contains(strings.sliceName(0) + " · IST → AMS"), "\(confirmed)")
    #expect(confirmed.contains(strings.sliceName(1) + " · AMS → IST"), "\(confirmed)")
    #expect(
      confirmed.contains(strings.seatsBothWays(outbound[0].description, back[0].description)),
      "\(confirmed)")

    // The trips list marks the round trip and opens it whole.
    await drive(&state, [.key(.character("t"))], world)
    let trips = RootView.render(state, width: 100, height: 30, theme: .color).description
    let days = language == .english ? "Th 24–31 Dec" : "Pe 24–31 Ara"
    #expect(trips.contains(days), "\(trips)")
    #expect(trips.contains("IST ⇄ AMS"), "\(trips)")
    await drive(&state, [.key(.enter)], world)
    let opened = RootView.render(state, width: 100, height: 30, theme: .color).description
    #expect(opened.contains(strings.sliceName(1) + " · AMS → IST"), "\(opened)")
  }

  @Test("seats on both slices, paid and confirmed, in English")
  func english() async throws { try await book(.english) }

  @Test("seats on both slices, paid and confirmed, in Turkish")
  func turkish() async throws { try await book(.turkish) }
}
