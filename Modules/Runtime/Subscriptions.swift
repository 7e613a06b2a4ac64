#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The timers a state asks for, worked out from the state alone (the Bubble Tea and TCA habit of
/// deriving subscriptions from state): the app only arms them, so when a tick falls is tested
/// here with a hand-moved clock, not by waiting.
public struct Subscriptions: Hashable, Sendable {
  /// When to send `.tick`: the instant the quote's countdown shows its next second (derived from
  /// `expiresAt`, never by counting); nil when no quote is on the path or it has expired.
  public var countdownTick: Date?
  /// Whether spinner frames (`.spin`, every `spinnerMilliseconds`) are wanted: while anything
  /// loads.
  public var spinner: Bool

  /// Milliseconds between spinner frames.
  public static let spinnerMilliseconds = 100

  /// Nothing to wait for.
  public static let none = Subscriptions(countdownTick: nil, spinner: false)

  public init(countdownTick: Date?, spinner: Bool) {
    self.countdownTick = countdownTick
    self.spinner = spinner
  }
}
