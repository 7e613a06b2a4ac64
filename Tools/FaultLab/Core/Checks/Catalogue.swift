extension Check {
  /// Every check, in matrix row order.
  public static let catalogue: [Check] = [
    paymentCompleted(), firstStep(), lastStep(), wholePath(), screenType(), paymentGone(),
    recordedPath(),
    recordedPathBack(), doubleSubmit(), lateReply(), offerChanged(), noOldSeats(),
    priceFollowsFlight(), restoreInTime(), restoreKeepsData(), restorePayLive(),
    restoreExpired(), restoreOverNetwork(), linkBack(), priceIsQuote(), payLive(),
    snapshotPosition(), snapshotPrivate(), childLastScreen(), parentRoute(),
  ]

  /// The check named `name` in English or in Turkish (in Turkish letters or in the seeds' ASCII
  /// spelling: `tüm-rota` or `tum-rota`), if there is one.
  public static func named(_ name: String) -> Check? {
    catalogue.first {
      $0.name == name || $0.turkishName == name || $0.turkishName.seedSpelling == name
    }
  }
}
