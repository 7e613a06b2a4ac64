import Domain
import FlowFaults
import FlowOwner

/// A fixed sequence of events a check drives a flow through before it looks; no sleeps, no I/O.
public enum Scenario: String, Hashable, Sendable, CaseIterable, Summarised {
  /// Search, choose offer A, save passengers, price extras: at payment.
  case booking
  /// The booking, then pay on the real payment screen, which reports the booking.
  case pay
  /// Search, then back to the search form.
  case searchBack = "search-back"
  /// Search, then choose offer A twice (a double press).
  case doubleSubmit = "double-submit"
  /// Search, choose offer A, go back; then the passengers' save reply arrives late.
  case lateReply = "late-reply"
  /// The booking, back to results, choose offer B, save passengers: at extras.
  case offerChange = "offer-change"
  /// The booking, save the snapshot, relaunch while the price lock holds.
  case restoreInTime = "restore-in-time"
  /// The booking, save the snapshot, relaunch after the price lock ran out.
  case restoreExpired = "restore-expired"
  /// The booking, save the snapshot, relaunch at once over a network that loses calls (seeded).
  case restoreOverNetwork = "restore-network"
  /// A payment link for quote A, paid; a new booking to offer B's payment, then back.
  case linkThenBack = "link-then-back"
  /// The booking, then the promo code, then the background price refresh comes home.
  case priceWriters = "price-writers"
  /// A booking paid, its travellers saved; a new booking of offer B to payment.
  case savedTravellers = "saved-travellers"
  /// A booking paid, then opened in the trips and cancelled: the child flow's quote, then its
  /// confirmation.
  case cancelTrip = "cancel-trip"

  /// What the scenario does, in one line.
  public var summary: String {
    switch self {
    case .booking: "search, choose offer-a, save passengers, price extras (at payment)"
    case .pay: "the booking, then pay on the real payment screen"
    case .searchBack: "search, then back to the search form"
    case .doubleSubmit: "search, then choose offer-a twice"
    case .lateReply: "search, choose offer-a, back, then the passengers' save reply arrives"
    case .offerChange: "the booking, back to results, choose offer-b, save passengers"
    case .restoreInTime: "the booking, snapshot, relaunch at once"
    case .restoreExpired: "the booking, snapshot, relaunch after the 15-minute price lock"
    case .restoreOverNetwork:
      "the booking, snapshot, relaunch at once over a network that loses calls (seed 7)"
    case .linkThenBack:
      "a pay link for quote-a, paid; a new booking of offer-b to payment, then back"
    case .priceWriters:
      "the booking, then the promo code, then the price refresh comes home"
    case .savedTravellers:
      "the booking paid, its travellers saved; a new booking of offer-b to payment"
    case .cancelTrip:
      "the booking paid, opened in the trips and cancelled (c, the quote, Enter)"
    }
  }

  /// The same line in Turkish.
  public var turkishSummary: String {
    switch self {
    case .booking:
      "ara, offer-a teklifini seç, yolcuları kaydet, ek hizmetleri fiyatla (ödemede)"
    case .pay: "booking senaryosu, ardından gerçek ödeme ekranında ödeme yap"
    case .searchBack: "ara, ardından arama formuna geri dön"
    case .doubleSubmit: "ara, ardından offer-a teklifini iki kez seç"
    case .lateReply: "ara, offer-a teklifini seç, geri dön, ardından yolcu kaydının yanıtı gelir"
    case .offerChange:
      "booking senaryosu, sonuçlara dön, offer-b teklifini seç, yolcuları kaydet"
    case .restoreInTime: "booking senaryosu, anlık kayıt al, hemen yeniden aç"
    case .restoreExpired:
      "booking senaryosu, anlık kayıt al, 15 dakikalık fiyat kilidi bitince yeniden aç"
    case .restoreOverNetwork:
      "booking senaryosu, anlık kayıt al, çağrı kaybeden bir ağ üzerinden hemen yeniden aç "
        + "(tohum 7)"
    case .linkThenBack:
      "quote-a için ödeme bağlantısı, ödendi; offer-b için ödemeye kadar yeni bir rezervasyon, "
        + "sonra geri"
    case .priceWriters:
      "booking senaryosu, ardından promosyon kodu, ardından fiyat yenilemesinin yanıtı gelir"
    case .savedTravellers:
      "booking senaryosu ödendi, yolcuları kaydedildi; offer-b için ödemeye kadar yeni bir "
        + "rezervasyon"
    case .cancelTrip:
      "booking senaryosu ödendi, seyahatlerde açıldı ve iptal edildi (c, teklif, Enter)"
    }
  }

