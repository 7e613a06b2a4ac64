import Airline
import Canvas
import Domain
import FlowOwner
import Foundation
import Presentation
import Runtime
import TestSupport
import Testing
import Widgets
import Words
import Workshop

/// The article's "two writers", on one process: "the price refresh request is in flight while
/// the user adds baggage". The bag's payment screen asks the airline for the offer again when it
/// opens, and the refresh's reply writes the bag's price whenever it comes home; meanwhile the
/// traveller goes back, adds a checked bag and prices it, which writes the price too. Which
/// total the traveller sees is decided by which reply lands last. The airline's latency is the
/// order in which the test delivers its replies (`HeldReplies`): no clock, no sleep.
///
/// In the real flow the price is the quote of the payment step on the path, one owner, and no
/// reply writes it from outside a step: the same keys on the same airline leave nothing in
/// flight that could land late, and show the quote with the bag.
@Suite("Two writers of the price, racing in time")
struct TwoWritersTests {
  /// When the reply to the refresh asked by the first payment screen (the one without the bag)
  /// comes home.
  enum Arrival: String, CaseIterable, CustomTestStringConvertible {
    /// Before the traveller goes back to add the bag.
    case onTime
    /// After the bag was added and priced.
    case late
    var testDescription: String { rawValue }
  }

  let criteria: SearchCriteria
  let offer: Offer
  let draft: BookingDraft
  /// The quote without a bag, and with one checked bag.
  let withoutBag: Quote
  let withBag: Quote
  let airline: TestAirline

  init() throws {
    criteria = try Fixture.criteria()
    offer = try Fixture.offer("o1")
    draft = try Fixture.draft("d1", for: offer)
    withoutBag = try Fixture.quote("q1", for: draft, extras: Extras.none)
    withBag = try Fixture.quote(
      "q2", for: draft, extras: Extras(seats: [:], bags: [PassengerID("p1"): 1], insurance: false))
    var airline = TestAirline.failing
    let (offer, draft, withoutBag, withBag) = (offer, draft, withoutBag, withBag)
    airline.seatMap = { _ throws(ServiceError) in
      do { return try Fixture.seatMap(for: offer) } catch { throw .storage("\(error)") }
    }
    airline.price = { draftID, extras throws(ServiceError) in
      guard draftID == draft.id else { throw .draftNotFound(draftID) }
      return extras == withBag.extras ? withBag : withoutBag
    }
    // The bag's background refresh: the offer as the airline has it now.
    airline.offer = { _ throws(ServiceError) in offer }
    self.airline = airline
  }

  /// The keys: back from the payment to the extras, Tab to the bags, one bag, Continue.
  static let addABag: [Key] = [.escape, .tab, .character("+"), .character("c")]

  /// "EUR 424.00", as the screens write an amount.
  func shown(_ money: Money) -> String { money.formatted(Language.english.moneyStyle) }

  // MARK: - The bag

  static func isRefresh(_ action: BagRootFeature.Action) -> Bool {
    if case .priceRefreshed = action { return true }
    return false
  }

  /// The bag's root at the extras screen, filled by the screens before it, its seat map
  /// loaded; replies held.
  func bagAtExtras() async -> HeldReplies<BagRootFeature.State, BagRootFeature.Action> {
    var bag = BookingBag()
    _ = bag.searchSubmitted(criteria)
    _ = bag.offerSelected(offer, from: .results(criteria))
    _ = bag.passengersSaved(draft, from: .passengers(offer, prefill: .empty))
    let environment = BagRootFeature.Environment(
      app: .test(airline: airline), screens: ScreensNotKept())
    var root = HeldReplies(BagRootFeature.State(now: Fixture.now)) {
      BagRootFeature.reduce(&$0, $1, at: Fixture.now, environment: environment)
    }
    await root.send(.opened(bag, notice: nil))
    await root.deliverAll()
    return root
  }

