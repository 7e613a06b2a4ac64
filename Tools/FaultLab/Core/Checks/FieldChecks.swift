extension Check {
  /// One field: after going back and choosing offer B, the passengers screen shows offer B.
  public static func offerChanged() -> Check {
    Check(
      name: "offer-changed", summary: "after changing offer, the passengers screen shows offer-b",
      scenario: .offerChange, expecting: "offer-b",
      read: { $0.path.first { $0.screen == .passengers }?.detail ?? "none" })
  }

  /// One field: after changing offer, no seats chosen for the old flight are held.
  public static func noOldSeats() -> Check {
    Check(
      name: "no-old-seats", summary: "after changing offer, no seats from the old flight remain",
      scenario: .offerChange, expecting: "none", read: \.seatList)
  }

  /// A relaunch while the price lock holds comes back to payment.
  public static func restoreInTime() -> Check {
    Check(
      name: "restore-in-time", summary: "a relaunch before the price lock runs out resumes payment",
      scenario: .restoreInTime, expecting: "results>passengers>extras>payment", read: \.trail)
  }

  /// A relaunch after the price lock ran out opens extras, to price again, not payment.
  public static func restoreExpired() -> Check {
    Check(
      name: "restore-expired", summary: "a relaunch after the price lock ran out opens extras",
      scenario: .restoreExpired, expecting: "extras", read: \.lastScreen)
  }
}
