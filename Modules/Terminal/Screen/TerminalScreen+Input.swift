import CNcurses
import Presentation

extension TerminalScreen {
  /// Every key waiting, read without blocking until ncurses has none left. A resize arrives as
  /// `Key.resize` with the new size. An empty result while the read source reports no bytes
  /// means the input has ended (the terminal hung up).
  public func readKeys() -> [Key] {
    guard select(), !isSuspended else { return [] }
    let window = cnc_stdscr()
    var reads: [KeyRead] = []
    var value: wint_t = 0
    // A bound, so a huge paste cannot hold the main actor: the read source fires again.
    while reads.count < 4096 {
      let status = wget_wch(window, &value)
      if status == cnc_err() { break }
      reads.append(KeyRead(status: status, value: UInt32(value)))
    }
    // The size after the reads: ncurses applies a resize before it returns KEY_RESIZE.
    return KeyDecoder.keys(reads, size: size)
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
