import Airline
import Domain
import FlowOwner
import Foundation
import TestSupport
import Testing

/// Tests for the rules `Tools/scripts/mutants` found no test guarding: each flips one part of a
/// rule of `BookingFlow` or `restore` that the rest of the suite let pass (the mutant it kills is
/// named on each test).
@Suite("rules the mutation check found unguarded")
struct MutantKillerTests {
  /// Kills B3c: a quote is accepted only for the extras step's own draft.
  @Test("a quote for another draft is dropped, naming the draft it is for")
  func quoteForAnotherDraft() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .extras)
    let before = walked.flow
    let otherDraft = try Fixture.draft("draft-x", for: walked.offer)
    let foreignQuote = try Fixture.quote("quote-x", for: otherDraft)

    let event = walked.flow.extrasPriced(foreignQuote, from: walked.extras)

    #expect(event.outcome == .dropped(.mismatchedOutput("the quote is for draft draft-x")))
    #expect(walked.flow == before)
  }

  /// Kills B4b: the offer already shown after the results is not pushed again, even when the
  /// prefill it would now get (the travellers of a draft that left) differs from the one shown.
  @Test("choosing the shown offer again after coming back from extras keeps its passengers step")
  func doublePressAfterBack() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .extras)
    walked.flow.back()
    let before = walked.flow
    #expect(before.path == [walked.results, walked.passengers])

    let event = walked.flow.offerSelected(walked.offer, from: walked.results)

    #expect(event.outcome == .dropped(.alreadyAdvanced))
    #expect(walked.flow == before)
  }

  /// Kills R7x: a pay link carries no search; the one derived from its records is held to the
  /// bookable window too, before the flow resumes at payment.
  @Test("a pay link whose flight is beyond the bookable window opens the search form")
  func payLinkBeyondWindow() async throws {
    let ist = try Fixture.istanbul()
    let ams = try Fixture.amsterdam()
    let day = try CalendarDay(iso: "2027-12-24")
    let leaves = day.start(in: ist.zone).addingTimeInterval(8 * 3600)
    let segment = try Segment(
      flightNumber: FlightNumber(airlineCode: "TK", number: 1957), origin: ist, destination: ams,
      departure: ZonedTime(instant: leaves, timeZoneID: ist.timeZoneID),
      arrival: ZonedTime(
        instant: leaves.addingTimeInterval(3.5 * 3600), timeZoneID: ams.timeZoneID),
      aircraft: Aircraft(code: "32N", name: "Airbus A320neo"))
    let offer = try Offer(
      id: OfferID("offer-far"), airline: Fixture.turkish(), segments: [segment], cabin: .economy,
      pricePerPassenger: Money("212", "EUR"), passengerCount: 2,
      expiresAt: Fixture.now.addingTimeInterval(30 * 60))
    let draft = try Fixture.draft("draft-far", for: offer)
    let quote = try Fixture.quote("quote-far", for: draft)
    let lookup = StubLookup(
      offers: [offer.id: offer], drafts: [draft.id: draft], quotes: [quote.id: quote])
    let link = BookingSnapshot(criteria: nil, position: .payment(quoteID: quote.id))

    let restored = await BookingFlow.restore(link, using: lookup, now: Fixture.now)

    #expect(restored.flow.path.isEmpty)
    #expect(restored.outcome == .fellBack(to: .search, because: .beyondBookingWindow(day)))
  }
}
