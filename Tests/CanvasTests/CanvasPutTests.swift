import Testing

@testable import Canvas

@Suite("Canvas put")
struct CanvasPutTests {
  /// Text of one-column scalars skips grapheme breaking; it must draw exactly what breaking it
  /// into characters draws, over wide characters, at the clip's edges and off the canvas.
  @Test("the one-cell-a-scalar path draws what grapheme breaking draws")
  func simplePathAgreesWithCharacters() {
    let pieces = [
      "a", "Z", " ", "7", "ç", "Ş", "ı", "İ", "ü", "€", "£", "→", "↑", "·", "—", "…", "─", "│",
      "┌", "█", "é", "e\u{301}", "界", "🙂", "🇹🇷", "\u{AD}", "\u{200B}", "❤️", "\t",
    ]
    var seed: UInt64 = 0x5EED
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    for round in 0..<3000 {
      var background = Canvas(width: 12, height: 3)
      // Wide characters underneath, so the ends of a run can cut one in half.
      background.put("界a界b🙂c", x: next(4) - 1, y: 1)
      let simpleOnly = round % 2 == 0
      let length = next(9)
      var text = ""
      for _ in 0..<length {
        let piece = pieces[next(simpleOnly ? 21 : pieces.count)]
        text += piece
      }
      let x = next(16) - 3
      let y = next(3)
      let clip =
        next(3) == 0 ? nil : Rect(x: next(8) - 1, y: next(3), width: next(12), height: next(3))
      var fast = background
      var slow = background
      let fastEnd = fast.put(text, x: x, y: y, style: .plain, clip: clip)
      let slowEnd = slow.putCharacters(text, x: x, y: y, style: .plain, clip: clip)
      #expect(
        fast == slow, "\(text.debugDescription) at \(x),\(y) clipped to \(String(describing: clip))"
      )
      #expect(fastEnd == slowEnd, "\(text.debugDescription) end column")
      // Its width, counted a scalar a column without breaking, is the characters' widths.
      #expect(
        DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) },
        "\(text.debugDescription) width")
      let sub = Substring(text)
      var fromSubstring = background
      fromSubstring.put(sub, x: x, y: y, style: .plain, clip: clip)
      #expect(fromSubstring == slow)
    }
  }
}
