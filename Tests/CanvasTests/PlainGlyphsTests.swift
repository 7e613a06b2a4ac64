import Foundation
import Testing

@testable import Canvas

@Suite("Cells folded to ASCII and line drawing")
struct PlainGlyphsTests {
  @Test("the symbols the screens draw read the same in ASCII, one column each")
  func symbols() {
    let cases: [(String, String)] = [
      ("✈ Booking", "* Booking"), ("IST → AMS", "IST > AMS"), ("IST ⇄ AMS", "IST = AMS"),
      ("◂ Mr ▸", "< Mr >"), ("‹ 1A ›", "< 1A >"), ("▴▾▲▼", "^v^v"), ("←↑↓→", "<^v>"),
      ("Finding flights…", "Finding flights."), ("IST · AMS", "IST . AMS"),
      ("•••• 4242", "**** 4242"), ("18–24", "18-24"), ("2 × 10", "2 x 10"), ("↩", "<"),
      ("▁▂▃▄▅▆▇█", "__--==##"), ("███░░", "###.."), ("− 1 +", "- 1 +"), ("O’Brien", "O'Brien"),
      ("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏", "-\\|/-\\|/-\\"),
    ]
    for (text, expected) in cases {
      #expect(PlainGlyphs.ascii(text) == expected, "\(text)")
      #expect(DisplayWidth.of(text) == expected.utf8.count, "\(text)")
    }
  }

  @Test("letters with marks become their base letters; any other text is ? a column")
  func letters() {
    #expect(PlainGlyphs.ascii("çğıİöşü ÇĞIÖŞÜ") == "cgiIosu CGIOSU")
    #expect(PlainGlyphs.ascii("Güzergâh Kalkış Ödeme") == "Guzergah Kalkis Odeme")
    #expect(
      PlainGlyphs.ascii("Zürich Kraków Montréal São Paulo") == "Zurich Krakow Montreal Sao Paulo")
    #expect(PlainGlyphs.ascii("Łódź Ørsted straße Æsir") == "Lodz Orsted strase Asir")
    // Decomposed: the combining marks are dropped with their base's column.
    #expect(PlainGlyphs.ascii("e\u{301}a\u{308}\u{304}") == "ea")
    // Wide characters: two columns of `?`; other scripts: `?` a column.
    #expect(PlainGlyphs.ascii("山田 太郎") == "???? ????")
    #expect(PlainGlyphs.ascii("Алла") == "????")
    #expect(PlainGlyphs.ascii("🙂!") == "??!")
  }

  @Test("box drawing becomes line drawing of the same shape, + - | where there is none")
  func boxes() throws {
    let shapes: [(String, LineDrawing)] = [
      ("─━═┄", .horizontal), ("│┃║┆", .vertical), ("┌╔╭", .topLeft), ("┐╗╮", .topRight),
      ("└╚╰", .bottomLeft), ("┘╝╯", .bottomRight), ("├╠", .teeRight), ("┤╣", .teeLeft),
      ("┬╦", .teeDown), ("┴╩", .teeUp), ("┼╬", .cross),
    ]
    for (characters, shape) in shapes {
      for character in characters {
        let cell = Cell(grapheme: String(character), width: 1, style: .plain)
        let glyphs = try #require(PlainGlyphs.glyphs(of: cell))
        #expect(glyphs.first == .line(shape) && glyphs.second == nil, "\(character)")
      }
    }
    #expect(PlainGlyphs.ascii("┌──┐") == "+--+")
    #expect(PlainGlyphs.ascii("│ab│") == "|ab|")
    #expect(
      LineDrawing.allCases.map { Character(Unicode.Scalar($0.acsLetter)) } == Array("qxlkmjtuwvn"))
  }

  @Test("a canvas folds cell for cell: widths, styles and the layout are kept")
  func canvas() {
    var canvas = Canvas(width: 12, height: 3)
    canvas.put("┌──────────┐", x: 0, y: 0, style: .plain)
    canvas.put("│東京 → Çığ│", x: 0, y: 1, style: Style(attributes: .bold))
    canvas.put("└──────────┘", x: 0, y: 2)
    let plain = PlainGlyphs.ascii(canvas)
    #expect(plain.lines == ["+----------+", "|???? > Cig|", "+----------+"])
    #expect(plain.cells.allSatisfy { $0.width == 1 && ($0.onlyScalar?.isASCII ?? false) })
    #expect(
      plain[1, 1]?.style == Style(attributes: .bold)
        && plain[2, 1]?.style == Style(attributes: .bold))
  }

  @Test("every symbol and letter in the modules' sources folds to something other than ?")
  func everySymbolInTheSources() throws {
    let modules = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Modules")
    let files = try #require(FileManager.default.enumerator(atPath: modules.path))
    var unknown: [String: String] = [:]
    var seen = 0
    for case let path as String in files where path.hasSuffix(".swift") {
      let text = try String(contentsOf: modules.appendingPathComponent(path), encoding: .utf8)
      for line in text.split(separator: "\n")
      where !line.drop(while: { $0 == " " }).hasPrefix("//") {
        for character in line where !character.isASCII && DisplayWidth.of(character) == 1 {
          seen += 1
          if PlainGlyphs.ascii(String(character)) == "?" { unknown[String(character)] = path }
        }
      }
    }
    #expect(seen > 500)
    #expect(unknown.isEmpty, "no ASCII for \(unknown)")
  }
}
