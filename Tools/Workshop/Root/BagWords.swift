import Words

/// What `booking --flow bag` says besides the app's own strings, in English and in Turkish.
public struct BagWords: Sendable {
  /// The header's warning: the broken version must never be taken for the real one.
  public let banner: String
  /// The trip bar, which watches the bag's offer and price: "Your trip: TK1957 08:40 · EUR
  /// 212.00" (a dash when no price is written).
  public let tripBar: @Sendable (_ flight: String, _ price: String?) -> String
  /// The first line of a screen opened with nothing in the bag to build it from.
  public let emptyScreen: String
  /// The Pay button of such a screen.
  public let deadPay: String
  /// The quit question's body.
  public let quitLosesBag: String
  /// Said when the promo code is applied.
  public let promoApplied: String
  /// Said when a confirmation's travellers are saved.
  public let travellersSaved: String
  /// Said when Ctrl-R makes the bag observable.
  public let observable: String
  /// Said when Ctrl-R makes it not observable again.
  public let notObservable: String
  /// The inspector's line under the fields while the bag is observable: who observes it.
  public let observedBy: String
  /// The bag's keys, under the app's in the help.
  public let helpLines: [String]
  /// The inspector's words around the bag's fields.
  public let inspector: BagInspectorWords
  /// In a room: the header's line when the room's bag cannot be read ("... taken as empty").
  public let roomUnreadable: @Sendable (_ problem: String) -> String
  /// In a room: the header's line when the room's bag cannot be written.
  public let roomNotSaved: @Sendable (_ problem: String) -> String
  /// A writer's name, as the activity log says it.
  private let wroteLine: @Sendable (_ writer: String, _ field: String, _ value: String) -> String
  /// A write in the room's bag, as the activity log says it when this process takes it in
  /// (without the attendee's name: the event log keeps no names).
  private let roomWroteLine:
    @Sendable (_ writer: String, _ field: String, _ value: String) -> String
  /// The observed bag's log: who computed the price ("price computed by extras screen: totalPrice
  /// = EUR 212.00"), the observer computing it again, and its own write told back to it.
  private let loopLines: LoopLines

  /// The observed bag's lines in one language.
  struct LoopLines: Sendable {
    let computedBy: @Sendable (_ writer: String, _ field: String, _ value: String) -> String
    let computedAgain: @Sendable (_ field: String, _ value: String) -> String
    let loopEnds: String
  }

  /// The words of `language`.
  public init(_ language: Language) {
    self = language == .turkish ? .turkish : .english
  }

  private init(
    banner: String, tripBar: @escaping @Sendable (String, String?) -> String,
    emptyScreen: String, deadPay: String, quitLosesBag: String, promoApplied: String,
    travellersSaved: String, observable: String, notObservable: String, observedBy: String,
    helpLines: [String], inspector: BagInspectorWords,
    roomUnreadable: @escaping @Sendable (String) -> String,
    roomNotSaved: @escaping @Sendable (String) -> String,
    wroteLine: @escaping @Sendable (String, String, String) -> String,
    roomWroteLine: @escaping @Sendable (String, String, String) -> String, loopLines: LoopLines
  ) {
    self.banner = banner
    self.tripBar = tripBar
    self.emptyScreen = emptyScreen
    self.deadPay = deadPay
    self.quitLosesBag = quitLosesBag
    self.promoApplied = promoApplied
    self.travellersSaved = travellersSaved
    self.observable = observable
    self.notObservable = notObservable
    self.observedBy = observedBy
    self.helpLines = helpLines
    self.inspector = inspector
    self.roomUnreadable = roomUnreadable
    self.roomNotSaved = roomNotSaved
    self.wroteLine = wroteLine
    self.roomWroteLine = roomWroteLine
    self.loopLines = loopLines
  }

  /// "price refresh wrote totalPrice = EUR 212.00": who wrote `field` of `bag` last, and what.
  public func wrote(_ field: BookingBag.Field, _ bag: BookingBag) -> String {
    wroteLine(
      bag.writers[field].map(inspector.writer) ?? "?", field.rawValue,
      bag.value(of: field, inspector))
  }

  /// "the room's bag: results screen wrote selectedOffer = TK1957": a field of the room's bag
  /// another process wrote, as this one took it in.
  public func roomWrote(_ write: RoomWrite, _ field: BookingBag.Field, _ bag: BookingBag)
    -> String
  {
    roomWroteLine(inspector.writer(write.writer), field.rawValue, bag.value(of: field, inspector))
  }

  /// "price computed by extras screen: totalPrice = EUR 212.00": who computed the price (a
  /// writer's name in this language), and the price.
  public func priceComputed(by writer: String, _ price: String) -> String {
    loopLines.computedBy(writer, "totalPrice", price)
  }

  /// "price computed again by the observer: totalPrice = EUR 212.00": the observer's write.
  public func priceComputedAgain(_ price: String) -> String {
    loopLines.computedAgain("totalPrice", price)
  }

