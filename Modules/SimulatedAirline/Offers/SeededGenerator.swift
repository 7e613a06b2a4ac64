import Airline

/// A small deterministic random number generator (SplitMix64), so equal searches give equal
/// offers on every run and every machine.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  /// A generator seeded from `text` (FNV-1a hash of its UTF-8 bytes).
  init(seed text: String) { state = Self.hash(text) }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// FNV-1a, 64 bits: stable across runs, unlike `Hasher`.
  static func hash(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }
}
