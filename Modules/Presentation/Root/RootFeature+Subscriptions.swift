import Domain
import Runtime

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension RootFeature {
  /// The timers `state` needs at `now`.
  public static func subscriptions(_ state: State, now: Date) -> Subscriptions {
    Subscriptions(countdownTick: countdownTick(state, now: now), spinner: state.isBusy)
  }

  /// The countdown's part of `subscriptions(state, now:)`: all a tick can change, since a tick
  /// moves nothing but the clock (`Action.movesOnlyTheClock`).
  public static func countdownTick(_ state: State, now: Date) -> Date? {
    state.held.flatMap { nextSecond(of: $0, after: now) }
  }

  /// The instant after `now` when the hold's whole seconds remaining drop by one: with `r`
  /// seconds shown (rounded up), that is `expiresAt - (r - 1)`; the last one is `expiresAt`.
  static func nextSecond(of held: Held, after now: Date) -> Date? {
    guard now < held.expiresAt else { return nil }
    let remaining = held.secondsRemaining(at: now)
    return held.expiresAt.addingTimeInterval(-Double(remaining - 1))
  }

  /// What the header counts down: the price a quote on the path holds, or what the trips' quote
  /// holds (a cancellation's refund, a change's price and seats).
  public struct Held: Hashable, Sendable {
    public enum What: Hashable, Sendable { case price, refund, change }

    public let what: What
    public let expiresAt: Date
    /// How long it was held for, in whole seconds.
    public let lockSeconds: Int

    /// Whole seconds left at `now` (rounded up, so 0 means expired), never negative.
    public func secondsRemaining(at now: Date) -> Int {
      max(0, Int(clamping: expiresAt.timeIntervalSince(now), rounding: .up))
    }
  }
}

extension RootFeature.State {
  /// What the header counts down, if anything.
  public var held: RootFeature.Held? {
    if let quote {
      return RootFeature.Held(
        what: .price, expiresAt: quote.expiresAt, lockSeconds: quote.lockSeconds ?? 15 * 60)
    }
    if let held = trips?.trip?.held {
      return RootFeature.Held(
        what: held.kind == .refund ? .refund : .change, expiresAt: held.expiresAt,
        lockSeconds: max(
          1,
          Int(
            clamping: held.expiresAt.timeIntervalSince(held.issuedAt),
            rounding: .toNearestOrAwayFromZero)))
    }
    return nil
  }
}
