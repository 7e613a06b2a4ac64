extension Check {
  /// Every check, in matrix row order.
  public static let catalogue: [Check] = [
    firstStep(), lastStep(), wholePath(), paymentGone(), recordedPath(), doubleSubmit(),
    lateReply(), offerChanged(), noOldSeats(), restoreInTime(), restoreExpired(),
    snapshotPosition(), snapshotPrivate(),
  ]

  /// The check named `name`, if there is one.
  public static func named(_ name: String) -> Check? {
    catalogue.first { $0.name == name }
  }
}
