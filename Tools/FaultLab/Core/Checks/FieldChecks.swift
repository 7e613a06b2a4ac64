import FlowFaults
import FlowOwner

extension Check {
  /// One field: after going back and choosing offer B, the passengers screen shows offer B.
  public static func offerChanged() -> Check {
    Check(
      name: "offer-changed", turkishName: "teklif-değişti",
      summary: "after changing offer, the passengers screen shows offer-b",
      turkishSummary: "teklif değiştirilince yolcu ekranında offer-b görünür",
      scenario: .offerChange, expecting: "offer-b",
      read: { $0.path.first { $0.screen == .passengers }?.detail ?? "none" })
  }

  /// One field: after changing offer, no seats chosen for the old flight are held.
  public static func noOldSeats() -> Check {
    Check(
      name: "no-old-seats", turkishName: "eski-koltuk-yok",
      summary: "after changing offer, no seats from the old flight remain",
      turkishSummary: "teklif değiştirilince eski uçuşun koltuklarından hiçbiri kalmaz",
      scenario: .offerChange, expecting: "none", read: \.seatList)
  }

  /// A relaunch while the price lock holds comes back to payment.
  public static func restoreInTime() -> Check {
    Check(
      name: "restore-in-time", turkishName: "zamanında-geri-yükleme",
      summary: "a relaunch before the price lock runs out resumes payment",
      turkishSummary: "fiyat kilidi bitmeden yeniden açılışta ödeme ekranından devam edilir",
      scenario: .restoreInTime, expecting: trailToPayment, read: \.trail)
  }

  /// A relaunch while the price lock holds brings back the quote and its seats, not only the
  /// screens: the bag's saved back stack reopens payment with nothing in it.
  public static func restoreKeepsData() -> Check {
    Check(
      name: "restore-keeps-data", turkishName: "geri-yükleme-veriyi-korur",
      summary: "a relaunch in time shows payment of quote-a with seats 14A and 14B",
      turkishSummary: "zamanında yeniden açılışta quote-a ödemesi 14A ve 14B koltuklarıyla görünür",
      scenario: .restoreInTime, expecting: "payment(quote-a) 14A,14B",
      read: { "\($0.path.last?.description ?? "search") \($0.seatList)" })
  }

  /// A relaunch after the price lock ran out opens extras, to price again, not payment.
  public static func restoreExpired() -> Check {
    Check(
      name: "restore-expired", turkishName: "süresi-dolmuş-geri-yükleme",
      summary: "a relaunch after the price lock ran out opens extras",
      turkishSummary: "fiyat kilidi bittikten sonra yeniden açılışta ek hizmetler ekranı açılır",
      scenario: .restoreExpired, expecting: "extras", read: \.lastScreen)
  }

  /// The restore-in-time check, but the relaunch fetches over a network (simulated, seeded) that
  /// loses calls: it fails wherever the network does, whatever the flow does.
  public static func restoreOverNetwork() -> Check {
    Check(
      name: "restore-network", turkishName: "ağ-üzerinden-geri-yükleme",
      summary: "a relaunch in time over the network resumes payment (network-bound)",
      turkishSummary: "ağ üzerinden zamanında yeniden açılışta ödeme ekranından devam edilir "
        + "(ağa bağlı)",
      scenario: .restoreOverNetwork, expecting: trailToPayment, read: \.trail)
  }

  /// The screens of a path at payment, as the flow declares its chain of steps:
  /// "results>passengers>extras>payment".
  static var trailToPayment: String { StepKind.chain.map(\.description).joined(separator: ">") }
}
