import Airline
import Canvas
import Domain
import FlowOwner
import Presentation
import TestSupport
import Testing
import Words

/// A family's payment: two adults, a child and an infant on a lap, three seats, two bags and
/// insurance, where the quote has more lines than a short screen has rows.
@Suite("Goldens of a family's payment")
struct FamilyPaymentGoldenTests {
  func familyAtPayment(_ world: TestWorld, _ language: Language) async throws -> RootFeature.State {
    let criteria = try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"),
      departure: CalendarDay(iso: "2026-12-24"), party: Party(adults: 2, children: 1, infants: 1))
    let offer = try #require(try await world.airline.offers(for: criteria).first)
    let passengers = [
      try Passenger(
        id: PassengerID("p1"), title: .ms, givenName: "Ada", familyName: "Lovelace",
        dateOfBirth: CalendarDay(iso: "1985-12-10")),
      try Passenger(
        id: PassengerID("p2"), title: .mr, givenName: "William", familyName: "King",
        dateOfBirth: CalendarDay(iso: "1980-02-21")),
      try Passenger(
        id: PassengerID("p3"), title: .miss, givenName: "Anne", familyName: "King",
        dateOfBirth: CalendarDay(iso: "2018-09-12")),
      try Passenger(
        id: PassengerID("p4"), title: .mstr, givenName: "Byron", familyName: "King",
        dateOfBirth: CalendarDay(iso: "2026-03-01")),
    ]
    let draft = try await world.airline.createDraft(
      offer: offer, passengers: passengers, contact: world.contact())
    let map = try await world.seatMap(for: draft)
    let free = map.seats.filter { !$0.occupied }.map(\.designator)
    let extras = Extras(
      seats: [passengers[0].id: free[0], passengers[1].id: free[1], passengers[2].id: free[2]],
      bags: [passengers[0].id: 1, passengers[2].id: 1], insurance: true)
    let quote = try await world.airline.price(draftID: draft.id, extras: extras)
    var state = RootFeature.State(now: TestWorld.start, language: language)
    let restored = await BookingFlow.restore(
      BookingSnapshot(criteria: criteria, position: .payment(quoteID: quote.id, draftID: draft.id)),
      using: world.environment.services, now: TestWorld.start)
    await drive(&state, [.restored(restored)], world)
    #expect(state.current == .payment)
    return state
  }

  @Test("at 80x24 the quote's lines become one a kind; at 100x30 each shows; the form stays whole")
  func familyPayment() async throws {
    let world = TestWorld()
    defer { world.remove() }
    for language in [Language.english, .turkish] {
      let suffix = language == .english ? "" : "-tr"
      let state = try await familyAtPayment(world, language)
      let small = expectGolden(state, "payment-family\(suffix)-80x24") {
        RootView.render($0, width: 80, height: 24, theme: .color)
      }
      let large = expectGolden(state, "payment-family\(suffix)-100x30") {
        RootView.render($0, width: 100, height: 30, theme: .color)
      }
      let strings = language.strings
      let kinds: [(LineItemKind, Int)] = [
        (.fare, 4), (.seat, 3), (.bag, 2), (.insurance, 1), (.tax, 1),
      ]
      for (kind, count) in kinds {
        let line = strings.chargeKind(kind, count)
        #expect(small.description.contains(line), "\(line) missing at 80x24:\n\(small)")
        if [.fare, .seat, .bag].contains(kind) {
          #expect(!large.description.contains(line), "\(line) at 100x30 where every line fits")
        }
      }
      for text in [strings.cardNumberLabel, strings.cvcLabel] {
        #expect(small.description.contains(text), "\(text) cut at 80x24:\n\(small)")
      }
      #expect(!small.description.contains("▾"), "the form scrolls at 80x24:\n\(small)")
      let childFare = language == .english ? "Child fare, 1 ×" : "Çocuk ücreti, 1 ×"
      #expect(large.description.contains(childFare), "\(large)")
    }
  }
}
