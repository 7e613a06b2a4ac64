import Testing

@testable import Canvas

@Suite("Cell text held inline")
struct GlyphTests {
  static let clusters = [
    "", " ", "a", "~", "ç", "İ", "€", "→", "─", "█", "界", "🙂", "e\u{301}", "❤️", "🇹🇷", "👍🏽",
    "1️⃣", "👩‍💻", "👨‍👩‍👧‍👦", "🏳️‍🌈", "a\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}",
  ]

  @Test("every cluster reads back as written, inline or from the table")
  func roundTrip() {
    for cluster in Self.clusters {
      #expect(Glyph(cluster).string == cluster, "\(cluster.debugDescription)")
      var cell = Cell(grapheme: cluster, width: 1, style: .plain)
      #expect(cell.grapheme == cluster)
      cell.grapheme = "x"
      #expect(cell.grapheme == "x")
    }
  }

  @Test("a cell's only scalar is its cluster's when it has exactly one, and nil otherwise")
  func onlyScalar() {
    for cluster in Self.clusters + ["\u{7F}", "\u{10FFFF}", "\u{1F600}", "\u{80}"] {
      let scalars = Array(cluster.unicodeScalars)
      let expected = scalars.count == 1 ? scalars.first : nil
      #expect(
        Cell(grapheme: cluster, width: 1, style: .plain).onlyScalar == expected,
        "\(cluster.debugDescription)")
    }
  }

  @Test("a cell's scalars are its cluster's, read without a string, and stop when asked")
  func scalarsOfACell() {
    for cluster in Self.clusters {
      var read: [Unicode.Scalar] = []
      Cell(grapheme: cluster, width: 1, style: .plain).forEachScalar {
        read.append($0); return true
      }
      #expect(read == Array(cluster.unicodeScalars), "\(cluster.debugDescription)")
      var first: [Unicode.Scalar] = []
      Cell(grapheme: cluster, width: 1, style: .plain).forEachScalar {
        first.append($0); return false
      }
      #expect(first == Array(cluster.unicodeScalars.prefix(1)))
    }
  }

  @Test("glyphs are equal exactly when their clusters are, long ones included")
  func equality() {
    for first in Self.clusters {
      for second in Self.clusters {
        #expect((Glyph(first) == Glyph(second)) == (first == second), "\(first) \(second)")
      }
    }
    #expect(Glyph.empty == Glyph(""))
    #expect(Glyph.space == Glyph(" "))
  }

  @Test("a scalar or an ASCII byte makes the glyph its text makes")
  func scalars() {
    for value: UInt32 in [
      0x20, 0x41, 0x7E, 0xA0, 0xE7, 0x130, 0x2FF, 0x20AC, 0x2192, 0x2588, 0x754C, 0x1F642,
    ] {
      let scalar = Unicode.Scalar(value).map(String.init) ?? ""
      #expect(Glyph(scalar: value) == Glyph(scalar), "\(value)")
      #expect(Glyph(scalar: value).string == scalar)
    }
    for byte: UInt8 in 0x20..<0x7F {
      #expect(Glyph(ascii: byte) == Glyph(String(UnicodeScalar(byte))))
    }
  }
}
