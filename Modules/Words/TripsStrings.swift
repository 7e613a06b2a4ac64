import Domain

/// The texts of the trips screen, in one language.
public struct TripsStrings: Sendable {
  /// The panel's title.
  public let title: String
  /// "3 bookings".
  public let count: @Sendable (Int) -> String
  /// While the list is read.
  public let listing: String
  /// No booking yet.
  public let empty: String
  /// A row whose booking is being read.
  public let rowLoading: String
  /// A row whose booking cannot be read, with why.
  public let rowUnreadable: @Sendable (String) -> String
  /// The column names: reference, departure, route, flights, passengers, total, paid on.
  public let columns: [String]
  /// "Paid on 30 Nov".
  public let paidOn: @Sendable (String) -> String
  public let hintOpen: String
  public let hintTrips: String
  /// What the fare allows: a refund before departure, in plain words.
  public let refundRule: @Sendable (FareConditions.Rule) -> String
  /// What the fare allows: a change before departure, in plain words.
  public let changeRule: @Sendable (FareConditions.Rule) -> String
  /// The key that asks for a cancellation quote.
  public let hintCancel: String
  /// While the airline is asked for a cancellation quote.
  public let quoting: String
  /// While the cancellation is confirmed.
  public let cancelling: String
  /// "Cancel booking K7Q2ZP?".
  public let cancelQuestion: @Sendable (String) -> String
  /// "Refund: EUR 210.00 to Visa •••• 4242".
  public let refund: @Sendable (String, String) -> String
  /// What the airline keeps: the amount, and whether the fare was refundable.
  public let kept: @Sendable (String, Bool) -> String
  /// A quote that can no longer be confirmed.
  public let quoteExpired: String
  /// A trip opened again at a quote that expired meanwhile: back at the booking.
  public let resumedExpired: String
  /// "Cancelled on Mon 7 Dec: EUR 210.00 refunded to Visa •••• 4242".
  public let cancelled: @Sendable (String, String, String) -> String
  /// A cancelled booking's mark in the list.
  public let cancelledMark: String
  public let hintConfirmCancel: String
  public let hintKeep: String
  public let hintQuoteAgain: String
  /// The header's countdown label while a cancellation quote holds.
  public let refundHeld: String
  /// The change of a booking (`TripFlow`'s change steps).
  public let change: TripChangeStrings
  /// A fare that allows no change: said where `m` was pressed.
  public var notChangeable: String { change.notChangeable }
  /// Nothing to change to on the day searched.
  public var noChangeOffers: String { change.noOffers }
  /// A trip opened again at a change quote that expired meanwhile.
  public var resumedChangeExpired: String { change.resumedExpired }

  /// English.
  public static let english = TripsStrings(
    title: "Your trips",
    count: { $0 == 1 ? "1 booking" : "\($0) bookings" },
    listing: "Reading your bookings…",
    empty: "No bookings yet. A flight you book is listed here.",
    rowLoading: "loading…",
    rowUnreadable: { "cannot be read: \($0)" },
    columns: ["Ref", "Departs", "Route", "Flight", "Pax", "Total", "Paid"],
    paidOn: { "Paid on \($0)" },
    hintOpen: "open", hintTrips: "trips",
    refundRule: { rule in
      guard rule.allowed else { return "Refund: not refundable (only the taxes come back)" }
      return rule.penalty.map { "Refund: before departure, less \($0.formatted()) kept" }
        ?? "Refund: before departure, in full"
    },
    changeRule: { rule in
      guard rule.allowed else { return "Change: not changeable" }
      return rule.penalty.map { "Change: before departure, \($0.formatted()) + fare difference" }
        ?? "Change: before departure, fare difference only"
    },
    hintCancel: "cancel booking",
    quoting: "Asking the airline what cancelling would refund…",
    cancelling: "Cancelling…",
    cancelQuestion: { "Cancel booking \($0)?" },
    refund: { "Refund: \($0) to \($1)" },
    kept: { amount, refundable in
      refundable
        ? "Kept: \(amount) (the fare's penalty)"
        : "Kept: \(amount) (the fare is not refundable: only taxes come back)"
    },
    quoteExpired: "This cancellation quote expired: press r to ask again.",
    resumedExpired: "Your cancellation quote expired: press c to ask again.",
    cancelled: { day, amount, card in "Cancelled on \(day): \(amount) refunded to \(card)" },
    cancelledMark: "cancelled",
    hintConfirmCancel: "confirm cancellation", hintKeep: "keep the booking",
    hintQuoteAgain: "ask again", refundHeld: "Refund held", change: .english)

