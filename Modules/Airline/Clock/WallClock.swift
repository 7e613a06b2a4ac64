import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where the backend and the app read the time: the system clock live, a hand-moved one in tests.
///
/// Nothing in the modules reads `Date()` directly, so expiry and countdowns can be tested without
/// waiting.
public struct WallClock: Sendable {
  /// The current instant.
  public let now: @Sendable () -> Date

  /// A clock reading `now`.
  public init(now: @escaping @Sendable () -> Date) { self.now = now }

  /// The system clock.
  public static let system = WallClock { Date() }

  /// A clock stopped at `instant`.
  public static func fixed(_ instant: Date) -> WallClock { WallClock { instant } }
}

/// A clock that moves only when a test moves it.
public final class ManualClock: Sendable {
  private let instant: Mutex<Date>

  /// A clock at `start`.
  public init(_ start: Date) { instant = Mutex(start) }

  /// The current instant.
  public var now: Date { instant.withLock { $0 } }

  /// Moves the clock forward by `seconds`.
  public func advance(by seconds: TimeInterval) {
    instant.withLock { $0 = $0.addingTimeInterval(seconds) }
  }

  /// Sets the clock to `date`.
  public func set(_ date: Date) { instant.withLock { $0 = date } }

  /// The clock as a `WallClock`.
  public var wallClock: WallClock { WallClock { [self] in self.now } }
}
