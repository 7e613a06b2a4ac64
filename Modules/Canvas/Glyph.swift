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
    if scalar < 0x80 {
      self.init(ascii: UInt8(scalar))
      return
    }
    var bytes: UInt64
    var count: UInt64
    if scalar < 0x800 {
      bytes = UInt64(0xC0 | scalar >> 6) | UInt64(0x80 | scalar & 0x3F) << 8
      count = 2
    } else if scalar < 0x10000 {
      bytes =
        UInt64(0xE0 | scalar >> 12) | UInt64(0x80 | scalar >> 6 & 0x3F) << 8
        | UInt64(0x80 | scalar & 0x3F) << 16
      count = 3
    } else {
      bytes =
        UInt64(0xF0 | scalar >> 18) | UInt64(0x80 | scalar >> 12 & 0x3F) << 8
        | UInt64(0x80 | scalar >> 6 & 0x3F) << 16 | UInt64(0x80 | scalar & 0x3F) << 24
      count = 4
    }
    self.init(low: bytes, high: count << 56)
  }

  /// `text`, inline when its UTF-8 fits.
  init(_ text: String) {
    var text = text
    let inline = text.withUTF8 { bytes -> Glyph? in
      guard bytes.count <= 15 else { return nil }
      var low: UInt64 = 0
      var high = UInt64(bytes.count) << 56
      for (index, byte) in bytes.enumerated() {
        if index < 8 {
          low |= UInt64(byte) << (index * 8)
        } else {
          high |= UInt64(byte) << ((index - 8) * 8)
        }
      }
      return Glyph(low: low, high: high)
    }
    if let inline {
      self = inline
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

  /// Calls `body` with each scalar of the cluster, in order, until it returns false; no string
  /// is made for an inline cluster.
  func forEachScalar(_ body: (Unicode.Scalar) -> Bool) {
    let count = Int(high >> 56)
    if UInt64(count) == Self.tabled {
      for scalar in string.unicodeScalars where !body(scalar) { return }
      return
    }
    func byte(_ index: Int) -> UInt32 {
      UInt32(truncatingIfNeeded: index < 8 ? low >> (index * 8) : high >> ((index - 8) * 8)) & 0xFF
    }
    // The bytes are valid UTF-8: they were made from a `String` or from one scalar.
    var index = 0
    while index < count {
      let lead = byte(index)
      var value: UInt32
      var length: Int
      switch lead {
      case 0..<0x80: (value, length) = (lead, 1)
      case 0xC0..<0xE0: (value, length) = (lead & 0x1F, 2)
      case 0xE0..<0xF0: (value, length) = (lead & 0x0F, 3)
      default: (value, length) = (lead & 0x07, 4)
      }
      for next in 1..<max(1, length) where index + next < count {
        value = value << 6 | byte(index + next) & 0x3F
      }
      index += length
      guard let scalar = Unicode.Scalar(value), body(scalar) else { return }
    }
  }

  /// Whether this is the empty cluster.
  var isEmpty: Bool { high == 0 }
}
