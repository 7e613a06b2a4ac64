import Airline
import Domain

/// Where payment attempts' idempotency keys come from: a seed the program draws once (at random
/// for the app, fixed in a test), each attempt's key derived from it, the quote and the
/// attempt's number. A reducer never draws a key: the same actions give the same keys.
public struct PaymentKeys: Hashable, Sendable {
  /// The seed, different for every run of the app.
  public let seed: UInt64

  /// Keys from `seed`.
  public init(seed: UInt64) { self.seed = seed }

  /// Keys from a seed drawn at random now: what a program that pays does once at its start.
  public static func random() -> PaymentKeys {
    var generator = SystemRandomNumberGenerator()
    return PaymentKeys(seed: generator.next())
  }

  /// The key of the `attempt`-th attempt (from 1) at paying `quote`, such as
  /// `pay-5f0c93a1b2c4d6e8-0123456789abcdef-1`: the seed, the quote's ID hashed (an ID from a
  /// link may be 64 characters), the number.
  public func key(for quote: QuoteID, attempt: Int) -> IdempotencyKey {
    let text = "pay-\(Self.hex(seed))-\(Self.hex(Self.hash(quote.rawValue)))-\(max(1, attempt))"
    return (try? IdempotencyKey(text)) ?? .random(prefix: "pay")
  }

  /// FNV-1a over the UTF-8 bytes: the same text, the same hash, in every process.
  static func hash(_ text: String) -> UInt64 {
    text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
  }

  static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
