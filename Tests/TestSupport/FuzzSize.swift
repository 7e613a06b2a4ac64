import Foundation

/// How many random cases a fuzzing test runs: a slice in every `swift test`, and the whole run
/// with `BOOKING_FUZZ=full` (the README's command for it), each run's cases the first of the
/// whole run's (the same seed, in the same order).
public enum FuzzSize {
  /// Whether `BOOKING_FUZZ=full` asks for the whole run.
  public static let full = ProcessInfo.processInfo.environment["BOOKING_FUZZ"] == "full"

  /// `slice` in an everyday run, `whole` with `BOOKING_FUZZ=full`.
  public static func cases(_ slice: Int, whole: Int) -> Int { full ? whole : slice }
}