  /// The observer's own write, told back to the observers, sets nothing off: the loop ends.
  public var loopEnds: String { loopLines.loopEnds }

  static let english = BagWords(
    banner: "BAG MODE: the broken version, for the workshop",
    tripBar: { "Your trip: \($0) · \($1 ?? "—")" },
    emptyScreen: "This screen reads the bag, and the bag is empty:",
    deadPay: "[ Pay ]",
    quitLosesBag: "Quit? The bag goes with the process; only its screens come back.",
    promoApplied: "Promo code WORKSHOP10: 10% off the price in the bag",
    travellersSaved: "Travellers saved: the next booking skips the passengers screen",
    observable: "Observable bag: the trip bar writes the price back",
    notObservable: "The bag is no longer observable",
    observedBy: "  observed by the trip bar: told of every write, it writes totalPrice back",
    helpLines: [
      "The bag (--flow bag):",
      "Ctrl-P            the promo code, at payment",
      "s                 save the travellers, on a confirmation",
      "Ctrl-R            make the bag observable (again: not)",
    ],
    inspector: .english,
    roomUnreadable: { "The room's bag could not be read, and is taken as empty: \($0)" },
    roomNotSaved: { "The room's bag could not be written: \($0)" },
    wroteLine: { "\($0) wrote \($1) = \($2)" },
    roomWroteLine: { "the room's bag: \($0) wrote \($1) = \($2)" },
    loopLines: LoopLines(
      computedBy: { "price computed by \($0): \($1) = \($2)" },
      computedAgain: { "price computed again by the observer: \($0) = \($1)" },
      loopEnds: "the observer's own write, told back to the observers: the loop ends"))

  static let turkish = BagWords(
    banner: "ÇANTA MODU: bozuk sürüm, atölye için",
    tripBar: { "Seyahatiniz: \($0) · \($1 ?? "—")" },
    emptyScreen: "Bu ekran çantayı okur, çanta ise boş:",
    deadPay: "[ Öde ]",
    quitLosesBag: "Çıkılsın mı? Çanta süreçle birlikte gider; yalnızca ekranları geri gelir.",
    promoApplied: "WORKSHOP10 promosyon kodu: çantadaki fiyattan %10 indirim",
    travellersSaved: "Yolcular kaydedildi: bir sonraki rezervasyon yolcu ekranını atlar",
    observable: "Gözlenebilir çanta: seyahat çubuğu fiyatı geri yazar",
    notObservable: "Çanta artık gözlenebilir değil",
    observedBy: "  seyahat çubuğu gözlüyor: her yazmadan haberdar olur, totalPrice'ı geri yazar",
    helpLines: [
      "Çanta (--flow bag):",
      "Ctrl-P            promosyon kodu, ödeme ekranında",
      "s                 yolcuları kaydet, onay ekranında",
      "Ctrl-R            çantayı gözlenebilir yap (yine: geri al)",
    ],
    inspector: BagInspectorWords(
      heading: "çanta (BookingBag.shared):",
      lastWrittenBy: { "   (son yazan: \($0))" },
      lastWrittenByAttendee: { "   (son yazan: \($0), \($1))" },
      writer: turkishWriter,
      savedScreens: { "  kayıtlı ekranlar (diskte) = \($0)" },
      roomBag: { "  odanın çantası (diskte) = \($0), siz: \($1)" },
      anEmail: "(bir e-posta)", noSeats: "koltuk yok", seats: { "koltuklar " + $0 },
      travellers: { "\($0) yolcu" }),
    roomUnreadable: { "Odanın çantası okunamadı, boş sayılıyor: \($0)" },
    roomNotSaved: { "Odanın çantası yazılamadı: \($0)" },
    wroteLine: { "\($0), \($1) alanına yazdı: \($2)" },
    roomWroteLine: { "odanın çantası: \($0), \($1) alanına yazdı: \($2)" },
    loopLines: LoopLines(
      computedBy: { "fiyatı \($0) hesapladı: \($1) = \($2)" },
      computedAgain: { "fiyatı gözlemci yeniden hesapladı: \($0) = \($1)" },
      loopEnds: "gözlemcinin kendi yazması gözlemcilere geri bildirildi: döngü biter"))

  /// A writer of the bag in Turkish.
  static func turkishWriter(_ writer: BookingBag.Writer) -> String {
    switch writer {
    case .searchScreen: "arama ekranı"
    case .resultsScreen: "sonuçlar ekranı"
    case .resultsSavedTravellers: "sonuçlar ekranı (kayıtlı yolcular)"
    case .passengersScreen: "yolcular ekranı"
    case .extrasScreen: "ek hizmetler ekranı"
    case .priceRefresh: "fiyat yenileme"
    case .promoCode: "promosyon kodu"
    case .tripBar: "seyahat çubuğu (gözlemci)"
    case .paymentScreen: "ödeme ekranı"
    case .confirmationScreen: "onay ekranı"
    case .deepLinkHandler: "derin bağlantı işleyicisi"
    case .reset: "reset()"
    }
  }
}
