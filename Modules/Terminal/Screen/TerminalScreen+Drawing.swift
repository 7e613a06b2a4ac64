import CNcurses
import Canvas

extension TerminalScreen {
  /// Shows `canvas`, sending ncurses only the cells that differ from the last canvas drawn, then
  /// updating the terminal once. A canvas of another size than the last (after a resize) clears
  /// and repaints the whole screen. `rows`, when given, are the only rows that may have changed
  /// since the last draw (a countdown tick redraws the header row alone): only they are compared.
  public func draw(_ canvas: Canvas, rows: Range<Int>? = nil) {
    guard select() else { return }
    let window = cnc_stdscr()
    let (clears, changes) = frames.next(canvas, rows: rows)
    if clears {
      werase(window)
      clearok(cnc_curscr(), true)
    }
    for change in changes {
      put(change.cell, x: change.x, y: change.y, in: window)
    }
    if parksCursor, canvas.height > 0 { wmove(window, Int32(canvas.height - 1), 0) }
    wnoutrefresh(window)
    doupdate()
    comeBackFromSuspend()
  }

  /// Repaints the whole terminal from what ncurses holds, for when the terminal may show
  /// something else: after SIGCONT, or after another program wrote to it.
  public func redrawAll() {
    guard select() else { return }
    clearok(cnc_curscr(), true)
    wnoutrefresh(cnc_stdscr())
    doupdate()
    comeBackFromSuspend()
  }

  /// An update after `suspend()` is back in full-screen mode (ncurses re-enters it by itself):
  /// pastes are marked again, and the keypad sends its application sequences again now, not at
  /// the next read (ncurses turns it on only when it reads, and by then the first arrow pressed
  /// was sent in the other mode, as a sequence ncurses does not know).
  private func comeBackFromSuspend() {
    guard isSuspended else { return }
    isSuspended = false
    setBracketedPaste(true)
    setMouseReporting(true)
    keypad(cnc_stdscr(), true)
  }

  /// Writes one cell into ncurses's window; ncurses blanks any wide character it cuts in half.
  private func put(_ cell: Cell, x: Int, y: Int, in window: UnsafeMutablePointer<WINDOW>?) {
    let (appearance, newPair) = palette.appearance(of: cell.style)
    if let newPair { init_pair(newPair.number, newPair.foreground, newPair.background) }
    if repertoire == .plain {
      Self.putPlain(
        cell, at: (Int32(x), Int32(y)), appearance, lineDrawing: usesLineDrawing, in: window)
    } else {
      Self.put(cell, at: (Int32(x), Int32(y)), appearance, in: window)
    }
  }

  /// The cell folded to ASCII and line drawing (`PlainGlyphs`), a glyph a column: a wide
  /// character becomes two. With `lineDrawing`, a line is its letter in the alternate character
  /// set, which ncurses maps through the terminal's `acsc`, or replaces with `+`, `-` or `|`
  /// where there is none; without, it is that ASCII character.
  nonisolated private static func putPlain(
    _ cell: Cell, at position: (x: Int32, y: Int32), _ appearance: Appearance,
    lineDrawing: Bool, in window: UnsafeMutablePointer<WINDOW>?
  ) {
    guard let (first, second) = PlainGlyphs.glyphs(of: cell) else { return }
    func put(_ glyph: PlainGlyph, x: Int32) {
      var text = InlineArray<2, wchar_t>(repeating: 0)
      var attributes = appearance.attributes
      switch glyph {
      case .ascii(let byte):
        text[0] = wchar_t(byte)
      case .line(let line) where !lineDrawing:
        text[0] = wchar_t(line.ascii)
      case .line(let line):
        text[0] = wchar_t(line.acsLetter)
        attributes |= cnc_a_altcharset()
      }
      text.span.withUnsafeBufferPointer { text in
        _ = cnc_put_cell(window, position.y, x, text.baseAddress, attributes, appearance.pair)
      }
    }
    put(first, x: position.x)
    if let second { put(second, x: position.x + 1) }
  }

  /// The cell's scalars, zero-terminated (a space for an empty cell), handed to ncurses. The
  /// shim keeps at most CCHARW_MAX (5) wide characters of a cell: a few more are read, none is
  /// allocated. Nonisolated: a closure made on the main actor checks at each call that it runs
  /// there (`swift_task_isCurrentExecutor`), a fifth of drawing a whole screen.
  nonisolated private static func put(
    _ cell: Cell, at position: (x: Int32, y: Int32), _ appearance: Appearance,
    in window: UnsafeMutablePointer<WINDOW>?
  ) {
    var text = InlineArray<8, wchar_t>(repeating: 0)
    var count = 0
    cell.forEachScalar { scalar in
      text[count] = wchar_t(bitPattern: scalar.value)
      count += 1
      return count < 7
    }
    if count == 0 { text[0] = wchar_t(bitPattern: 0x20) }
    text.span.withUnsafeBufferPointer { text in
      _ = cnc_put_cell(
        window, position.y, position.x, text.baseAddress, appearance.attributes, appearance.pair)
    }
  }
}
