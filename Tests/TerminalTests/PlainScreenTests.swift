import CNcurses
import Canvas
import Testing
import Widgets

@testable import Terminal

/// A frame with a box, symbols, Turkish and a wide name: everything a plain terminal folds.
private func frame(_ size: TerminalSize) -> Canvas {
  var canvas = Canvas(width: size.columns, height: size.rows)
  let theme = Theme.color
  Panel.draw(
    on: &canvas, in: Rect(x: 0, y: 1, width: 40, height: 6), title: "Koltuk", focused: true,
    theme: theme)
  canvas.put(" ✈ Booking › Ödeme · IST → AMS", x: 0, y: 0, style: theme.header)
  canvas.put("Çağrı Öztürk ◂ 12A ▸", x: 2, y: 3, style: theme.text)
  canvas.put("山田 太郎 •••• ███░░", x: 2, y: 4, style: theme.accent)
  canvas.put(" Enter pay  Esc back", x: 0, y: size.rows - 1, style: theme.footer)
  return canvas
}

@Suite("A screen on a terminal that shows ASCII alone", .serialized)
@MainActor
struct PlainScreenTests {
  @Test("plain for a codeset other than UTF-8, and for DEC VTs and the Linux console")
  func repertoire() {
    let cases: [(String, String, CharacterRepertoire)] = [
      ("UTF-8", "xterm-256color", .unicode), ("utf8", "screen", .unicode),
      ("ANSI_X3.4-1968", "xterm-256color", .plain), ("ISO-8859-9", "xterm", .plain),
      ("UTF-8", "vt100", .plain), ("UTF-8", "vt220", .plain), ("UTF-8", "VT102", .plain),
      ("UTF-8", "vt220-8bit", .plain), ("UTF-8", "linux", .plain),
      ("UTF-8", "linux-16color", .plain), ("UTF-8", "vte-256color", .unicode),
      ("UTF-8", "linuxish", .unicode), ("UTF-8", "tmux-256color", .unicode),
    ]
    for (codeset, term, expected) in cases {
      #expect(
        CharacterRepertoire.forTerminal(codeset: codeset, termType: term) == expected,
        "\(codeset) \(term)")
    }
  }

  @Test("xterm in a plain locale gets ASCII and its line drawing, never a byte of UTF-8")
  func xtermPlain() throws {
    let piped = try PipedScreen(repertoire: .plain)
    defer { piped.close() }
    #expect(piped.screen.repertoire == .plain)
    let canvas = frame(piped.screen.size)
    let output = piped.output { piped.screen.draw(canvas) }
    #expect(output.allSatisfy { $0 < 0x80 }, "\(output.filter { $0 >= 0x80 })")
    let text = String(decoding: output, as: UTF8.self)
    // xterm's smacs: the line drawing set as G0.
    #expect(text.contains("\u{1B}(0"), "\(text.debugDescription)")
    for words in ["* Booking > Odeme . IST > AMS", "Cagri Ozturk < 12A >", "???? ???? **** ###.."] {
      #expect(text.contains(words), "\(words) in \(text.debugDescription)")
    }
    // What ncurses holds: the box as its alternate character set's letters, and ASCII.
    let contents = piped.screen.contents()
    #expect(contents[1].hasPrefix("l Koltuk qqq") && contents[1].prefix(40).hasSuffix("qk"))
    #expect(contents[3].hasPrefix("x Cagri Ozturk < 12A >"), "\(contents[3])")
    #expect(contents.joined().unicodeScalars.allSatisfy { $0.isASCII })
  }

  @Test("vt100 is plain in any locale, and its cursor, which cannot hide, is parked bottom left")
  func vt100() throws {
    let piped = try PipedScreen(termType: "vt100", repertoire: nil)
    defer { piped.close() }
    #expect(piped.screen.repertoire == .plain)
    #expect(piped.screen.parksCursor)
    let size = piped.screen.size
    let output = piped.output { piped.screen.draw(frame(size)) }
    #expect(output.allSatisfy { $0 < 0x80 })
    // vt100's smacs is Shift Out (^N) into G1, which enacs made the line drawing set.
    #expect(output.contains(0x0E))
    #expect(getcury(cnc_curscr()) == Int32(size.rows - 1) && getcurx(cnc_curscr()) == 0)
    // An update of a few cells parks it again.
    var changed = frame(size)
    changed.put("13B", x: 17, y: 3)
    _ = piped.output { piped.screen.draw(changed) }
    #expect(getcury(cnc_curscr()) == Int32(size.rows - 1) && getcurx(cnc_curscr()) == 0)
  }

  @Test("the Linux console: ASCII symbols; lines from the console's font in UTF-8, else + - |")
  func linuxConsole() throws {
    let piped = try PipedScreen(termType: "linux", repertoire: nil)
    defer { piped.close() }
    #expect(piped.screen.repertoire == .plain)
    // The locale is kept on the console: its codeset is the one the tests run in.
    let utf8 = CharacterRepertoire.isUTF8(String(cString: cnc_codeset()))
    #expect(piped.screen.usesLineDrawing == utf8)
    let text = String(
      decoding: piped.output { piped.screen.draw(frame(piped.screen.size)) }, as: UTF8.self)
    let beyondASCII = Set(text.unicodeScalars.filter { !$0.isASCII })
    #expect(text.contains("* Booking > Odeme . IST > AMS"))
    if utf8 {
      // ncurses draws the alternate character set in UTF-8 there, as the console ignores it.
      #expect(beyondASCII.isSubset(of: Set("┌┐└┘─│".unicodeScalars)) && beyondASCII.contains("─"))
    } else {
      #expect(beyondASCII.isEmpty && !text.contains("\u{0E}") && text.contains("+ Koltuk -"))
    }
  }

  @Test("xterm hides its cursor: nothing is parked")
  func xtermHidesTheCursor() throws {
    let piped = try PipedScreen()
    defer { piped.close() }
    #expect(!piped.screen.parksCursor)
    #expect(piped.screen.repertoire == .unicode)
  }
}
