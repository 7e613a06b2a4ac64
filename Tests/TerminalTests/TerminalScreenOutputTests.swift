import Canvas
import Testing
import Widgets

@testable import Terminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A booking-like frame: a header, a route with wide characters, and the price countdown with
/// a bar that shrinks each second.
private func frame(_ size: TerminalSize, countdown: String, bar: Int, code: String = "ABCDE")
  -> Canvas
{
  var canvas = Canvas(width: size.columns, height: size.rows)
  let theme = Theme.color
  canvas.fill(Rect(x: 0, y: 0, width: size.columns, height: 1), style: theme.header)
  canvas.put(" booking · payment", x: 0, y: 0, style: theme.header)
  canvas.put("LHR → JFK  東京 ✈ ニューヨーク", x: 2, y: 2, style: theme.title)
  canvas.put("Reference \(code)", x: 2, y: 4, style: theme.accent)
  canvas.put("Price held for \(countdown)", x: 2, y: 6, style: theme.warning)
  canvas.put(String(repeating: "█", count: bar), x: 2, y: 7, style: theme.success)
  canvas.fill(Rect(x: 0, y: size.rows - 1, width: size.columns, height: 1), style: theme.footer)
  canvas.put(" Enter pay  Esc back", x: 0, y: size.rows - 1, style: theme.footer)
  return canvas
}

@Suite("Terminal screen output", .serialized)
@MainActor
struct TerminalScreenOutputTests {
  @Test("an update sends only what changed: nothing for the same canvas, little for a word")
  func bytesPerUpdate() throws {
    let piped = try PipedScreen()
    defer { piped.close() }
    let size = piped.screen.size
    let first = piped.output { piped.screen.draw(frame(size, countdown: "12:34", bar: 30)) }
    let same = piped.output { piped.screen.draw(frame(size, countdown: "12:34", bar: 30)) }
    let word = piped.output {
      piped.screen.draw(frame(size, countdown: "12:34", bar: 30, code: "VWXYZ"))
    }
    #expect(first.count > 300)
    #expect(same.isEmpty)
    #expect(word.count < 64)
    #expect(String(decoding: word, as: UTF8.self).contains("VWXYZ"))
  }

  @Test("a countdown tick sends the changed digit and bar cell only")
  func countdownTick() throws {
    let piped = try PipedScreen()
    defer { piped.close() }
    let size = piped.screen.size
    piped.screen.draw(frame(size, countdown: "12:34", bar: 30))
    let tick = piped.output { piped.screen.draw(frame(size, countdown: "12:33", bar: 29)) }
    #expect(tick.count < 64)
    #expect(!String(decoding: tick, as: UTF8.self).contains("12:3"))
  }

  @Test("a canvas of a new size clears and repaints the whole screen")
  func resizeRepaints() throws {
    let piped = try PipedScreen()
    defer { piped.close() }
    let size = piped.screen.size
    piped.screen.draw(frame(size, countdown: "12:34", bar: 30))
    let smaller = TerminalSize(columns: size.columns - 1, rows: size.rows)
    let repaint = String(
      decoding: piped.output { piped.screen.draw(frame(smaller, countdown: "12:34", bar: 30)) },
      as: UTF8.self)
    // xterm's clear (ESC [ H ESC [ 2 J), then every piece of text again.
    #expect(repaint.contains("\u{1B}[2J"))
    for text in ["booking · payment", "ニューヨーク", "Reference ABCDE", "12:34", "Esc back"] {
      #expect(repaint.contains(text))
    }
  }

  @Test("ncurses holds exactly the canvas as wide characters come, move and go")
  func wideCharacters() throws {
    let piped = try PipedScreen()
    defer { piped.close() }
    let size = piped.screen.size
    let rows = [
      ["a漢字b", "ニューヨーク", "plain"],
      ["漢a字bc", "ニ ーヨーク", "pl東in"],
      ["axyzbc", "ニューヨーク", "東京in"],
      ["a漢字b", "ニュ-ヨ-ク", "p東京n"],
    ]
    for lines in rows {
      var canvas = Canvas(width: size.columns, height: size.rows)
      for (y, line) in lines.enumerated() { canvas.put(line, x: 1, y: y) }
      piped.screen.draw(canvas)
      #expect(piped.screen.contents() == (0..<canvas.height).map { canvas.line($0) })
    }
  }

  @Test("monochrome mode reports no colour; colour mode on xterm-256color does")
  func colorModes() throws {
    let mono = try PipedScreen(colorMode: .monochrome)
    #expect(!mono.screen.usesColor)
    mono.close()
    let color = try PipedScreen(colorMode: .color)
    #expect(color.screen.usesColor)
    color.close()
  }

