import Domain
import FlowOwner
import Foundation
import TestSupport
import Testing

/// A flow walked to payment, with every value it was built from, for the tests to name.
struct WalkedFlow {
  var flow = BookingFlow()
  let criteria: SearchCriteria
  let offer: Offer
  let draft: BookingDraft
  let quote: Quote
  var results: BookingStep { .results(criteria) }
  var passengers: BookingStep { .passengers(offer, prefill: .empty) }
  var extras: BookingStep { .extras(draft) }
  var payment: BookingStep { .payment(quote) }

  init() throws {
    criteria = try Fixture.criteria()
    offer = try Fixture.offer("offer-a")
    draft = try Fixture.draft("draft-a", for: offer)
    quote = try Fixture.quote("quote-a", for: draft)
  }

  /// Walks to `kind`, checking every event on the way was accepted.
  mutating func walk(to kind: StepKind) {
    var events: [FlowEvent] = []
    if kind >= .results { events.append(flow.searchSubmitted(criteria)) }
    if kind >= .passengers { events.append(flow.offerSelected(offer, from: results)) }
    if kind >= .extras { events.append(flow.passengersSaved(draft, from: passengers)) }
    if kind >= .payment { events.append(flow.extrasPriced(quote, from: extras)) }
    #expect(events.allSatisfy { $0.isAccepted }, "\(events)")
  }
}

