import Domain
import FlowOwner
import Foundation
import Persistence
import TestSupport
import Testing
import Words
import Workshop

/// The bag itself: each write, asserted as the whole bag (its inspector dump names every field,
/// its writer and the screens). Its failures against the real flow are faultlab's cells and the
/// program's bag tests.
@Suite("The workshop's bag")
struct BookingBagTests {
  let criteria: SearchCriteria
  let offerA: Offer
  let offerB: Offer
  let draftA: BookingDraft
  let quoteA: Quote

  init() throws {
    criteria = try Fixture.criteria()
    offerA = try Fixture.offer("offer-a")
    offerB = try Fixture.offer("offer-b", flight: 1951, hour: 14, fare: "189")
    draftA = try Fixture.draft("draft-a", for: offerA)
    quoteA = try Fixture.quote("quote-a", for: draftA)
  }

  /// To payment on offer A, each screen writing the bag.
  func atPayment() -> BookingBag {
    var bag = BookingBag()
    _ = bag.searchSubmitted(criteria)
    _ = bag.offerSelected(offerA, from: .results(criteria))
    _ = bag.passengersSaved(draftA, from: .passengers(offerA, prefill: .empty))
    _ = bag.extrasPriced(quoteA, from: .extras(draftA))
    return bag
  }

