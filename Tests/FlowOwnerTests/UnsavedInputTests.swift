import Domain
import FlowOwner
import Foundation
import TestSupport
import Testing

/// What a person typed and did not save is carried by the flow as the next step's explicit
/// input: a passengers step's `prefill`, a payment step's `card`. Nothing outside the path holds
/// it, and nothing clears it by hand.
@Suite("Unsaved input")
struct UnsavedInputTests {
  let typed = PassengerPrefill.typed(
    TypedTravellers(
      passengers: [
        TypedPassenger(title: .ms, givenName: "Ada", familyName: "Lovel", dateOfBirth: "1815-12")
      ], email: "ada@", phone: "+3120"))
  let card = CardPrefill(number: "4242424242424242", expiry: "12/30")

  @Test("names typed but not saved, left with their step, are the next passengers step's prefill")
  func typedTravellersBecomePrefill() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .passengers)
    walked.flow.back()
    let kept = walked.flow.keepUnsaved(.travellers(typed), from: walked.passengers)
    #expect(kept)
    let other = try Fixture.offer("offer-b", flight: 1951, hour: 14)

    walked.flow.offerSelected(other, from: walked.results)

    #expect(walked.flow.path == [walked.results, .passengers(other, prefill: typed)])
    #expect(walked.flow.carriedTravellers == .empty, "handed on once, by the transition")
  }

  @Test("typed names are newer than a draft that left before them")
  func typedNamesReplaceAnOlderDraft() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .extras)
    walked.flow.back()
    #expect(walked.flow.carriedTravellers == PassengerPrefill(walked.draft))
    walked.flow.back()
    walked.flow.keepUnsaved(.travellers(typed), from: walked.passengers)
    #expect(walked.flow.carriedTravellers == typed)
  }

  @Test("a step still on the path keeps its own input: what it typed is not carried")
  func stepOnThePathIsNotCarried() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .payment)
    let before = walked.flow
    let keptTravellers = walked.flow.keepUnsaved(.travellers(typed), from: walked.passengers)
    let keptCard = walked.flow.keepUnsaved(.card(card), from: walked.payment)
    #expect(!keptTravellers && !keptCard)
    #expect(walked.flow == before)
  }

  @Test("input of the wrong kind for its step is not kept")
  func wrongKindIsNotKept() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .payment)
    walked.flow.back()
    walked.flow.back()
    let before = walked.flow
    let keptCard = walked.flow.keepUnsaved(.card(card), from: walked.extras)
    let keptTravellers = walked.flow.keepUnsaved(.travellers(typed), from: walked.payment)
    #expect(!keptCard && !keptTravellers)
    #expect(walked.flow == before)
  }

  @Test("a card typed at payment is the next payment step's input after a change of extras")
  func cardCarriedToTheNextPayment() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .payment)
    walked.flow.back()
    walked.flow.keepUnsaved(.card(card), from: walked.payment)
    var extras = walked.quote.extras
    extras.insurance.toggle()
    let other = try Fixture.quote("quote-b", for: walked.draft, extras: extras)

    walked.flow.extrasPriced(other, from: walked.extras)

    #expect(walked.flow.path.last == .payment(other, card: card))
    #expect(walked.flow.carriedCard == nil, "handed on once, by the transition")
    #expect(BookingFlow.isValidChain(walked.flow.path))
  }

  @Test("a card cleared before its step left is not brought back")
  func clearedCardIsNotBroughtBack() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .payment)
    walked.flow.back()
    walked.flow.keepUnsaved(.card(card), from: walked.payment)
    walked.flow.extrasPriced(walked.quote, from: walked.extras)
    walked.flow.back()
    walked.flow.keepUnsaved(.card(nil), from: .payment(walked.quote, card: card))
    walked.flow.extrasPriced(walked.quote, from: walked.extras)
    #expect(walked.flow.path.last == walked.payment)
  }

  @Test("a price given again keeps the card the payment step reported with it")
  func repricedKeepsTheCard() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .payment)
    let fresh = try Fixture.quote(
      "quote-b", for: walked.draft, expiresAt: Fixture.now.addingTimeInterval(30 * 60))

    walked.flow.repriced(fresh, card: card, from: walked.payment)

    #expect(walked.flow.path.last == .payment(fresh, card: card))
    #expect(BookingFlow.isValidChain(walked.flow.path))
  }

  @Test("paying and starting over carry nothing typed into the next booking")
  func bookingForgetsTypedInput() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .payment)
    walked.flow.back()
    walked.flow.keepUnsaved(.card(card), from: walked.payment)
    walked.flow.back()
    walked.flow.keepUnsaved(.travellers(typed), from: walked.passengers)
    walked.flow.startOver()
    #expect(walked.flow.carriedTravellers == .empty)
    #expect(walked.flow.carriedCard == nil)

    walked.walk(to: .payment)
    walked.flow.back()
    walked.flow.keepUnsaved(.card(card), from: walked.payment)
    walked.flow.extrasPriced(walked.quote, from: walked.extras)
    walked.flow.paid(try Fixture.reference(), from: .payment(walked.quote, card: card))
    #expect(walked.flow.path == [.confirmation(try Fixture.reference())])
    #expect(walked.flow.carriedTravellers == .empty)
    #expect(walked.flow.carriedCard == nil)
  }

  @Test("typed input never shows its text when a step is printed")
  func descriptionsHideTheText() throws {
    let offer = try Fixture.offer("offer-a")
    let quote = try Fixture.quote("quote-a", for: try Fixture.draft("draft-a", for: offer))
    let printed = [
      String(describing: BookingStep.passengers(offer, prefill: typed)),
      String(reflecting: BookingStep.passengers(offer, prefill: typed)),
      String(describing: BookingStep.payment(quote, card: card)),
      String(reflecting: BookingStep.payment(quote, card: card)),
    ].joined(separator: "\n")
    for secret in ["Ada", "Lovel", "1815", "ada@", "+3120", "4242424242424242", "12/30"] {
      #expect(!printed.contains(secret), "\(secret) in \(printed)")
    }
    #expect(printed.contains("4242"), "the last four name the card: \(printed)")
  }
}