  /// Turkish.
  public static let turkish = TripsStrings(
    title: "Seyahatleriniz",
    count: { "\($0) rezervasyon" },
    listing: "Rezervasyonlarınız okunuyor…",
    empty: "Henüz rezervasyon yok. Aldığınız uçuşlar burada listelenir.",
    rowLoading: "yükleniyor…",
    rowUnreadable: { "okunamadı: \($0)" },
    columns: ["Kod", "Kalkış", "Güzergâh", "Uçuş", "Kişi", "Toplam", "Ödeme"],
    paidOn: { "Ödeme tarihi: \($0)" },
    hintOpen: "aç", hintTrips: "seyahatler",
    refundRule: { rule in
      guard rule.allowed else { return "İade: iade edilemez (yalnızca vergiler geri döner)" }
      return rule.penalty.map { "İade: kalkıştan önce, \($0.formatted(.turkish)) kesintiyle" }
        ?? "İade: kalkıştan önce, tamamı"
    },
    changeRule: { rule in
      guard rule.allowed else { return "Değişiklik: değiştirilemez" }
      return rule.penalty.map {
        "Değişiklik: kalkıştan önce, \($0.formatted(.turkish)) + ücret farkı"
      } ?? "Değişiklik: kalkıştan önce, yalnızca ücret farkı"
    },
    hintCancel: "rezervasyonu iptal et",
    quoting: "Havayoluna iptalin ne kadar iade edeceği soruluyor…",
    cancelling: "İptal ediliyor…",
    cancelQuestion: { "\($0) rezervasyonu iptal edilsin mi?" },
    refund: { "İade: \($0), \($1) kartına" },
    kept: { amount, refundable in
      refundable
        ? "Kesinti: \(amount) (ücretin cezası)"
        : "Kesinti: \(amount) (ücret iade edilemez: yalnızca vergiler döner)"
    },
    quoteExpired: "Bu iptal teklifinin süresi doldu: yeniden sormak için r'ye basın.",
    resumedExpired: "İptal teklifinizin süresi doldu: yeniden sormak için c'ye basın.",
    cancelled: { day, amount, card in
      "\(day) tarihinde iptal edildi: \(amount) \(card) kartına iade edildi"
    },
    cancelledMark: "iptal",
    hintConfirmCancel: "iptali onayla", hintKeep: "rezervasyonu koru",
    hintQuoteAgain: "yeniden sor", refundHeld: "İade teklifi", change: .turkish)
}

/// The texts of a booking's change on the trips screen, in one language.
public struct TripChangeStrings: Sendable {
  /// The key that begins a change.
  public let hint: String
  public let notChangeable: String
  /// "Change the outbound of K7Q2ZP" (slice, reference, whether the trip has a return).
  public let title: @Sendable (Int, String, Bool) -> String
  /// "Booked: TK1957, Thu 24 Dec 12:40".
  public let booked: @Sendable (String) -> String
  /// "New day: ◀ Fri 25 Dec ▶".
  public let day: @Sendable (String) -> String
  /// On a round trip: Tab changes the other flight.
  public let otherFlight: String
  public let askingOffers: String
  public let noOffers: String
  public let quoting: String
  public let changing: String
  /// "To pay: EUR 40.00".
  public let toPay: @Sendable (String) -> String
  /// "Back to Visa •••• 4242: EUR 12.00".
  public let refund: @Sendable (String, String) -> String
  /// A change offer's refund, in the list: "EUR 12.00 back".
  public let back: @Sendable (String) -> String
  public let free: String
  /// "New fare EUR 200.00 - booked EUR 180.00 + penalty EUR 20.00".
  public let parts: @Sendable (String, String, String) -> String
  /// "Seats held: 14A, 14B".
  public let seatsHeld: @Sendable (String) -> String
  public let noSeats: String
  public let quoteExpired: String
  public let resumedExpired: String
  /// "Changed on Mon 7 Dec: version 2, now on TK1959".
  public let changed: @Sendable (String, Int, String) -> String
  public let hintDay: String
  public let hintWeek: String
  public let hintOtherFlight: String
  public let hintSeeFlights: String
  public let hintChoose: String
  public let hintConfirm: String
  public let hintPay: String
  public let hintKeep: String
  /// The header's countdown label while a change quote holds.
  public let held: String

