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
    hintOpen: "open", hintTrips: "trips")

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
    hintOpen: "aç", hintTrips: "seyahatler")
}