@Suite("BookingFlow")
struct BookingFlowTests {
  @Test(
    "a change of flight: the names typed go to the new offer's passengers step as its prefill, the seats stay behind"
  )
  func changeOfFlightPrefill() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .payment)
    let typed = PassengerPrefill.typed(
      passengers: [
        TypedPassenger(
          title: .ms, givenName: "Ada", familyName: "Lovelace", dateOfBirth: "1990-05-0")
      ], email: "ada@example.com", phone: "")
    // Back from payment and extras: no passengers step leaves, nothing is kept.
    walked.flow.back(typed: typed)
    walked.flow.back(typed: typed)
    #expect(walked.flow.path == [walked.results, walked.passengers])
    #expect(walked.flow.typedTravellers == .empty)
    // The passengers step leaves with what its screen held typed.
    walked.flow.back(typed: typed)
    #expect(walked.flow.path == [walked.results])
    #expect(walked.flow.typedTravellers == typed)
    let other = try Fixture.offer("offer-b", flight: 1951, hour: 14)
    walked.flow.offerSelected(other, from: walked.results)
    // The whole state: the new offer's step with the typed names, and no draft, seat or quote.
    #expect(walked.flow.path == [walked.results, .passengers(other, prefill: typed)])
    #expect(walked.flow.typedTravellers == typed)
    #expect(walked.flow.passengersStep(for: other) == .passengers(other, prefill: typed))
    // A new search keeps nothing typed.
    walked.flow.searchSubmitted(try Fixture.criteria(passengers: 1))
    #expect(walked.flow.typedTravellers == .empty)
    #expect(walked.flow.passengersStep(for: other) == .passengers(other, prefill: .empty))
  }

  @Test("each output pushes the next step carrying it")
  func happyPath() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .payment)
    #expect(
      walked.flow.path == [walked.results, walked.passengers, walked.extras, walked.payment])
    #expect(walked.flow.current == .payment)
    #expect(BookingFlow.isValidChain(walked.flow.path))
  }

  @Test("back, then another offer: the draft, seats and quote are gone, and nothing is carried")
  func backThenAnotherOffer() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .payment)
    #expect(walked.flow.back().pathAfter == [.results, .passengers, .extras])
    #expect(walked.flow.back().pathAfter == [.results, .passengers])
    #expect(walked.flow.back().pathAfter == [.results])

    let other = try Fixture.offer("offer-b", flight: 1951, hour: 14)
    let event = walked.flow.offerSelected(other, from: walked.results)

    // Nothing was typed when the passengers step left: the new one starts empty.
    #expect(walked.flow.path == [walked.results, .passengers(other)])
    #expect(walked.flow.typedTravellers == .empty)
    #expect(event.outcome == .accepted(removed: []))
    #expect(Mirror(reflecting: walked.flow).children.map(\.label) == ["path", "typedTravellers"])

    // The next draft starts without seats: the old quote (with 14A/14B) left with its step.
    let newDraft = try Fixture.draft("draft-b", for: other)
    walked.flow.passengersSaved(newDraft, from: .passengers(other))
    #expect(
      walked.flow.path == [
        walked.results, .passengers(other), .extras(newDraft),
      ])
    #expect(!walked.flow.path.contains { if case .payment = $0 { true } else { false } })
  }

  @Test("choosing another offer from results truncates the later steps")
  func anotherOfferWhileLaterStepsOnPath() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .payment)
    let other = try Fixture.offer("offer-b", flight: 1951, hour: 14)

    let event = walked.flow.offerSelected(other, from: walked.results)

    #expect(walked.flow.path == [walked.results, .passengers(other)])
    #expect(event.outcome == .accepted(removed: [.passengers, .extras, .payment]))
  }

  @Test("going back from extras keeps the passengers step as it was")
  func backOneStep() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .extras)
    let event = walked.flow.back()
    #expect(walked.flow.path == [walked.results, walked.passengers])
    #expect(event.outcome == .accepted(removed: [.extras]))
  }

  @Test("a late output from a step no longer on the path leaves the path unchanged")
  func lateOutputIsDropped() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .passengers)
    walked.flow.back()
    let before = walked.flow

    let event = walked.flow.passengersSaved(walked.draft, from: walked.passengers)

    #expect(walked.flow == before)
    #expect(walked.flow.path == [walked.results])
    #expect(event.outcome == .dropped(.originNotOnPath(.passengers)))
    #expect(
      event.description
        == "dropped passengersSaved(draft-a, from: passengers): its origin (passengers) is no longer on the path"
    )
  }

  @Test("a late quote for extras that were replaced by another offer is dropped")
  func lateQuoteAfterOfferChange() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .extras)
    let other = try Fixture.offer("offer-b", flight: 1951, hour: 14)
    walked.flow.offerSelected(other, from: walked.results)
    let before = walked.flow.path

    let event = walked.flow.extrasPriced(walked.quote, from: walked.extras)

    #expect(walked.flow.path == before)
    #expect(event.outcome == .dropped(.originNotOnPath(.extras)))
  }

  @Test("a double submit pushes once")
  func doubleSubmit() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .results)
    let first = walked.flow.offerSelected(walked.offer, from: walked.results)
    let second = walked.flow.offerSelected(walked.offer, from: walked.results)
    #expect(first.isAccepted)
    #expect(second.outcome == .dropped(.alreadyAdvanced))
    #expect(walked.flow.path == [walked.results, walked.passengers])

    walked.flow.passengersSaved(walked.draft, from: walked.passengers)
    let again = walked.flow.passengersSaved(walked.draft, from: walked.passengers)
    #expect(again.outcome == .dropped(.alreadyAdvanced))
    walked.flow.extrasPriced(walked.quote, from: walked.extras)
    #expect(walked.flow.extrasPriced(walked.quote, from: walked.extras).isAccepted == false)
    #expect(
      walked.flow.path == [walked.results, walked.passengers, walked.extras, walked.payment])

    let sameSearch = walked.flow.searchSubmitted(walked.criteria)
    #expect(sameSearch.outcome == .accepted(removed: [.results, .passengers, .extras, .payment]))
    #expect(walked.flow.searchSubmitted(walked.criteria).outcome == .dropped(.alreadyAdvanced))
    #expect(walked.flow.path == [walked.results])
  }

  @Test("an expired quote priced again takes the payment step's place, and nothing else moves")
  func repriced() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .payment)
    let fresh = try Fixture.quote(
      "quote-b", for: walked.draft, expiresAt: Fixture.now.addingTimeInterval(30 * 60))

    let event = walked.flow.repriced(fresh, from: walked.payment)

    #expect(event.transition == .repriced(fresh.id, from: .payment))
    #expect(event.outcome == .accepted(removed: [.payment]))
    #expect(
      walked.flow.path == [walked.results, walked.passengers, walked.extras, .payment(fresh)])
    #expect(BookingFlow.isValidChain(walked.flow.path))
    // A late reprice for the quote that was replaced, the same quote twice, another draft's
    // quote, or other extras: dropped, the path unchanged.
    let path = walked.flow.path
    #expect(
      walked.flow.repriced(fresh, from: walked.payment).outcome
        == .dropped(.originNotOnPath(.payment)))
    #expect(
      walked.flow.repriced(fresh, from: .payment(fresh)).outcome == .dropped(.alreadyAdvanced))
    let otherDraft = try Fixture.draft("draft-b", for: walked.offer)
    #expect(
      !walked.flow.repriced(try Fixture.quote("quote-c", for: otherDraft), from: .payment(fresh))
        .isAccepted)
    var otherExtras = fresh.extras
    otherExtras.insurance.toggle()
    #expect(
      !walked.flow.repriced(
        try Fixture.quote("quote-d", for: walked.draft, extras: otherExtras), from: .payment(fresh)
      ).isAccepted)
    #expect(!walked.flow.repriced(fresh, from: walked.extras).isAccepted)
    #expect(walked.flow.path == path)
  }

  @Test("paying replaces the path and no transition reaches payment again")
  func payingReplacesThePath() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .payment)
    let reference = try Fixture.reference()

    let paid = walked.flow.paid(reference, from: walked.payment)

    #expect(walked.flow.path == [.confirmation(reference)])
    #expect(paid.outcome == .accepted(removed: [.results, .passengers, .extras, .payment]))
    #expect(walked.flow.paid(reference, from: walked.payment).isAccepted == false)
    #expect(walked.flow.extrasPriced(walked.quote, from: walked.extras).isAccepted == false)
    #expect(walked.flow.offerSelected(walked.offer, from: walked.results).isAccepted == false)
    #expect(walked.flow.pop(to: walked.payment).isAccepted == false)
    #expect(walked.flow.path == [.confirmation(reference)])
    #expect(walked.flow.back().outcome == .dropped(.noWayBack(.confirmation)))
    #expect(walked.flow.path == [.confirmation(reference)])
    #expect(walked.flow.startOver().isAccepted)
    #expect(walked.flow.back().outcome == .dropped(.atRoot))
  }

  @Test("pop(to:) keeps the named step and removes the later ones")
  func popToPanel() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .payment)
    let event = walked.flow.pop(to: walked.passengers)
    #expect(walked.flow.path == [walked.results, walked.passengers])
    #expect(event.outcome == .accepted(removed: [.extras, .payment]))
    #expect(walked.flow.pop(to: walked.extras).outcome == .dropped(.targetNotOnPath(.extras)))
  }

  @Test("startOver empties the flow")
  func startOver() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .extras)
    walked.flow.back()
    let event = walked.flow.startOver()
    #expect(walked.flow == BookingFlow())
    #expect(event.outcome == .accepted(removed: [.results, .passengers]))
  }

  @Test("an output from the wrong kind of step, or for another step's data, is dropped")
  func mismatchedOutputs() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .passengers)
    let before = walked.flow

    let wrongOrigin = walked.flow.passengersSaved(walked.draft, from: walked.results)
    let otherOffer = try Fixture.offer("offer-x", flight: 11)
    let foreignDraft = try Fixture.draft("draft-x", for: otherOffer)
    let wrongDraft = walked.flow.passengersSaved(foreignDraft, from: walked.passengers)
    let threePax = try Fixture.offer("offer-3", passengers: 3)
    let wrongOffer = walked.flow.offerSelected(threePax, from: walked.results)

    #expect(wrongOrigin.outcome == .dropped(.wrongOrigin(expected: .passengers, found: .results)))
    #expect(wrongDraft.outcome == .dropped(.mismatchedOutput("the draft is for offer offer-x")))
    #expect(
      wrongOffer.outcome == .dropped(.mismatchedOutput("the offer is priced for party 3, not 2")))
    #expect(walked.flow == before)
  }

  @Test("every transition is an event naming what happened")
  func eventLog() throws {
    var walked = try WalkedFlow()
    var log: [String] = []
    log.append(walked.flow.searchSubmitted(walked.criteria).description)
    log.append(walked.flow.offerSelected(walked.offer, from: walked.results).description)
    log.append(walked.flow.offerSelected(walked.offer, from: walked.results).description)
    log.append(walked.flow.back().description)
    #expect(
      log == [
        "accepted searchSubmitted(IST->AMS 2026-12-24 x2) -> [results]",
        "accepted offerSelected(offer-a, from: results) -> [results, passengers]",
        "dropped offerSelected(offer-a, from: results): the same output already follows its origin",
        "accepted back() -> [results], removed passengers",
      ])
  }

  @Test("a chain whose steps do not follow from each other is not valid")
  func chainValidity() throws {
    let walked = try WalkedFlow()
    let otherDraft = try Fixture.draft("draft-z", for: try Fixture.offer("offer-z"))
    #expect(BookingFlow.isValidChain([]))
    #expect(BookingFlow.isValidChain([.confirmation(try Fixture.reference())]))
    #expect(!BookingFlow.isValidChain([walked.passengers]))
    #expect(!BookingFlow.isValidChain([walked.results, walked.extras]))
    #expect(!BookingFlow.isValidChain([walked.results, walked.passengers, .extras(otherDraft)]))
    #expect(
      !BookingFlow.isValidChain([walked.results, .confirmation(try Fixture.reference())]))
  }

  @Test("what a step produced pushes the step its declaration names, built from it, or is dropped")
  func producedOutputs() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .results)
    var flow = walked.flow
    #expect(flow.advance(with: .init(offer: walked.offer), from: walked.results).isAccepted)
    #expect(flow.path == [walked.results, walked.passengers])
    #expect(flow.advance(with: .init(draft: walked.draft), from: walked.passengers).isAccepted)
    #expect(flow.advance(with: .init(quote: walked.quote), from: walked.extras).isAccepted)
    #expect(flow.path == [walked.results, walked.passengers, walked.extras, walked.payment])

    // The output lacks what the next step carries: a draft is no payment's input.
    var short = flow
    short.back()
    let lacking = short.advance(with: .init(draft: walked.draft), from: walked.extras)
    #expect(
      lacking.outcome
        == .dropped(.mismatchedOutput("the output of extras holds no quote for payment")))
    #expect(short.path == [walked.results, walked.passengers, walked.extras])

    // No step follows a payment's output: paying replaces the path instead.
    let none = flow.advance(with: .init(quote: walked.quote), from: walked.payment)
    #expect(none.outcome == .dropped(.mismatchedOutput("no step's output arrives from payment")))
  }
}
