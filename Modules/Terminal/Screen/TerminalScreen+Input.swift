import CNcurses
import Canvas

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TerminalScreen {
  /// Every key waiting, read without blocking until ncurses has none left. A resize arrives as
  /// `Key.resize` with the new size. An empty result while the read source reports no bytes
  /// means the input has ended (the terminal hung up).
  ///
  /// Bytes are read one by one (`wgetch`, not `wget_wch`) and decoded by `KeyDecoder`, which
  /// keeps what is cut by the end of a drain (a character, an escape sequence, a paste) for the
  /// next one.
  public func readKeys() -> [Key] {
    guard select(), !isSuspended else { return [] }
    let window = cnc_stdscr()
    var reads: [KeyRead] = []
    let limit = 4096
    // A bound, so a huge paste cannot hold the main actor: the read source fires again.
    while reads.count < limit {
      let value = wgetch(window)
      if value == cnc_err() { break }
      guard value >= cnc_key_min() else {
        reads.append(.byte(UInt8(truncatingIfNeeded: value)))
        continue
      }
      reads.append(.keyCode(value))
    }
    // The size after the reads: ncurses applies a resize before it returns KEY_RESIZE.
    return keyDecoder.keys(reads, size: size, complete: reads.count < limit)
  }

  /// Tells ncurses the size the kernel reports for the terminal, capped (`windowSize()`). When
  /// it changed, ncurses queues KEY_RESIZE, which the next `readKeys()` returns as `Key.resize`.
  ///
  /// Needed because a Dispatch signal source for SIGWINCH replaces the handler ncurses would
  /// install, and because ncurses reads no size of its own (`start()`).
  public func applyWindowSize() {
    guard select(), !isSuspended, let size = windowSize(), !isCurrentSize(size) else { return }
    resizeterm(Int32(size.rows), Int32(size.columns))
  }

  /// The size to draw at: the one the kernel reports for the terminal, else `LINES` and
  /// `COLUMNS` from the environment (a serial line reports none), capped so that a terminal
  /// past `LargestScreen` is drawn at a bounded size; nil when neither says.
  func windowSize() -> TerminalSize? { kernelSize()?.capped }

  /// The size the kernel reports for the terminal, else `LINES` and `COLUMNS`, not capped.
  func kernelSize() -> TerminalSize? {
    var rows: Int32 = 0
    var columns: Int32 = 0
    if cnc_window_size(fileno(output), &rows, &columns) == cnc_ok() {
      return TerminalSize(columns: Int(columns), rows: Int(rows))
    }
    guard let lines = Self.environmentNumber("LINES"), let cols = Self.environmentNumber("COLUMNS")
    else { return nil }
    return TerminalSize(columns: cols, rows: lines)
  }

  /// Whether ncurses's screen is `size` already.
  func isCurrentSize(_ size: TerminalSize) -> Bool {
    size.rows == Int(cnc_lines()) && size.columns == Int(cnc_cols())
  }

  /// A positive whole number from the environment variable `name`.
  private static func environmentNumber(_ name: String) -> Int? {
    guard let value = getenv(name), let number = Int(String(cString: value)), number > 0 else {
      return nil
    }
    return number
  }
}
