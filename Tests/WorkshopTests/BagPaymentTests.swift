import Airline
import Canvas
import Domain
import FlowOwner
import Foundation
import Presentation
import Runtime
import Synchronization
import TestSupport
import Testing
import Widgets
import Words
import Workshop

/// The payment screen's test written against the bag: the same behaviour as
/// `PaymentFeatureTests` (Tests/PresentationTests/Features), whose test builds one literal quote,
/// the screen's whole input. On the bag the payment screen is built from whatever the bag holds,
/// so its test fills the bag by hand with what the four screens before it write, and has to know
/// which of those writes the payment reads. Leave one out and nothing says so: the screen is
/// drawn, and Pay does nothing.
@Suite("Payment, through the bag")
struct BagPaymentTests {
  /// The writers the payment's test replays, in the order the screens run.
  enum Write: String, CaseIterable, CustomTestStringConvertible {
    case searchScreen, resultsScreen, passengersScreen, extrasScreen
    var testDescription: String { rawValue }
  }

  let criteria: SearchCriteria
  let offer: Offer
  let draft: BookingDraft
  let quote: Quote
  let card: PaymentCard
  let booking: Booking

  init() throws {
    criteria = try Fixture.criteria()
    offer = try Fixture.offer("o1")
    draft = try Fixture.draft("d1", for: offer)
    quote = try Fixture.quote("q1", for: draft)
    card = try PaymentCard(number: "4242424242424242", expiry: "12/30", cvc: "123")
    booking = try Fixture.booking(of: quote, for: draft, paidWith: card)
  }

  /// The bag at the payment screen, filled as its test must fill it: not the payment's one
  /// quote, but every field the screens before it write, each write made by hand, less
  /// `skipped`.
  func bagAtPayment(skipping skipped: Write? = nil) -> BookingBag {
    var bag = BookingBag()
    if skipped != .searchScreen {
      _ = bag.searchSubmitted(criteria)  // searchCriteria
    }
    if skipped != .resultsScreen {
      _ = bag.offerSelected(offer, from: .results(criteria))  // selectedOffer
    }
    if skipped != .passengersScreen {
      // draft, contactEmail
      _ = bag.passengersSaved(draft, from: .passengers(offer, prefill: .empty))
    }
    if skipped != .extrasScreen {
      _ = bag.extrasPriced(quote, from: .extras(draft))  // selectedExtras, quote, totalPrice
    }
    return bag
  }

  /// The Pay button of the quote's form.
  var payButton: String { "[ Pay \(quote.total.formatted(Language.english.moneyStyle)) ]" }

  /// How many times the airline was asked to pay.
  final class Payments: Sendable {
    let count = Mutex(0)
  }

  /// The bag's root opened on `bag`, on an airline that answers only the payment (counted in
  /// `payments`), its replies held until the test delivers them.
  func opened(_ bag: BookingBag, payments: Payments) async -> HeldReplies<
    BagRootFeature.State, BagRootFeature.Action
  > {
    var airline = TestAirline.failing
    let (booking, quoteID, offer) = (booking, quote.id, offer)
    // The extras screen, when it is the one on top, loads its seat map.
    airline.seatMap = { _ throws(ServiceError) in
      do { return try Fixture.seatMap(for: offer) } catch { throw .storage("\(error)") }
    }
    airline.pay = { asked, _, _ throws(ServiceError) in
      payments.count.withLock { $0 += 1 }
      guard asked == quoteID else { throw .quoteNotFound(asked) }
      return booking
    }
    // The confirmation, once paid, shows the booking.
    airline.booking = { _ throws(ServiceError) in booking }
    let environment = BagRootFeature.Environment(
      app: .test(airline: airline), screens: ScreensNotKept())
    var root = HeldReplies(BagRootFeature.State(now: Fixture.now)) {
      BagRootFeature.reduce(&$0, $1, at: Fixture.now, environment: environment)
    }
    await root.send(.opened(bag, notice: nil))
    await root.deliverAll()
    return root
  }

  /// The card typed on the payment form, Tab to Pay.
  static let cardTyped: [BagRootFeature.Action] =
    (typed("4242424242424242") + [.tab] + typed("1230") + [.tab] + typed("123") + [.tab])
    .map { .key($0) }

  static func isPaid(_ action: BagRootFeature.Action) -> Bool {
    guard case .step(_, let step) = action, case .paid? = step.action(of: PaymentFeature.self)
    else { return false }
    return true
  }