  /// The bag's screen at 100x30: the trip bar's price (the bag's `totalPrice`) and the Pay
  /// button's (the payment screen's quote).
  static func prices(_ state: BagRootFeature.State) -> (tripBar: String?, pay: String?) {
    var canvas = Canvas(width: 100, height: 30)
    BagView.draw(state, on: &canvas, theme: .monochrome)
    let text = canvas.lines.joined(separator: "\n")
    return (
      text.firstMatch(of: #/Your trip: \S+ \d\d:\d\d · ([A-Z]{3} [\d,.]+)/#).map {
        String($0.output.1)
      },
      text.firstMatch(of: #/\[ Pay ([A-Z]{3} [\d,.]+) \]/#).map { String($0.output.1) }
    )
  }

  @Test(
    "the bag: a refresh asked before the bag was added, landing after it, shows the total without the bag",
    arguments: Arrival.allCases)
  func bagTotal(arrival: Arrival) async throws {
    #expect(withBag.total != offer.total, "the bag costs something")
    var root = await bagAtExtras()
    await root.send(.key(.character("c")))
    await root.deliverAll(keeping: Self.isRefresh)
    #expect(root.state.bag.quote == withoutBag && root.state.current == .payment)
    #expect(root.replies.count == 1, "the first payment screen's refresh is in flight")
    if arrival == .onTime { try #require(await root.deliver(Self.isRefresh)) }

    // The traveller goes back and adds a bag.
    await root.send(Self.addABag.map { .key($0) })
    await root.deliverAll(keeping: Self.isRefresh)
    #expect(root.state.bag.quote == withBag && root.state.current == .payment)
    #expect(Self.prices(root.state) == (shown(withBag.total), shown(withBag.total)))
    #expect(root.state.bag.writers[.totalPrice] == .extrasScreen)
    let inFlight = root.replies.count
    #expect(inFlight == (arrival == .onTime ? 1 : 2))

    // The first refresh's reply: home already, or now, written over the price with the bag.
    if arrival == .late { try #require(await root.deliver(Self.isRefresh)) }
    let seen = Self.prices(root.state)
    switch arrival {
    case .onTime:
      #expect(seen == (shown(withBag.total), shown(withBag.total)))
      #expect(root.state.bag.writers[.totalPrice] == .extrasScreen)
    case .late:
      #expect(seen == (shown(offer.total), shown(withBag.total)), "the bag is gone from the total")
      #expect(root.state.bag.writers[.totalPrice] == .priceRefresh)
    }

    // The refresh the second payment screen asked for writes the bare fare too, whenever it
    // lands: that writer ignores the extras (failure 5). What the order decided is above.
    try #require(await root.deliver(Self.isRefresh))
    #expect(root.replies.isEmpty)
    #expect(Self.prices(root.state) == (shown(offer.total), shown(withBag.total)))
    #expect(root.state.bag.quote == withBag, "the airline would charge the quote")
  }

  // MARK: - The real flow

  /// The real root at the extras step, restored on the same draft, its seat map loaded; replies
  /// held.
  func realAtExtras() async -> HeldReplies<RootFeature.State, RootFeature.Action> {
    var flow = BookingFlow()
    _ = flow.searchSubmitted(criteria)
    _ = flow.offerSelected(offer, from: .results(criteria))
    _ = flow.passengersSaved(draft, from: .passengers(offer, prefill: .empty))
    let environment = AppEnvironment.test(airline: airline)
    var root = HeldReplies(RootFeature.State(now: Fixture.now)) {
      RootFeature.reduce(&$0, $1, at: Fixture.now, environment: environment)
    }
    await root.send(.restored(Restoration(flow: flow, outcome: .resumed(at: .extras))))
    await root.deliverAll()
    return root
  }

  /// The real screen's Pay button's price, and whether any other price of the trip is on it.
  static func prices(_ state: RootFeature.State) -> (pay: String?, tripBar: Bool) {
    let text = RootView.render(state, width: 100, height: 30, theme: .monochrome).lines
      .joined(separator: "\n")
    return (
      text.firstMatch(of: #/\[ Pay ([A-Z]{3} [\d,.]+) \]/#).map { String($0.output.1) },
      text.contains("Your trip:")
    )
  }

  @Test("the real flow: the same keys, the same airline: the total is the payment step's quote")
  func realTotal() async throws {
    var root = await realAtExtras()
    await root.send(.key(.character("c")))
    #expect(root.replies.count == 1, "the pricing")
    await root.deliverAll()
    #expect(root.state.flow.path.last == .payment(withoutBag))
    #expect(root.replies.isEmpty, "no refresh: nothing but the step writes its price")
    #expect(Self.prices(root.state) == (shown(withoutBag.total), false))

    await root.send(Self.addABag.map { .key($0) })
    await root.deliverAll()
    #expect(root.state.flow.path.last == .payment(withBag))
    #expect(root.replies.isEmpty)
    #expect(Self.prices(root.state) == (shown(withBag.total), false))
    #expect(
      !root.state.flow.path.contains(.payment(withoutBag)), "the first quote left with its step")
  }
}
