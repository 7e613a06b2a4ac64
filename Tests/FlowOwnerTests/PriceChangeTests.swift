import Domain
import FlowOwner
import Foundation
import TestSupport
import Testing

@Suite("A price the airline changed")
struct PriceChangeTests {
  /// The walked flow's quote, as the airline would give it after re-pricing the offer.
  func changed(_ walked: WalkedFlow) throws -> Quote {
    let quote = walked.quote
    return try Quote(
      id: QuoteID("quote-changed"), draftID: quote.draftID, extras: quote.extras,
      lineItems: quote.lineItems, total: quote.total, expiresAt: quote.expiresAt,
      issuedAt: quote.issuedAt,
      priceChange: PriceChange(
        before: Money("400", "EUR"), after: Money("424", "EUR"), pricePerAdult: Money("212", "EUR")
      ))
  }

  @Test("a re-priced quote reaches payment only when the traveller accepts it")
  func onlyByAccepting() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .extras)
    let quote = try changed(walked)
    let before = walked.flow
    let pushed = walked.flow.extrasPriced(quote, from: walked.extras)
    #expect(pushed.outcome == .dropped(.priceChangeNotAccepted(quote.id)))
    #expect(walked.flow == before)

    let accepted = walked.flow.acceptPriceChange(quote, from: walked.extras)
    #expect(accepted.isAccepted)
    #expect(accepted.transition == .priceChangeAccepted(quote.id, from: .extras))
    #expect(
      walked.flow.path == [walked.results, walked.passengers, walked.extras, .payment(quote)])
    // Twice is a double press; from payment it is the wrong origin.
    let after = walked.flow
    #expect(
      walked.flow.acceptPriceChange(quote, from: walked.extras).outcome
        == .dropped(.alreadyAdvanced))
    #expect(
      walked.flow.acceptPriceChange(quote, from: .payment(quote)).outcome
        == .dropped(.wrongOrigin(expected: .extras, found: .payment)))
    #expect(walked.flow == after)
  }

  @Test("accepting a quote whose price did not change, or after going back, moves nothing")
  func nothingToAccept() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .extras)
    let before = walked.flow
    #expect(
      walked.flow.acceptPriceChange(walked.quote, from: walked.extras).outcome
        == .dropped(.mismatchedOutput("the quote's price did not change")))
    walked.flow.back()
    let quote = try changed(walked)
    #expect(
      walked.flow.acceptPriceChange(quote, from: walked.extras).outcome
        == .dropped(.originNotOnPath(.extras)))
    #expect(walked.flow.path == Array(before.path.dropLast()))
  }
}