  /// Drives a fresh flow of `version` through the scenario and observes it.
  public func observe(_ version: FlowVersion, _ fixtures: LabFixtures) async -> Observation {
    var flow = version.make()
    switch self {
    case .booking:
      Self.walkToPayment(&flow, fixtures)
    case .pay:
      Self.walkToPayment(&flow, fixtures)
      let screen = PaymentScreen(fixtures)
      if let reference = screen.reported { flow.paid(reference, from: fixtures.payment) }
      return Observation(of: flow, paymentCompleted: "\(screen.completed)")
    case .searchBack:
      flow.searchSubmitted(fixtures.criteria)
      flow.back()
    case .doubleSubmit:
      flow.searchSubmitted(fixtures.criteria)
      flow.advance(to: .passengers(fixtures.offerA), from: fixtures.results)
      flow.advance(to: .passengers(fixtures.offerA), from: fixtures.results)
    case .lateReply:
      flow.searchSubmitted(fixtures.criteria)
      flow.advance(to: .passengers(fixtures.offerA), from: fixtures.results)
      flow.back()
      flow.advance(to: .extras(fixtures.draftA), from: fixtures.passengers)
    case .offerChange:
      Self.walkToPayment(&flow, fixtures)
      // Back to the results: one Back for each step after them on a path at payment.
      for _ in StepKind.chain.dropFirst() { flow.back() }
      flow.advance(to: .passengers(fixtures.offerB), from: fixtures.results)
      let shown = flow.path.last?.step ?? .passengers(fixtures.offerB, prefill: .empty)
      flow.advance(to: .extras(fixtures.draftB), from: shown)
    case .restoreInTime, .restoreExpired, .restoreOverNetwork:
      Self.walkToPayment(&flow, fixtures)
      let json = flow.snapshotJSON()
      let now = self == .restoreExpired ? LabFixtures.afterPriceLock : LabFixtures.now
      flow = version.make()
      if self == .restoreOverNetwork {
        await flow.restore(json, using: SeededNetwork(fixtures.lookup), now: now)
      } else {
        await flow.restore(json, using: fixtures.lookup, now: now)
      }
    case .linkThenBack:
      await flow.openPayLink(fixtures.quoteA.id, using: fixtures.lookup, now: LabFixtures.now)
      flow.paid(fixtures.reference, from: flow.path.last?.step ?? fixtures.payment)
      flow.startOver()
      Self.book(&flow, fixtures.offerB, fixtures.draftB, fixtures.quoteB, fixtures)
      flow.back()
    case .priceWriters:
      Self.walkToPayment(&flow, fixtures)
      flow.promoApplied()
      flow.priceRefreshed(fixtures.offerA)
    case .savedTravellers:
      Self.walkToPayment(&flow, fixtures)
      flow.paid(fixtures.reference, from: fixtures.payment)
      flow.travellersSaved()
      flow.startOver()
      Self.book(&flow, fixtures.offerB, fixtures.draftB, fixtures.quoteB, fixtures)
    case .cancelTrip:
      Self.walkToPayment(&flow, fixtures)
      flow.paid(fixtures.reference, from: fixtures.payment)
      let trips = TripsScreen.cancel(through: &flow, fixtures)
      return Observation(of: flow, trips: trips)
    }
    return Observation(of: flow)
  }

  /// A search, then each step of the chain after the results as the step before it pushes it,
  /// built from `offer`, `draft` and `quote` (`BookingStep.init(_:from:)`), up to the payment:
  /// each screen reports from the step it shows, and a step the flow under test already shows or
  /// went past (a bag skipping the passengers of saved travellers) reports nothing.
  private static func book(
    _ flow: inout any FlowUnderTest, _ offer: Offer, _ draft: BookingDraft, _ quote: Quote,
    _ fixtures: LabFixtures
  ) {
    flow.searchSubmitted(fixtures.criteria)
    var pushed = fixtures.results
    for next in chain(.init(offer: offer, draft: draft, quote: quote)) {
      let shown = flow.path.last?.step
      if let shown, shown.kind >= next.kind { continue }
      flow.advance(to: next, from: shown ?? pushed)
      pushed = next
    }
  }

  /// Each screen reports its output from the step it was pushed with: the chain after the
  /// results, built from offer, draft and quote A.
  private static func walkToPayment(_ flow: inout any FlowUnderTest, _ fixtures: LabFixtures) {
    flow.searchSubmitted(fixtures.criteria)
    var origin = fixtures.results
    for next in chain(.init(offer: fixtures.offerA, draft: fixtures.draftA, quote: fixtures.quoteA))
    {
      flow.advance(to: next, from: origin)
      origin = next
    }
  }

  /// The steps of the chain after the results, each as the step before it pushes it
  /// (`BookingStep.asPushed`), built from `records`.
  private static func chain(_ records: BookingStep.Records) -> [BookingStep] {
    StepKind.chain.dropFirst().compactMap { BookingStep($0, from: records)?.asPushed }
  }
}
