import Domain
import FlowOwner
import TestSupport
import Testing

/// What each step carries of the airline's records, and what each saved position names: the
/// places that look a record up on a path or in a session ask these, never a step by its name.
@Suite("what a step carries and a position names")
struct CarriedRecordsTests {
  /// One row per step: the step, and the offer, draft and quote it carries, and the step as the
  /// step before it pushes it.
  struct Row {
    let step: BookingStep
    let offer: OfferID?
    let draft: DraftID?
    let quote: QuoteID?
    let pushed: BookingStep?
  }

  @Test("each step carries its own records, and is pushed without what a restore starts it with")
  func eachStep() throws {
    let walked = try WalkedFlow()
    let prefilled = PassengerPrefill(walked.draft)
    let rows = [
      Row(
        step: .results(walked.criteria, chosen: walked.offer.id), offer: nil, draft: nil,
        quote: nil, pushed: nil),
      Row(
        step: .passengers(walked.offer, prefill: prefilled), offer: walked.offer.id, draft: nil,
        quote: nil, pushed: .passengers(walked.offer)),
      Row(
        step: .extras(walked.draft, chosen: walked.quote.extras), offer: walked.offer.id,
        draft: walked.draft.id, quote: nil, pushed: .extras(walked.draft)),
      Row(
        step: .payment(walked.quote), offer: nil, draft: nil, quote: walked.quote.id,
        pushed: .payment(walked.quote)),
      Row(
        step: .confirmation(try BookingReference("BK7Q2M")), offer: nil, draft: nil, quote: nil,
        pushed: nil),
    ]
    #expect(rows.map(\.step.kind) == StepKind.allCases.filter { $0 != .search })
    for row in rows {
      #expect(row.step.offer?.id == row.offer, "\(row.step.kind)")
      #expect(row.step.draft?.id == row.draft, "\(row.step.kind)")
      #expect(row.step.quote?.id == row.quote, "\(row.step.kind)")
      #expect(row.step.asPushed == row.pushed, "\(row.step.kind)")
    }
  }

  @Test("a path holds the quote of its last step holding one, and none before payment")
  func heldQuote() throws {
    var atExtras = try WalkedFlow()
    atExtras.walk(to: .extras)
    #expect(atExtras.flow.path.heldQuote == nil)
    var atPayment = try WalkedFlow()
    atPayment.walk(to: .payment)
    #expect(atPayment.flow.path.heldQuote == atPayment.quote)
    // Of two steps holding a quote, the last one's.
    let later = try Fixture.quote("quote-b", for: atPayment.draft)
    let steps: [BookingStep] = [
      .payment(atPayment.quote), .extras(atPayment.draft), .payment(later),
      .extras(atPayment.draft),
    ]
    #expect(steps.heldQuote == later)
  }

  @Test("each position names its records by what each is, and the snapshot of a path names them")
  func positions() throws {
    var walked = try WalkedFlow()
    let (offer, draft, quote) = (walked.offer.id, walked.draft.id, walked.quote.id)
    let named: [(BookingSnapshot.Position, [String: String])] = [
      (.search, [:]), (.results, [:]),
      (.passengers(offerID: offer), ["offer": offer.rawValue]),
      (.extras(draftID: draft), ["draft": draft.rawValue]),
      (
        .extras(draftID: draft, offerID: offer),
        ["draft": draft.rawValue, "offer": offer.rawValue]
      ),
      (.payment(quoteID: quote), ["quote": quote.rawValue]),
      (
        .payment(quoteID: quote, draftID: draft, offerID: offer),
        ["quote": quote.rawValue, "draft": draft.rawValue, "offer": offer.rawValue]
      ),
      (.confirmation(reference: try BookingReference("BK7Q2M")), ["booking": "BK7Q2M"]),
    ]
    for (position, ids) in named {
      #expect(position.recordIDs == ids, "\(position)")
      // What the airline holds for the traveller: a price-locked quote, or a booking.
      #expect(
        position.namesQuoteOrBooking == (ids["quote"] != nil || ids["booking"] != nil),
        "\(position)")
    }
    #expect(
      named.filter { $0.0.namesQuoteOrBooking }.map(\.0.kind) == [
        .payment, .payment, .confirmation,
      ])
    walked.walk(to: .payment)
    #expect(
      walked.flow.snapshot.position.recordIDs
        == ["quote": quote.rawValue, "draft": draft.rawValue, "offer": offer.rawValue])
  }

  @Test("each kind's output pushes the kind declared after it, and each record's first carrier")
  func nextAndFirstCarrying() {
    #expect(
      StepKind.allCases.map(\.next)
        == [nil, .passengers, .extras, .payment, nil, nil])
    #expect(
      CarriedRecord.allCases.map(StepKind.firstCarrying)
        == [.passengers, .extras, .payment, nil])
    #expect(StepKind.firstHoldingQuote == .payment)
  }
}
