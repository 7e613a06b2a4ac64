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
    hintQuoteAgain: "ask again", refundHeld: "Refund held")

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
    hintQuoteAgain: "yeniden sor", refundHeld: "İade teklifi")
}
