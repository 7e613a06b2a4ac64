import FlowFaults

extension LessonExample {
  /// Lesson 002's main measurement: paying sends the person back (the seeds' `backToCart`).
  static let coordinator = Measurement(
    "lesson 002: after paying, the flow returns to the search form (pay-to-search)",
    "ders 002: ödemeden sonra akış arama formuna döner (ödemeden-aramaya)")
  /// Lesson 002's limiting measurement: an extra step before the confirmation.
  static let extraStep = Measurement(
    "lesson 002, limiting: an extra notice before the confirmation (extra-notice)",
    "ders 002, sınırlayıcı: onaydan önce fazladan bir bildirim (fazla-bildirim)")
  /// Lesson 002's stuck flow: the event never reported.
  static let stuck = Measurement(
    "lesson 002, limits: the payment screen never reports the event (pay-unreported)",
    "ders 002, sınırlar: ödeme ekranı olayı hiç bildirmez (ödeme-bildirilmedi)")
  /// Lesson 002's first assumption (MM1): the route array does not guarantee the screen.
  static let rightRouteWrongScreen = Measurement(
    "lesson 002, MM1: a right route drawn with the wrong screen (wrong-screen)",
    "ders 002, MM1: doğru rota, yanlış ekranla çizilir (yanlış-ekran)")
  /// Lesson 004's main measurement on the extras reducer.
  static let bagsReducer = Measurement(
    "lesson 004: the extras reducer, `-` removes every bag (ExtrasFeature)",
    "ders 004: ek hizmetler indirgeyicisi, `-` bütün bagajları siler (ExtrasFeature)")
  /// Lesson 004's main measurement on a second reducer.
  static let cardReducer = Measurement(
    "lesson 004 on a second reducer: Backspace empties the card number (PaymentFeature)",
    "ders 004 ikinci bir indirgeyicide: Geri silme kart numarasını boşaltır (PaymentFeature)")
  /// Lesson 004's limiting measurement: a recorded expectation, on the extras reducer.
  static let recorded = Measurement(
    "lesson 004, limiting: bags recorded from the faulty extras reducer",
    "ders 004, sınırlayıcı: kusurlu ek hizmetler indirgeyicisinden kaydedilmiş bagajlar")
  /// Lesson 004's limiting measurement again, on the flow: a path recorded from a faulty run.
  static let recordedFlow = Measurement(
    "lesson 004, limiting, on the flow: a path recorded from a pay-to-search run",
    "ders 004, sınırlayıcı, akışta: ödemeden-aramaya koşusundan kaydedilmiş bir rota")
  /// Lesson 004's next step: a check bound to a real network.
  static let network = Measurement(
    "lesson 004, next step: a check bound to a network that loses calls",
    "ders 004, sonraki adım: çağrı kaybeden bir ağa bağlı denetim")
  /// Lesson 001's failures of the bag.
  static let bagFailures = Measurement(
    "lesson 001: what the bag breaks (bag), each a check that must separate it",
    "ders 001: çantanın bozduğu şeyler (çanta), her biri onu ayırması gereken bir denetim")

  /// Every lesson example, in the lessons' order.
  public static let catalogue: [LessonExample] = [
    flow(
      "002", coordinator, "odeme-tamamlandi", .paymentCompleted(), "pay-to-search", .blind),
    flow("002", coordinator, "son-ekran", .lastStep(), "pay-to-search", .separating),
    flow("002", coordinator, "rota-basi", .firstStep(), "pay-to-search", .blind),
    flow("002", coordinator, "tum-rota", .wholePath(), "pay-to-search", .separating),
    flow("002", extraStep, "son-ekran-bildirim", .lastStep(), "extra-notice", .blind),
    flow("002", extraStep, "tum-rota-bildirim", .wholePath(), "extra-notice", .separating),
    flow("002", stuck, "tum-rota", .wholePath(), "pay-unreported", .separating),
    flow("002", rightRouteWrongScreen, "tum-rota", .wholePath(), "wrong-screen", .blind),
    bagsState, bagsLeft, bagsNotNegative, singleBag,
    cardNumber, cardNumberSingle,
    recordedBagsTwo, recordedBagsOne,
    flow(
      "004", recordedFlow, "kayit-iki-ekle-bir-kaldir", .recordedPath(), "pay-to-search", .inverted),
    flow(
      "004", recordedFlow, "kayit-bir-ekle-bir-kaldir", .recordedPathBack(), "pay-to-search", .blind
    ),
    flow("004", network, "", .restoreOverNetwork(), "stale-quote", .noisy),
    flow("001", bagFailures, "", .noOldSeats(), "bag", .separating, outright: false),
    flow("001", bagFailures, "", .paymentGone(), "bag", .separating, outright: false),
    flow("001", bagFailures, "", .restoreKeepsData(), "bag", .separating, outright: false),
    flow("001", bagFailures, "", .restorePayLive(), "bag", .separating, outright: false),
    flow("001", bagFailures, "", .linkBack(), "bag", .separating, outright: false),
    flow("001", bagFailures, "", .priceIsQuote(), "bag", .separating, outright: false),
    flow("001", bagFailures, "", .priceFollowsFlight(), "bag", .separating, outright: false),
    flow("001", bagFailures, "", .payLive(), "bag", .separating, outright: false),
  ]

  /// A cell of the flow matrix as a lesson example.
  static func flow(
    _ lesson: String, _ measurement: Measurement, _ seedLabel: String, _ check: Check,
    _ faultName: String, _ stated: Separation, outright: Bool = true
  ) -> LessonExample {
    let fault = FlowVersion.fault(named: faultName)
    return LessonExample(
      lesson: lesson, measurement: measurement, seedLabel: seedLabel,
      name: "\(check.name) x \(faultName)",
      turkishName: "\(check.turkishName) x \(fault?.turkishName ?? faultName)", stated: stated,
      statedOutright: outright, summary: check.summary, turkishSummary: check.turkishSummary,
      evaluate: { _ in
        guard let fault else { throw UnknownFault(name: faultName) }
        return try await Lab().contrast(check, fault).verdicts
      })
  }

  /// A lesson names a fault faultlab does not have.
  struct UnknownFault: Error {
    let name: String
  }
}
