import Airline
import Canvas
import Domain
import FlowOwner
import Presentation
import Recording
import TestSupport
import Testing

/// The card a change that costs money is typed with, on the trips screen's change quote: what a
/// recording writes of each character is the field's placeholder, never the character.
@Suite("Recording privacy of a change's card")
struct ChangeCardRecordingTests {
  /// The root at a change quote that costs money, the card's number field focused: the booking
  /// paid, the trips opened at it, `m`, and the airline's answers handed in as they come.
  func atChangeQuote(_ world: TestWorld) async throws -> RootFeature.State {
    let draft = try await world.draft()
    let quote = try await world.quote(for: draft)
    let booking = try await world.airline.pay(
      quoteID: quote.id,
      method: PaymentCard(number: "4242424242424242", expiry: "12/30", cvc: "123"),
      idempotencyKey: .random(prefix: "pay"))
    var state = RootFeature.State(now: TestWorld.start)
    await drive(&state, [.key(.control("t")), .key(.enter), .key(.character("m"))], world)
    #expect(state.trips?.trip?.current.isChangeSearch == true)
    let reference = booking.reference
    let old = booking.offer.total
    let offer = try ChangeOffer(
      id: ChangeOfferID("ch-recording"), reference: reference, version: 1, slice: 0,
      offer: booking.offer,
      total: ChangeTotal(
        newFare: Money(old.amount + 100, old.currency), oldFare: old,
        penalty: Money(0, old.currency)),
      expiresAt: TestWorld.start.addingTimeInterval(1800))
    // Each question asked, its answer handed in (the real airline is not asked).
    _ = RootFeature.reduce(
      &state, .key(.enter), at: world.clock.now, environment: world.environment)
    let offers = try #require(state.trips?.trip?.asked)
    await drive(&state, [.trips(.changeOffered(offers, .success([offer])))], world)
    _ = RootFeature.reduce(
      &state, .key(.enter), at: world.clock.now, environment: world.environment)
    let quoting = try #require(state.trips?.trip?.asked)
    let change = ChangeQuote(
      id: try ChangeQuoteID("cx-recording"), offerID: offer.id, reference: reference, version: 1,
      slice: 0, offer: offer.offer, extras: booking.extras, total: offer.total,
      refundTo: booking.paymentMethod, issuedAt: TestWorld.start,
      expiresAt: TestWorld.start.addingTimeInterval(600))
    await drive(&state, [.trips(.changeQuoted(quoting, .success(change)))], world)
    #expect(state.trips?.trip?.heldChange == change)
    return state
  }

  @Test("no character typed into a change's card, in any of its fields, is written as typed")
  func cardIsNeverRecorded() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = try await atChangeQuote(world)
    let privacy = RecordingPrivacyTests()
    for placeholders in ["42", "1230", "1234"] {
      for character in RecordingPrivacyTests.printable
      where character.isNumber || character.isLetter {
        let shown = privacy.written(character, in: state, world)
        #expect(
          !shown.contains(character) || placeholders.contains(character),
          "\(placeholders): \(character) written as typed: \(shown)")
      }
      await drive(&state, [.key(.tab)], world)
    }
  }
}

extension TripFlow.Step {
  /// Whether this is the change's day to choose.
  fileprivate var isChangeSearch: Bool {
    if case .changeSearch = self { return true }
    return false
  }
}
