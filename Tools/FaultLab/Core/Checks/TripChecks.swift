import FlowFaults

extension Check {
  /// The nested flow's last-screen check: after cancelling in the trips, the child's own screen
  /// shows the booking cancelled. It reads the child, not its parent, so it cannot see whether
  /// the parent was ever told.
  public static func childLastScreen() -> Check {
    Check(
      name: "child-last-screen", turkishName: "alt-son-ekran",
      summary: "after cancelling in the trips, the child flow's screen says cancelled (child only)",
      turkishSummary:
        "seyahatlerde iptalden sonra alt akışın ekranı iptal edildi der (yalnız alt akış)",
      scenario: .cancelTrip, expecting: "cancelled", read: \.childScreen)
  }

  /// The nested flow's whole-route check: after cancelling, the parent's route through the child
  /// is the list's row cancelled, then the child at its end alone.
  public static func parentRoute() -> Check {
    Check(
      name: "parent-route", turkishName: "üst-tüm-rota",
      summary:
        "after cancelling in the trips, the list's row says cancelled and the child is at its "
        + "end alone (parent's whole route)",
      turkishSummary:
        "seyahatlerde iptalden sonra listenin satırı iptal edildi der ve alt akış yalnızca "
        + "sonundadır (üstün tüm rotası)",
      scenario: .cancelTrip, expecting: "trips[cancelled]>cancelled", read: \.parentRoute)
  }
}
