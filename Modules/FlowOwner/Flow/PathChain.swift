import Domain

extension BookingFlow {
  /// Whether `path` is a chain the flow can hold: each step can follow the one before it
  /// (`BookingStep.mismatch(after:)`): `results`, then each later step carrying the output of the
  /// one before it; or `[confirmation]` alone; or empty.
  public static func isValidChain(_ path: [BookingStep]) -> Bool {
    var previous: BookingStep?
    for step in path {
      guard step.mismatch(after: previous) == nil else { return false }
      previous = step
    }
    return true
  }
}
