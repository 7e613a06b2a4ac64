import Airline
import Domain
import FlowOwner
import Foundation
import Presentation
import TestSupport
import Testing
import Words
import Workshop

/// "We'll just make it observable" (the article's first patch for the bag): Ctrl-R makes the
/// bag's root tell its observer, the trip bar, of every write. Told that the extras changed, the
/// trip bar adds up the quote's lines and writes the sum back into the bag: the price the extras
/// screen computed a moment before is computed again, and the observer's own write goes back to
/// the observers. "Why is the price calculated twice" is answered by the event log.
@Suite("The bag made observable: an observer that writes back")
struct ObservableBagTests {
  let criteria: SearchCriteria
  let offer: Offer
  let draft: BookingDraft
  let quote: Quote
  let airline: TestAirline

  init() throws {
    criteria = try Fixture.criteria()
    offer = try Fixture.offer("o1")
    draft = try Fixture.draft("d1", for: offer)
    quote = try Fixture.quote("q1", for: draft)
    var airline = TestAirline.failing
    let (offer, draft, quote) = (offer, draft, quote)
    airline.seatMap = { _ throws(ServiceError) in
      do { return try Fixture.seatMap(for: offer) } catch { throw .storage("\(error)") }
    }
    airline.price = { draftID, _ throws(ServiceError) in
      guard draftID == draft.id else { throw .draftNotFound(draftID) }
      return quote
    }
    // The payment screen's background refresh: the offer as the airline has it now.
    airline.offer = { _ throws(ServiceError) in offer }
    self.airline = airline
  }

  /// The bag's root at the extras screen, filled by the screens before it, its seat map loaded,
  /// made observable with Ctrl-R when `observable`; replies held.
  func atExtras(observable: Bool, language: Language = .english) async -> HeldReplies<
    BagRootFeature.State, BagRootFeature.Action
  > {
    var bag = BookingBag()
    _ = bag.searchSubmitted(criteria)
    _ = bag.offerSelected(offer, from: .results(criteria))
    _ = bag.passengersSaved(draft, from: .passengers(offer, prefill: .empty))
    let environment = BagRootFeature.Environment(
      app: .test(airline: airline), screens: ScreensNotKept())
    var root = HeldReplies(BagRootFeature.State(now: Fixture.now, language: language)) {
      BagRootFeature.reduce(&$0, $1, at: Fixture.now, environment: environment)
    }
    await root.send(.opened(bag, notice: nil))
    await root.deliverAll()
    if observable { await root.send(.key(.control("r"))) }
    return root
  }

  static func isRefresh(_ action: BagRootFeature.Action) -> Bool {
    if case .priceRefreshed = action { return true }
    return false
  }

  /// What the extras screen's pricing tells the flow's log, as the bag records it.
  func pricedEvent() -> String {
    var bag = BookingBag()
    _ = bag.searchSubmitted(criteria)
    _ = bag.offerSelected(offer, from: .results(criteria))
    _ = bag.passengersSaved(draft, from: .passengers(offer, prefill: .empty))
    return bag.extrasPriced(quote, from: .extras(draft)).description
  }

  /// Prices the extras (`c`), every reply delivered but the refresh; the lines it logged.
  func price(_ root: inout HeldReplies<BagRootFeature.State, BagRootFeature.Action>) async
    -> [String]
  {
    let before = root.state.shell.activity.count
    await root.send(.key(.character("c")))
    await root.deliverAll(keeping: Self.isRefresh)
    return Array(root.state.shell.activity.suffix(root.state.shell.activity.count - before))
  }

  @Test("made observable, pricing the extras computes the price twice, and the loop ends")
  func computedTwice() async throws {
    var root = await atExtras(observable: true)
    #expect(root.state.observable)
    let total = quote.total.description
    let lines = await price(&root)
    #expect(
      lines == [
        pricedEvent(),
        "price computed by extras screen: totalPrice = \(total)",
        "price computed again by the observer: totalPrice = \(total)",
        "the observer's own write, told back to the observers: the loop ends",
      ])
    #expect(
      root.state.bag.inspectorLines == [
        "bag (BookingBag.shared):",
        "  searchCriteria = IST->AMS 2026-12-24   (last written by search screen)",
        "  selectedOffer = TK1957   (last written by results screen)",
        "  draft = d1 (offer o1)   (last written by passengers screen)",
        "  contactEmail = (an email)   (last written by passengers screen)",
        "  selectedExtras = \(root.state.bag.value(of: .selectedExtras))"
          + "   (last written by extras screen)",
        "  totalPrice = \(total)   (last written by trip bar (observer))",
        "  quote = q1   (last written by extras screen)",
        "  booking = nil",
        "  savedTravellers = nil",
        "  isFromDeepLink = false",
        "  screens = [results, passengers, extras, payment]",
      ])
    #expect(root.state.bag.quote == quote, "the airline charges the quote, whoever wrote the price")

    // The refresh writes the price, not the extras: the observer is not set off again.
    let before = root.state.shell.activity.count
    try #require(await root.deliver(Self.isRefresh))
    #expect(
      Array(root.state.shell.activity.suffix(root.state.shell.activity.count - before)) == [
        "price refresh wrote totalPrice = \(offer.total)"
      ])
    #expect(root.state.bag.writers[.totalPrice] == .priceRefresh)
  }

  @Test("not observable, the same keys compute the price once: the extras screen's")
  func computedOnce() async throws {
    var root = await atExtras(observable: false)
    #expect(!root.state.observable)
    let lines = await price(&root)
    #expect(lines == [pricedEvent()])
    #expect(root.state.bag.totalPrice == quote.total)
    #expect(root.state.bag.writers[.totalPrice] == .extrasScreen)
  }

  @Test("Ctrl-R again: the bag is no longer observable, and the price is computed once")
  func toggledOff() async throws {
    var root = await atExtras(observable: true)
    await root.send(.key(.control("r")))
    #expect(!root.state.observable)
    let lines = await price(&root)
    #expect(lines == [pricedEvent()])
    #expect(root.state.bag.writers[.totalPrice] == .extrasScreen)
  }

  @Test("the header says what Ctrl-R did, and the inspector names the observer, in each language")
  func words() async throws {
    for language in [Language.english, .turkish] {
      var root = await atExtras(observable: true, language: language)
      let english = language == .english
      #expect(
        root.state.shell.notice
          == (english
            ? "Observable bag: the trip bar writes the price back"
            : "Gözlenebilir çanta: seyahat çubuğu fiyatı geri yazar"))
      #expect(
        root.state.inspectorLines.contains(
          english
            ? "  observed by the trip bar: told of every write, it writes totalPrice back"
            : "  seyahat çubuğu gözlüyor: her yazmadan haberdar olur, totalPrice'ı geri yazar"))
      let total = quote.total.description
      let lines = await price(&root)
      #expect(
        Array(lines.dropFirst())
          == (english
            ? [
              "price computed by extras screen: totalPrice = \(total)",
              "price computed again by the observer: totalPrice = \(total)",
              "the observer's own write, told back to the observers: the loop ends",
            ]
            : [
              "fiyatı ek hizmetler ekranı hesapladı: totalPrice = \(total)",
              "fiyatı gözlemci yeniden hesapladı: totalPrice = \(total)",
              "gözlemcinin kendi yazması gözlemcilere geri bildirildi: döngü biter",
            ]),
        "\(language)")
      await root.send(.key(.control("r")))
      #expect(
        root.state.shell.notice
          == (english
            ? "The bag is no longer observable" : "Çanta artık gözlenebilir değil"))
    }
  }
}
