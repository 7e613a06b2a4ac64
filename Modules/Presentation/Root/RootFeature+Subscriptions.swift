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
    state.quote.flatMap { nextSecond(of: $0, after: now) }
  }

  /// The instant after `now` when the quote's whole seconds remaining drop by one: with `r`
  /// seconds shown (rounded up), that is `expiresAt - (r - 1)`; the last one is `expiresAt`.
  static func nextSecond(of quote: Quote, after now: Date) -> Date? {
    guard quote.isValid(at: now) else { return nil }
    let remaining = quote.secondsRemaining(at: now)
    return quote.expiresAt.addingTimeInterval(-Double(remaining - 1))
  }
}
