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
  /// Kills B1a, B1d: the chain rule lets each step follow only the kind its declaration names,
  /// and a step no output pushes (results, the confirmation) only start the path.
  @Test("each step can follow only the step its declaration names, or start the path if none")
  func chainFollowsTheDeclarations() throws {
    let walked = try WalkedFlow()
    let steps = [
      walked.results, walked.passengers, walked.extras, walked.payment,
      .confirmation(try Fixture.reference()),
    ]
    for step in steps {
      for previous in [nil] + steps.map(Optional.some) {
        let follows = step.kind.declaration.arrival?.from == previous?.kind
        #expect(
          (step.mismatch(after: previous) == nil) == follows,
          "\(step.kind) after \(previous.map { "\($0.kind)" } ?? "nothing")")
      }
    }
  }

  /// Kills B3d: a quote is accepted only for the extras step's own draft.
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

  /// Kills B3y: no output pushes the results or the confirmation (a search and paying replace
  /// the path), so `advance` drops them whatever the origin, saying so.
  @Test("advance drops a step no output pushes: the results, the confirmation")
  func advanceToAStepNoOutputPushes() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .payment)
    let before = walked.flow

    let confirmation = walked.flow.advance(
      to: .confirmation(try Fixture.reference()), from: walked.payment)
    let results = walked.flow.advance(to: walked.results, from: walked.results)

    #expect(
      confirmation.outcome
        == .dropped(.mismatchedOutput("no step's output pushes confirmation")))
    #expect(results.outcome == .dropped(.mismatchedOutput("no step's output pushes results")))
    #expect(walked.flow == before)
  }

  /// Kills B4a: the offer already shown after the results is not pushed again when it comes once
  /// more after going back from extras.
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

  /// Kills B4x: the same output is the same kind of step carrying the same ID. After a restore
  /// at extras the passengers step holds the draft's travellers; the same offer coming again
  /// from the results is a double press, not a new choice that would drop the draft.
  @Test("the same offer chosen again after a restore at extras keeps the restored steps")
  func doublePressAfterRestore() async throws {
    let walked = try WalkedFlow()
    let lookup = StubLookup(
      offers: [walked.offer.id: walked.offer], drafts: [walked.draft.id: walked.draft])
    var flow = await BookingFlow.restore(
      BookingSnapshot(criteria: walked.criteria, position: .extras(draftID: walked.draft.id)),
      using: lookup, now: Fixture.now
    ).flow
    let before = flow
    let results = try #require(flow.path.first)

    let event = flow.offerSelected(walked.offer, from: results)

    #expect(event.outcome == .dropped(.alreadyAdvanced))
    #expect(flow == before)
    #expect(flow.path.dropFirst().first == .passengers(walked.offer, prefill: .init(walked.draft)))
  }

  /// Kills B6x: Esc follows the declarations: every step before paying has a way back, the
  /// confirmation has none, and the search form is the root.
  @Test("Esc goes back from every step before paying, not from the confirmation or the search")
  func canGoBackFollowsTheDeclarations() throws {
    #expect(!BookingFlow().canGoBack)
    for kind in StepKind.chain {
      var walked = try WalkedFlow()
      walked.walk(to: kind)
      #expect(walked.flow.canGoBack, "\(kind)")
    }
    var walked = try WalkedFlow()
    walked.walk(to: .payment)
    walked.flow.paid(try Fixture.reference(), from: walked.payment)
    #expect(walked.flow.current == .confirmation)
    #expect(!walked.flow.canGoBack)
  }

  /// Kills B7x: only the payment step's output pays; a booking reported from another step on
  /// the path is dropped, naming the step it must come from.
  @Test("a booking reported from a step other than payment is dropped")
  func paidFromAnotherStep() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .payment)
    let before = walked.flow

    let event = walked.flow.paid(try Fixture.reference(), from: walked.extras)

    #expect(event.outcome == .dropped(.wrongOrigin(expected: .payment, found: .extras)))
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
      departure: ZonedTime(instant: leaves, timeZoneID: ist.timeZoneID, zones: .live),
      arrival: ZonedTime(
        instant: leaves.addingTimeInterval(3.5 * 3600), timeZoneID: ams.timeZoneID, zones: .live),
      aircraft: Aircraft(code: "32N", name: "Airbus A320neo"))
    let offer = try Offer(
      id: OfferID("offer-far"), airline: Fixture.turkish(), slices: [Slice(segments: [segment])],
      cabin: .economy, pricePerAdult: Money("212", "EUR"), party: .adults(2),
      total: Money("424", "EUR"), expiresAt: Fixture.now.addingTimeInterval(30 * 60))
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