  /// English.
  public static let english = TripChangeStrings(
    hint: "change flight",
    notChangeable: "This fare cannot be changed: press c to cancel it instead.",
    title: { slice, reference, roundTrip in
      roundTrip
        ? "Change the \(slice == 0 ? "outbound" : "return") of \(reference)"
        : "Change the flight of \(reference)"
    },
    booked: { "Booked: \($0)" },
    day: { "New day:  ◀ \($0) ▶" },
    otherFlight: "Tab: change the other flight instead",
    askingOffers: "Asking the airline for flights that day…",
    noOffers: "No flights of this airline and cabin that day: try another day.",
    quoting: "Locking the price and holding seats…",
    changing: "Changing your booking…",
    toPay: { "To pay: \($0)" },
    refund: { "Back to \($1): \($0)" },
    back: { "\($0) back" },
    free: "Nothing to pay",
    parts: { new, old, penalty in "New fare \(new) − booked \(old) + penalty \(penalty)" },
    seatsHeld: { "Seats held: \($0)" },
    noSeats: "No seats chosen: the airline assigns them at check-in.",
    quoteExpired: "This change quote expired: press r to ask again.",
    resumedExpired: "Your change quote expired: choose the flight again.",
    changed: { day, version, flights in "Changed on \(day): version \(version), now on \(flights)"
    },
    hintDay: "day", hintWeek: "week", hintOtherFlight: "other flight",
    hintSeeFlights: "see flights", hintChoose: "choose", hintConfirm: "confirm change",
    hintPay: "pay and change", hintKeep: "keep the booking", held: "Change held")

  /// Turkish.
  public static let turkish = TripChangeStrings(
    hint: "uçuşu değiştir",
    notChangeable: "Bu ücret değiştirilemez: bunun yerine iptal etmek için c'ye basın.",
    title: { slice, reference, roundTrip in
      roundTrip
        ? "\(reference): \(slice == 0 ? "gidiş" : "dönüş") uçuşunu değiştir"
        : "\(reference): uçuşu değiştir"
    },
    booked: { "Rezervasyon: \($0)" },
    day: { "Yeni gün:  ◀ \($0) ▶" },
    otherFlight: "Tab: öbür uçuşu değiştir",
    askingOffers: "Havayoluna o günün uçuşları soruluyor…",
    noOffers: "O gün bu havayolunun bu kabinde uçuşu yok: başka bir gün deneyin.",
    quoting: "Fiyat kilitleniyor, koltuklar ayrılıyor…",
    changing: "Rezervasyonunuz değiştiriliyor…",
    toPay: { "Ödenecek: \($0)" },
    refund: { "\($1) kartına iade: \($0)" },
    back: { "\($0) iade" },
    free: "Ödenecek bir şey yok",
    parts: { new, old, penalty in "Yeni ücret \(new) − eski \(old) + ceza \(penalty)" },
    seatsHeld: { "Ayrılan koltuklar: \($0)" },
    noSeats: "Koltuk seçilmedi: havayolu check-in'de atar.",
    quoteExpired: "Bu değişiklik teklifinin süresi doldu: yeniden sormak için r'ye basın.",
    resumedExpired: "Değişiklik teklifinizin süresi doldu: uçuşu yeniden seçin.",
    changed: { day, version, flights in
      "\(day) tarihinde değiştirildi: sürüm \(version), yeni uçuş \(flights)"
    },
    hintDay: "gün", hintWeek: "hafta", hintOtherFlight: "öbür uçuş",
    hintSeeFlights: "uçuşları gör", hintChoose: "seç", hintConfirm: "değişikliği onayla",
    hintPay: "öde ve değiştir", hintKeep: "rezervasyonu koru", held: "Değişiklik teklifi")
}
