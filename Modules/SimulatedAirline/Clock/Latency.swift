import Airline

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How long the simulated airline takes to answer, so spinners show and late replies happen.
public struct Latency: Hashable, Sendable {
  /// The shortest and longest answer time in milliseconds.
  public let milliseconds: ClosedRange<Int>

  /// Answers taking between `milliseconds.lowerBound` and `upperBound` ms.
  public init(milliseconds: ClosedRange<Int>) {
    self.milliseconds = max(0, milliseconds.lowerBound)...max(0, milliseconds.upperBound)
  }

  /// Answers at once: for tests.
  public static let none = Latency(milliseconds: 0...0)

  /// A realistic airline API: 150 to 600 ms.
  public static let realistic = Latency(milliseconds: 150...600)

  /// Answers taking exactly `ms` milliseconds.
  public static func fixed(_ ms: Int) -> Latency { Latency(milliseconds: ms...ms) }

  /// Waits one answer's time. Returns at once when there is no latency or the task is cancelled.
  public func pause() async {
    guard milliseconds.upperBound > 0 else { return }
    let delay = Int.random(in: milliseconds)
    try? await Task.sleep(for: .milliseconds(delay))
  }
}
