import CNcurses
import Canvas

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

  /// Tells ncurses the size the kernel reports for the terminal. When it changed, ncurses
  /// queues KEY_RESIZE, which the next `readKeys()` returns as `Key.resize`.
  ///
  /// Needed because a Dispatch signal source for SIGWINCH replaces the handler ncurses would
  /// install, and because `LINES`/`COLUMNS` in the environment would otherwise win.
  public func applyWindowSize() {
    guard select(), !isSuspended else { return }
    var rows: Int32 = 0
    var columns: Int32 = 0
    guard cnc_window_size(fileno(output), &rows, &columns) == cnc_ok() else { return }
    if rows != cnc_lines() || columns != cnc_cols() { resizeterm(rows, columns) }
  }
}
