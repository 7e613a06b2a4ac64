import CNcurses
import Canvas

extension TerminalScreen {
  /// What ncurses's window holds, one string a row (wide characters once, trailing spaces
  /// kept), to check that the cells sent add up to the canvas.
  func contents() -> [String] {
    guard select() else { return [] }
    let window = cnc_stdscr()
    let size = size
    var text = [wchar_t](repeating: 0, count: 8)
    return (0..<size.rows).map { y in
      var line = ""
      var x = 0
      while x < size.columns {
        var grapheme = " "
        if cnc_cell_text(window, Int32(y), Int32(x), &text) == cnc_ok() {
          let scalars = text.prefix { $0 != 0 }.compactMap {
            Unicode.Scalar(UInt32(bitPattern: $0))
          }
          if !scalars.isEmpty { grapheme = String(String.UnicodeScalarView(scalars)) }
        }
        line += grapheme
        x += max(1, DisplayWidth.of(grapheme))
      }
      return line
    }
  }
}
