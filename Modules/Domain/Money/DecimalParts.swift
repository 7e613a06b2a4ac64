#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A `Decimal` as its sign, its mantissa (when it fits in 64 bits) and its power of ten, read
/// from the value's own stored fields.
///
/// `Decimal.description` divides the 128-bit mantissa by ten one digit at a time, allocating
/// arrays as it goes (about a microsecond a price); a price is written for every visible row of
/// every frame. Foundation keeps the fields internal, so they are read from the value's bytes in
/// the layout Foundation has always used (`NSDecimal`: exponent, then the length and sign bits,
/// then eight 16-bit words of mantissa, low word first). That layout is checked once per process
/// against `description` for values of every shape; if a toolchain ever lays it out otherwise,
/// every read gives nil and callers fall back to `description`.
struct DecimalParts: Equatable {
  var negative: Bool
  var mantissa: UInt64
  var exponent: Int

  /// The parts of `value`, or nil for NaN, for a mantissa of more than 64 bits, or when the
  /// layout is not the one checked for.
  init?(_ value: Decimal) {
    guard Self.layoutIsKnown, let parts = Self.read(value) else { return nil }
    self = parts
  }

  private init(negative: Bool, mantissa: UInt64, exponent: Int) {
    self.negative = negative
    self.mantissa = mantissa
    self.exponent = exponent
  }

  /// The fields as `NSDecimal` lays them out, unchecked.
  private static func read(_ value: Decimal) -> DecimalParts? {
    guard MemoryLayout<Decimal>.size == 20 else { return nil }
    return withUnsafeBytes(of: value) { raw -> DecimalParts? in
      let flags = raw[1]
      let length = Int(flags >> 4)  // 16-bit words in use
      let negative = flags & 0x08 != 0
      // No words: zero, or NaN when the sign bit is set.
      if length == 0 {
        return negative ? nil : DecimalParts(negative: false, mantissa: 0, exponent: 0)
      }
      guard length <= 4 else { return nil }
      var mantissa: UInt64 = 0
      for word in stride(from: length - 1, through: 0, by: -1) {
        let bits = raw.loadUnaligned(fromByteOffset: 4 + 2 * word, as: UInt16.self)
        mantissa = mantissa << 16 | UInt64(bits)  // a native UInt16 field
      }
      return DecimalParts(
        negative: negative, mantissa: mantissa, exponent: Int(Int8(bitPattern: raw[0])))
    }
  }

  /// Whether reading the fields gives what `description` says, for values of every shape: signs,
  /// one to four words, positive and negative exponents, zero; and nil past 64 bits.
  static let layoutIsKnown: Bool = {
    let samples = [
      "0", "7", "-0.5", "212.5", "-1234.567", "65536", "1e3", "0.001", "99999999999.999",
      "4294967296.25", "-281474976710656", "18446744073709551615",
    ]
    let agree = samples.allSatisfy { text in
      guard let value = Decimal(string: text), let parts = read(value) else { return false }
      return parts.plainDigits == value.description
    }
    let wide = Decimal(string: "123456789012345678901").map { read($0) == nil } ?? false
    return agree && wide
  }()

  /// The value in plain digits with a `.`, as `description` writes it: `-1234.567`, `1000`.
  var plainDigits: String {
    var digits = String(mantissa)
    if exponent > 0, mantissa != 0 {
      digits += String(repeating: "0", count: exponent)
    } else if exponent < 0 {
      let places = -exponent
      let count = digits.utf8.count
      if count <= places { digits = String(repeating: "0", count: places - count + 1) + digits }
      let point = digits.utf8.count - places
      digits = digits.prefix(point) + "." + digits.suffix(places)
    }
    return negative ? "-" + digits : digits
  }
}
