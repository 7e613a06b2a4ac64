import CNcurses
import Canvas

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TerminalScreen {
  /// Every key waiting, read without blocking until none is left. A resize arrives as
  /// `Key.resize` with the new size. Whether the terminal hung up is `inputEnded`, set by the
  /// reads: an empty result alone says nothing (the bytes a wake was for may have been taken by
  /// another drain, a resize's).
  ///
  /// The terminal is read in blocks (`read(2)`, not ncurses's `wgetch`, which makes a system
  /// call for each byte), and the sequences its description binds to keys are translated as
  /// `wgetch` would (`KeypadTranslator`), waiting ncurses's escape delay when a block ends
  /// inside one; ncurses itself reads no input. A new size from `applyWindowSize` comes after
  /// the keys, as KEY_RESIZE. The reads are decoded by `KeyDecoder`, which keeps what is cut by
  /// the end of a drain (a character, an escape sequence, a paste) for the next one.
  public func readKeys() -> [Key] {
    guard select(), !isSuspended else { return [] }
    // A bound, so a huge paste cannot hold the main actor: the read source fires again.
    let limit = Self.drainLimit
    var bytes = heldInput
    heldInput = []
    var taken = readAvailable(into: &bytes, upTo: limit)
    // Whether the bound stopped the drain with more input waiting.
    var full = taken >= limit && waitForInput(milliseconds: 0)
    var reads: [KeyRead] = []
    while true {
      let (translated, pending) = keySequences.translate(bytes, final: false)
      reads += translated
      bytes = pending
      guard !pending.isEmpty else { break }
      guard !full else {
        // The rest of the sequence is waiting already: the next drain reads it.
        heldInput = pending
        break
      }
      // The start of a key's sequence, and nothing after it yet: ncurses's escape delay. Past
      // the bound, only the rest of one sequence is read.
      if waitForInput(milliseconds: get_escdelay()) {
        let room = taken < limit ? limit - taken : KeypadTranslator.longestSequence
        let more = readAvailable(into: &bytes, upTo: room)
        taken += more
        full = taken >= limit && waitForInput(milliseconds: 0)
        if more > 0 { continue }
      }
      reads += keySequences.translate(bytes, final: true).reads
      break
    }
    if resizeWaiting {
      reads.append(.keyCode(cnc_key_resize()))
      resizeWaiting = false
    }
    // The size after the reads, the one `applyWindowSize` set.
    return keyDecoder.keys(reads, size: size, complete: !full)
  }

  /// The most bytes one `readKeys()` takes from the terminal.
  static let drainLimit = 4096

  /// Appends the bytes waiting on the input, at most `count`, without blocking; returns how
  /// many it read. A read that brings fewer than asked for took all there was.
  private func readAvailable(into bytes: inout [UInt8], upTo count: Int) -> Int {
    let descriptor = fileno(input)
    var total = 0
    while total < count, waitForInput(milliseconds: 0) {
      let wanted = count - total
      let (got, failure) = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: wanted) {
        block in
        let got = read(descriptor, block.baseAddress, wanted)
        if got > 0 { bytes.append(contentsOf: block[..<got]) }
        return (got, got < 0 ? errno : 0)
      }
      guard got > 0 else {
        // The end of the input, or a failure that is not "nothing yet": the terminal has gone.
        if got == 0 || ![EAGAIN, EWOULDBLOCK, EINTR].contains(failure) { inputEnded = true }
        break
      }
      inputReads += 1
      total += got
      if got < wanted { break }
    }
    return total
  }

  /// Whether input is waiting on the terminal, waiting at most `milliseconds` for it.
  private func waitForInput(milliseconds: Int32) -> Bool {
    var entry = pollfd(fd: fileno(input), events: Int16(POLLIN), revents: 0)
    while true {
      let ready = poll(&entry, 1, milliseconds)
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { return false }
      if entry.revents & Int16(POLLIN) != 0 { return true }
      // Nothing to read and a hang-up or an error reported: no input will come.
      if entry.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { inputEnded = true }
      return false
    }
  }

  /// The translator of the terminal description's key sequences, looked up in ncurses's own
  /// table (`key_defined`) on the current screen.
  static func keypadTranslator() -> KeypadTranslator {
    KeypadTranslator { sequence in
      let text = sequence.map { CChar(bitPattern: $0) } + [0]
      let code = key_defined(text)
      if code > 0 { return code == cnc_key_mouse() ? .none : .key(code) }
      return code < 0 ? .prefix : .none
    }
  }

  /// Tells ncurses the size the kernel reports for the terminal, capped (`windowSize()`). When
  /// it changed, the next `readKeys()` returns `Key.resize`.
  ///
  /// Needed because a Dispatch signal source for SIGWINCH replaces the handler ncurses would
  /// install, and because ncurses reads no size of its own (`start()`). What `resizeterm` does
  /// is done here but for queueing KEY_RESIZE in ncurses's input, which the screen never reads.
  public func applyWindowSize() {
    guard select(), !isSuspended, let size = windowSize(), !isCurrentSize(size) else { return }
    resize_term(Int32(size.rows), Int32(size.columns))
    // What was on the terminal is unknown after a resize: the next update paints it all.
    clearok(cnc_curscr(), true)
    resizeWaiting = true
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
