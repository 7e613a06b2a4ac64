/// A kind of text a person types that a recording must replace with a placeholder.
public enum SensitiveText: Hashable, Sendable {
  case name, birthDate, email, phone, cardNumber, cardExpiry, securityCode
}

/// The ID of one step's presence on the path: always increasing, never reused, so a reply for a
/// step that left (even if an equal step came back) is told apart.
public struct StepID: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The number, also the tag of the step's work.
  public let rawValue: Int
  /// The ID numbered `rawValue`.
  public init(_ rawValue: Int) { self.rawValue = rawValue }
  /// Older first.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  /// "#3".
  public var description: String { "#\(rawValue)" }
}