  @Test("stop is safe before start and twice, and drawing after stop does nothing")
  func stopTwice() throws {
    let piped = try PipedScreen()
    defer { piped.close() }
    #expect(piped.screen.isActive)
    piped.screen.stop()
    piped.screen.stop()
    #expect(!piped.screen.isActive)
    #expect(piped.output { piped.screen.draw(Canvas(lines: ["late"])) }.isEmpty)
    #expect(piped.screen.readKeys().isEmpty)
    #expect(piped.screen.size == TerminalSize(columns: 0, rows: 0))
  }

  @Test("pastes are marked while the screen is up: bracketed paste on at start, off at stop")
  func bracketedPasteMode() throws {
    let on = Array("\u{1B}[?2004h".utf8)
    let off = Array("\u{1B}[?2004l".utf8)
    let (stopped, started, suspended, resumed) = try Self.throughALifetime()
    #expect(stopped.ends(with: off), "\(stopped)")
    #expect(started.contains(on), "\(started)")
    #expect(suspended.ends(with: off), "\(suspended)")
    #expect(resumed.contains(on), "\(resumed)")
    #expect(!resumed.contains(off))
  }

  @Test("a frame goes out in one write, and so does a countdown tick")
  func oneWritePerUpdate() throws {
    let piped = try PipedScreen(keepingWrites: true)
    defer { piped.close() }
    let size = piped.screen.size
    let first = piped.writes { piped.screen.draw(frame(size, countdown: "12:34", bar: 30)) }
    #expect(first.count == 1, "\(first.count) writes: \(first.map(\.count)) bytes")
    #expect(first.joined().count > 300)
    let tick = piped.writes { piped.screen.draw(frame(size, countdown: "12:33", bar: 29)) }
    #expect(tick.count == 1, "\(tick.count) writes: \(tick.map(\.count)) bytes")
    let word = piped.writes {
      piped.screen.draw(frame(size, countdown: "12:33", bar: 29, code: "VWXYZ"))
    }
    #expect(word.count == 1, "\(word.count) writes: \(word.map(\.count)) bytes")
  }

  @Test("the keypad sends its application sequences from the start and again after a suspend")
  func keypadTransmitMode() throws {
    // xterm-256color's smkx and rmkx: arrows come as Esc O A while on, as Esc [ A while off, and
    // ncurses knows only the first (the terminal switches when it reads these).
    let on = Array("\u{1B}[?1h\u{1B}=".utf8)
    let off = Array("\u{1B}[?1l\u{1B}>".utf8)
    let (stopped, started, suspended, resumed) = try Self.throughALifetime()
    #expect(stopped.lastIndex(of: off) != nil)
    let startedOn = try #require(started.lastIndex(of: on), "\(started)")
    #expect(started.lastIndex(of: off).map { $0 < startedOn } ?? true, "\(started)")
    #expect(suspended.lastIndex(of: off) != nil, "\(suspended)")
    // Back, before any key is read: the next arrow pressed must come in the mode ncurses knows.
    #expect(resumed.lastIndex(of: on) != nil, "\(resumed)")
  }

  /// What a started screen writes when it is stopped, started again, suspended and resumed.
  private static func throughALifetime() throws -> (
    stopped: [UInt8], started: [UInt8], suspended: [UInt8], resumed: [UInt8]
  ) {
    let piped = try PipedScreen()
    defer { piped.close() }
    return (
      piped.output { piped.screen.stop() }, piped.output { try? piped.screen.start() },
      piped.output { piped.screen.suspend() }, piped.output { piped.screen.resume() }
    )
  }

  @Test("an unknown terminal type is an error, not a crash")
  func unknownTerminal() throws {
    let output = try #require(fopen("/dev/null", "w"))
    let input = try #require(fopen("/dev/null", "r"))
    defer {
      fclose(output)
      fclose(input)
    }
    let screen = TerminalScreen(output: output, input: input, termType: "no-such-terminal-42")
    #expect(throws: TerminalError.unknownTerminal("no-such-terminal-42")) { try screen.start() }
    #expect(!screen.isActive)
    screen.stop()
  }
}

extension Array where Element == UInt8 {
  fileprivate func contains(_ part: [UInt8]) -> Bool {
    guard part.count <= count else { return false }
    return (0...(count - part.count)).contains { Array(self[$0..<$0 + part.count]) == part }
  }

  fileprivate func ends(with part: [UInt8]) -> Bool { suffix(part.count).elementsEqual(part) }

  /// Where `part` starts for the last time.
  fileprivate func lastIndex(of part: [UInt8]) -> Int? {
    guard part.count <= count else { return nil }
    return (0...(count - part.count)).last { Array(self[$0..<$0 + part.count]) == part }
  }
}
