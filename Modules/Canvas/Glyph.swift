import Synchronization

/// A cell's grapheme cluster held without a reference, so a cell is plain data: writing,
/// copying and comparing cells never retains or releases (a frame writes every cell).
///
/// Up to 15 UTF-8 bytes are kept inline (every character a terminal shows in one or two columns
/// but the longest emoji sequences); a longer cluster is kept once in a table shared by the
/// process and held here by its index. Equal clusters are always held the same way, so equal
/// glyphs are equal bits.
struct Glyph: Hashable, Sendable {
  /// Bytes 0 to 7, the first in the lowest bits.
  private var low: UInt64
  /// Bytes 8 to 14; the top byte is the count of bytes, or `tabled` for a table index in `low`.
  private var high: UInt64

  private static let tabled: UInt64 = 0xFF

  /// The empty cluster of a wide character's second cell.
  static let empty = Glyph(low: 0, high: 0)
  /// A space.
  static let space = Glyph(ascii: 0x20)

  private init(low: UInt64, high: UInt64) {
    self.low = low
    self.high = high
  }

  /// One ASCII byte.
  init(ascii: UInt8) {
    self.init(low: UInt64(ascii), high: 1 << 56)
  }

  /// One scalar.
  init(scalar: UInt32) {
    var glyph = Glyph.empty
    if let scalar = Unicode.Scalar(scalar) {
      UTF8.encode(scalar) { glyph.append($0) }
    }
    self = glyph
  }

  /// `text`, inline when its UTF-8 fits.
  init(_ text: String) {
    if text.utf8.count <= 15 {
      var glyph = Glyph.empty
      for byte in text.utf8 { glyph.append(byte) }
      self = glyph
      return
    }
    let index = Self.table.withLock { table in
      if let known = table.indices[text] { return known }
      let index = UInt64(table.texts.count)
      table.texts.append(text)
      table.indices[text] = index
      return index
    }
    self.init(low: index, high: Self.tabled << 56)
  }

  /// Adds one byte to an inline glyph of fewer than 15.
  private mutating func append(_ byte: UInt8) {
    let count = Int(high >> 56)
    if count < 8 {
      low |= UInt64(byte) << (count * 8)
    } else {
      high |= UInt64(byte) << ((count - 8) * 8)
    }
    high = high & ~(0xFF << 56) | UInt64(count + 1) << 56
  }

  /// The cluster's scalar when it is exactly one, read from the inline bytes without making a
  /// string; nil for a longer cluster (or the empty one).
  var onlyScalar: Unicode.Scalar? {
    // One ASCII byte, the most common cell, first.
    if high == 1 << 56, low < 0x80 { return Unicode.Scalar(UInt8(truncatingIfNeeded: low)) }
    let count = Int(high >> 56)
    guard count >= 1, count <= 4 else { return nil }
    let lead = UInt32(truncatingIfNeeded: low & 0xFF)
    let length =
      lead < 0x80
      ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
    guard length == count else { return nil }
    var value = length == 1 ? lead : lead & (0xFF >> (length + 1))
    for index in 1..<length {
      value = value << 6 | UInt32(truncatingIfNeeded: (low >> (index * 8)) & 0x3F)
    }
    return Unicode.Scalar(value)
  }

  /// Clusters too long to keep inline, each once, in the order first seen.
  private static let table = Mutex<(texts: [String], indices: [String: UInt64])>(([], [:]))

  /// The cluster's text.
  var string: String {
    let count = Int(high >> 56)
    if UInt64(count) == Self.tabled {
      return Self.table.withLock { $0.texts[Int(low)] }
    }
    return String(unsafeUninitializedCapacity: count) { buffer in
      for index in 0..<count {
        let word = index < 8 ? low >> (index * 8) : high >> ((index - 8) * 8)
        buffer[index] = UInt8(truncatingIfNeeded: word)
      }
      return count
    }
  }

  /// Calls `body` with each scalar of the cluster, in order, until it returns false (an inline
  /// cluster's text is a small string: nothing is allocated).
  func forEachScalar(_ body: (Unicode.Scalar) -> Bool) {
    for scalar in string.unicodeScalars where !body(scalar) { return }
  }
}
