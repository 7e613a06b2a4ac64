extension Check {
  /// One field: after going back and choosing offer B, the passengers screen shows offer B.
  public static func offerChanged() -> Check {
    Check(
      name: "offer-changed", summary: "after changing offer, the passengers screen shows offer-b",
      turkishSummary: "teklif değiştirilince yolcu ekranında offer-b görünür",
      scenario: .offerChange, expecting: "offer-b",
      read: { $0.path.first { $0.screen == .passengers }?.detail ?? "none" })
  }

  /// One field: after changing offer, no seats chosen for the old flight are held.
  public static func noOldSeats() -> Check {
    Check(
      name: "no-old-seats", summary: "after changing offer, no seats from the old flight remain",
      turkishSummary: "teklif değiştirilince eski uçuşun koltuklarından hiçbiri kalmaz",
      scenario: .offerChange, expecting: "none", read: \.seatList)
  }

  /// A relaunch while the price lock holds comes back to payment.
  public static func restoreInTime() -> Check {
    Check(
      name: "restore-in-time", summary: "a relaunch before the price lock runs out resumes payment",
      turkishSummary: "fiyat kilidi bitmeden yeniden açılışta ödeme ekranından devam edilir",
      scenario: .restoreInTime, expecting: "results>passengers>extras>payment", read: \.trail)
  }

  /// A relaunch after the price lock ran out opens extras, to price again, not payment.
  public static func restoreExpired() -> Check {
    Check(
      name: "restore-expired", summary: "a relaunch after the price lock ran out opens extras",
      turkishSummary: "fiyat kilidi bittikten sonra yeniden açılışta ek hizmetler ekranı açılır",
      scenario: .restoreExpired, expecting: "extras", read: \.lastScreen)
  }
}