  @Test("every screen writes the bag, and the inspector says who wrote each field last")
  func writes() {
    #expect(
      atPayment().inspectorLines == [
        "bag (BookingBag.shared):",
        "  searchCriteria = IST->AMS 2026-12-24   (last written by search screen)",
        "  selectedOffer = TK1957   (last written by results screen)",
        "  draft = draft-a (offer offer-a)   (last written by passengers screen)",
        "  contactEmail = (an email)   (last written by passengers screen)",
        "  selectedExtras = seats 14A 14B   (last written by extras screen)",
        "  totalPrice = \(quoteA.total)   (last written by extras screen)",
        "  quote = quote-a   (last written by extras screen)",
        "  booking = nil",
        "  savedTravellers = nil",
        "  isFromDeepLink = false",
        "  screens = [results, passengers, extras, payment]",
      ])
  }

  @Test("under --lang tr the inspector speaks Turkish around the fields' names, for every writer")
  func turkishInspector() {
    let words = BagWords(.turkish).inspector
    #expect(
      atPayment().inspectorLines(words) == [
        "çanta (BookingBag.shared):",
        "  searchCriteria = IST->AMS 2026-12-24   (son yazan: arama ekranı)",
        "  selectedOffer = TK1957   (son yazan: sonuçlar ekranı)",
        "  draft = draft-a (offer offer-a)   (son yazan: yolcular ekranı)",
        "  contactEmail = (bir e-posta)   (son yazan: yolcular ekranı)",
        "  selectedExtras = koltuklar 14A 14B   (son yazan: ek hizmetler ekranı)",
        "  totalPrice = \(quoteA.total)   (son yazan: ek hizmetler ekranı)",
        "  quote = quote-a   (son yazan: ek hizmetler ekranı)",
        "  booking = nil",
        "  savedTravellers = nil",
        "  isFromDeepLink = false",
        "  screens = [results, passengers, extras, payment]",
      ])
    for writer in BookingBag.Writer.allCases where writer != .reset {
      #expect(words.writer(writer) != writer.rawValue, "\(writer) has no Turkish name")
    }
  }

  @Test("the price refresh and the promo code write over the extras' price: the last one wins")
  func lastWriterWins() throws {
    var bag = atPayment()
    bag.promoApplied()
    bag.priceRefreshed(offerA)
    #expect(bag.totalPrice == offerA.total)
    #expect(bag.writers[.totalPrice] == .priceRefresh)
    bag.promoApplied()
    #expect(bag.totalPrice == Money(offerA.total.amount * 9 / 10, offerA.total.currency))
    #expect(bag.writers[.totalPrice] == .promoCode)
    #expect(bag.quote == quoteA, "the airline still charges the quote")
  }

  @Test("reset() clears the booking's fields, keeps the saved travellers, forgets the link's flag")
  func reset() async throws {
    var bag = try #require(
      await BookingBag.openingPayLink(
        quoteA.id,
        using: StubLookup(
          offers: [offerA.id: offerA], drafts: [draftA.id: draftA],
          quotes: [quoteA.id: quoteA])))
    _ = bag.paid(try Fixture.reference(), from: .payment(quoteA))
    bag.travellersSaved()
    _ = bag.startOver()
    #expect(
      bag.inspectorLines == [
        "bag (BookingBag.shared):",
        "  searchCriteria = nil   (last written by reset())",
        "  selectedOffer = nil   (last written by reset())",
        "  draft = nil   (last written by reset())",
        "  contactEmail = nil   (last written by reset())",
        "  selectedExtras = nil   (last written by reset())",
        "  totalPrice = nil   (last written by reset())",
        "  quote = nil   (last written by reset())",
        "  booking = nil   (last written by reset())",
        "  savedTravellers = 2 travellers   (last written by confirmation screen)",
        "  isFromDeepLink = true   (last written by deep link handler)",
        "  screens = []",
      ])
  }

  @Test("saved travellers: the results screen skips passengers, and contactEmail stays nil")
  func savedTravellersSkipPassengers() throws {
    var bag = atPayment()
    _ = bag.paid(try Fixture.reference(), from: .payment(quoteA))
    bag.travellersSaved()
    _ = bag.startOver()
    _ = bag.searchSubmitted(criteria)
    _ = bag.offerSelected(offerB, from: .results(criteria))
    #expect(bag.screens == [.results], "waiting for the draft of the saved travellers")
    _ = bag.savedTravellersDrafted(try Fixture.draft("draft-b", for: offerB))
    #expect(bag.screens == [.results, .extras])
    #expect(bag.contactEmail == nil && bag.payBlocker == .quote)
    _ = bag.extrasPriced(
      try Fixture.quote("quote-b", for: bag.draft ?? draftA), from: .results(criteria))
    #expect(bag.payBlocker == .contactEmail)
  }

  @Test("only the screens are saved: a new process gets them back over an empty bag")
  func processDeath() throws {
    let saved = atPayment().savedScreens
    let json = String(decoding: try JSONEncoder().encode(saved), as: UTF8.self)
    #expect(json == #"{"screens":["results","passengers","extras","payment"]}"#)
    let relaunched = BookingBag(
      restoring: try JSONDecoder().decode(SavedScreens.self, from: Data(json.utf8)))
    #expect(relaunched.screens == [.results, .passengers, .extras, .payment])
    #expect(relaunched.path.isEmpty && relaunched.currentIsEmpty)
    #expect(relaunched.payBlocker == .quote)
  }

  @Test("the saved screens file keeps the newest save, whatever order the saves finish in")
  func newestSaveWins() throws {
    let root = NSTemporaryDirectory() + "booking-workshop-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: root) }
    let file = SavedScreensFile(store: RecordStore(root: root))
    #expect(file.load() == nil)
    #expect(file.save(SavedScreens(screens: [.results, .passengers]), number: 2) == nil)
    #expect(file.save(SavedScreens(screens: [.results]), number: 1) == nil)
    #expect(file.load() == SavedScreens(screens: [.results, .passengers]))
  }

  @Test("a screen passing on what the bag holds writes nothing and opens the screen after it")
  func passedOn() {
    var bag = BookingBag()
    _ = bag.searchSubmitted(criteria)
    _ = bag.offerSelected(offerA, from: .results(criteria))
    _ = bag.passengersSaved(draftA, from: .passengers(offerA, prefill: .empty))
    let before = bag
    let event = bag.passedOn(from: .extras(draftA))
    #expect(bag.screens == before.screens + [.payment])
    #expect(bag.writers == before.writers)
    #expect(bag.quote == nil && bag.totalPrice == nil && bag.selectedExtras == nil)
    #expect(event.transition == .advanced(to: .payment, id: draftA.id.rawValue, from: .extras))
  }

  @Test("what a screen produced is written as that screen writes it, told by the record it holds")
  func produced() {
    var byRecord = BookingBag()
    _ = byRecord.searchSubmitted(criteria)
    _ = byRecord.produced(.init(offer: offerA), from: .results(criteria))
    _ = byRecord.produced(.init(draft: draftA), from: .passengers(offerA, prefill: .empty))
    _ = byRecord.produced(.init(quote: quoteA), from: .extras(draftA))
    #expect(byRecord == atPayment())
    var empty = atPayment()
    #expect(empty.produced(.init(), from: .extras(draftA)) == nil)
    #expect(empty == atPayment())
    var passing = atPayment()
    _ = passing.produced(.init(quote: quoteA), from: .payment(quoteA))
    #expect(passing.writers == atPayment().writers)
  }
}