  /// The bag's screen, drawn at 100x30.
  static func screen(_ state: BagRootFeature.State) -> String {
    var canvas = Canvas(width: 100, height: 30)
    BagView.draw(state, on: &canvas, theme: .monochrome)
    return canvas.lines.joined(separator: "\n")
  }

  @Test("Pay runs once through the bag: a second Enter and Esc do nothing while it is in flight")
  func payOnce() async throws {
    let payments = Payments()
    var root = await opened(bagAtPayment(), payments: payments)
    #expect(root.state.current == .payment && root.state.bag.payBlocker == nil)
    let drawn = Self.screen(root.state)
    #expect(drawn.contains("Your trip: ") && drawn.contains(payButton), "\(drawn)")
    await root.send(Self.cardTyped + [.key(.enter)])
    #expect(root.replies.count == 1 && root.replies.allSatisfy(Self.isPaid))
    await root.send([.key(.enter), .key(.escape)])
    #expect(root.replies.count == 1, "one payment in flight")
    #expect(root.state.bag.screens == [.results, .passengers, .extras, .payment])
    #expect(await root.deliver(Self.isPaid))
    await root.deliverAll()
    #expect(payments.count.withLock { $0 } == 1)
    #expect(root.state.bag.booking == booking.reference)
    #expect(root.state.current == .confirmation)
  }

  @Test(
    "the payment's test must replay every write it reads: which can be left out, and what then",
    arguments: Write.allCases)
  func whichWritesPaymentReads(skipped: Write) async throws {
    let payments = Payments()
    var root = await opened(bagAtPayment(skipping: skipped), payments: payments)
    let drawn = Self.screen(root.state)
    if root.state.current == .payment {
      await root.send(Self.cardTyped + [.key(.enter)])
      await root.deliverAll()
    }
    let paid = payments.count.withLock { $0 }
    switch skipped {
    case .searchScreen:
      // The payment never reads the criteria: only the breadcrumb misses the results.
      #expect(paid == 1 && root.state.bag.booking == booking.reference)
    case .resultsScreen:
      // Nor the offer: the trip bar, which watches it, is gone.
      #expect(!drawn.contains("Your trip:"), "\(drawn)")
      #expect(paid == 1 && root.state.bag.booking == booking.reference)
    case .passengersScreen:
      // The email: the form is drawn as ever, and Pay is dead.
      #expect(drawn.contains(payButton), "\(drawn)")
      #expect(paid == 0 && root.state.bag.payBlocker == .contactEmail)
    case .extrasScreen:
      // The quote: no payment screen at all, the extras are shown.
      #expect(root.state.current == .extras && !drawn.contains("[ Pay "), "\(drawn)")
      #expect(paid == 0)
    }
  }

  @Test("a forgotten field is not an error: the screen is drawn, Pay does nothing, nothing is said")
  func aForgottenFieldIsNotAnError() async throws {
    try await forgottenField(paidWith: .enter)
  }

  @Test("Ctrl-S, which the footer names for Pay, meets the same guard: nothing paid, nothing said")
  func controlSMeetsTheSameGuard() async throws {
    try await forgottenField(paidWith: .control("s"))
  }

  /// The card typed and `key` pressed at a payment whose passengers screen's writes were
  /// forgotten.
  func forgottenField(paidWith key: Key) async throws {
    let payments = Payments()
    // The passengers screen's writes forgotten: contactEmail (and the draft) stay nil.
    var root = await opened(bagAtPayment(skipping: .passengersScreen), payments: payments)
    #expect(root.state.bag.contactEmail == nil)
    await root.send(Self.cardTyped + [.key(key)])
    await root.deliverAll()
    let payment = try #require(root.state.shown?.screen.state(PaymentFeature.self))
    #expect(payment.focus == .pay && !payment.number.text.isEmpty, "the card is typed, on Pay")
    // What a test of "Pay shows no error" sees: it passes.
    #expect(payment.failure == nil && payment.errors.isEmpty && !payment.paying)
    #expect(root.state.shell.notice == nil)
    // What happened: the guard let bailed out. No payment was asked for, and no booking made.
    #expect(payments.count.withLock { $0 } == 0)
    #expect(root.state.bag.booking == nil && root.state.current == .payment)
    #expect(root.state.bag.payBlocker == .contactEmail)
  }
}

/// The bag's screens, kept nowhere: these tests never relaunch.
struct ScreensNotKept: SavedScreensStore {
  func load() -> SavedScreens? { nil }
  func save(_ screens: SavedScreens, number: Int) -> String? { nil }
}
