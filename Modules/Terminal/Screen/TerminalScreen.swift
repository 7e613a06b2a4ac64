import CNcurses
import Canvas

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A full-screen terminal driven by ncurses: start, read keys, draw canvases, stop.
///
/// One thread owns ncurses, so the screen lives on the main actor. The app must call `stop()` on
/// every way out: on normal exit, before a fatal error, and (through `installSignalHandlers`) on
/// SIGINT, SIGTERM and SIGHUP. ncurses has no exit hook of its own, and a process that ends
/// without `stop()` leaves the terminal without echo and on the alternate screen.
@MainActor
public final class TerminalScreen {
  /// Where ncurses writes; not closed by the screen.
  let output: UnsafeMutablePointer<FILE>
  /// Where ncurses reads keys; not closed by the screen.
  let input: UnsafeMutablePointer<FILE>
  private let termType: String?
  private let colorMode: ColorMode
  /// Whether the terminal is asked to report the mouse (`setMouseReporting`); when false no
  /// mouse mode is ever requested, and the terminal's own selection works.
  let reportsMouse: Bool
  /// The ncurses `SCREEN`, while started.
  var screen: OpaquePointer?
  /// Whether ncurses is out of full-screen mode (`endwin`) for a while.
  var isSuspended = false
  /// The canvas on the terminal, which the next `draw` diffs against.
  var frames = FrameDiffer()
  var palette = Palette.monochrome
  let signals = SignalSources()
  /// Decodes the bytes read into keys, holding what a drain cut short.
  var keyDecoder = KeyDecoder()
  /// Translates the key sequences of the terminal's description in the bytes read.
  var keySequences = TerminalScreen.keypadTranslator()
  /// Bytes read that a drain cut inside a key's sequence, for the next drain.
  var heldInput: [UInt8] = []
  /// How many reads of the terminal brought bytes: the measure of the input's system calls.
  var inputReads = 0
  /// Whether `applyWindowSize` changed the size since the last `readKeys()`.
  var resizeWaiting = false
  /// Whether the input has ended: a read found its end or failed for good (`EIO` once a pty's
  /// other side has closed), or the terminal reported a hang-up. Seen by the reads themselves;
  /// a wake with nothing to read is not an end (another drain may have taken the bytes).
  public internal(set) var inputEnded = false
  /// The characters to draw in, set before `start()`; nil decides from the locale and the
  /// terminal type (`CharacterRepertoire.forTerminal`).
  public var wantedRepertoire: CharacterRepertoire?
  /// The characters the screen draws in, known once started.
  public private(set) var repertoire = CharacterRepertoire.unicode
  /// Whether plain lines are the terminal's line drawing (its alternate character set), or
  /// `+`, `-` and `|` (the Linux console outside a UTF-8 locale).
  private(set) var usesLineDrawing = true
  /// Whether the terminal cannot hide its cursor, which each update then parks at the bottom
  /// left, on the footer, instead of leaving it where the last cell was drawn.
  private(set) var parksCursor = false

  /// A screen on `output` and `input` (a terminal, a pty, or a pipe for measuring output), with
  /// the terminal description `termType` (nil: `TERM`), reporting the mouse unless `mouse` is
  /// false. It starts with `start()`.
  public init(
    output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>,
    termType: String? = nil, colorMode: ColorMode = .automatic, mouse: Bool = true
  ) {
    self.output = output
    self.input = input
    self.termType = termType
    self.colorMode = colorMode
    self.reportsMouse = mouse
  }

  /// A screen on the process's own terminal: stdout and stdin, described by `TERM`.
  public convenience init(colorMode: ColorMode = .automatic, mouse: Bool = true) {
    self.init(output: cnc_stdout(), input: cnc_stdin(), colorMode: colorMode, mouse: mouse)
  }

  /// Whether `descriptor` is a terminal; the app refuses to start when stdin or stdout is not.
  public nonisolated static func isTerminal(_ descriptor: Int32) -> Bool {
    isatty(descriptor) == 1
  }

  /// Whether the screen is started and not stopped.
  public var isActive: Bool { screen != nil }

  /// Whether cells keep their colours, known once started; when false the app should use
  /// `Theme.monochrome`.
  public var usesColor: Bool { palette.usesColor }

  /// The file descriptor keys come from, for the app's read source.
  public var inputDescriptor: Int32 { fileno(input) }

  /// Enters full-screen mode: the alternate screen, no echo, keys one at a time without
  /// waiting, no cursor. Does nothing when already started.
  public func start() throws(TerminalError) {
    guard screen == nil else { return }
    (repertoire, usesLineDrawing) = TerminalLocale.adopt(
      termType: termType ?? getenv("TERM").map { String(cString: $0) } ?? "",
      wanted: wantedRepertoire)
    // ncurses allocates its windows at the size it reads as it starts, the kernel's: past the
    // largest screen it takes the terminal description's instead (80x24 for most), and the
    // capped size is set right after.
    let tooLarge = kernelSize().map { $0 != $0.capped } ?? false
    use_env(!tooLarge)
    let created: OpaquePointer? =
      if let termType { newterm(termType, output, input) } else { newterm(nil, output, input) }
    // From now on ncurses reads no size of its own (its check after a suspend, in `doupdate`,
    // would take 65535x65535 as it comes): `applyWindowSize` tells it the size, capped.
    use_env(false)
    guard let created else {
      let name = termType ?? getenv("TERM").map { String(cString: $0) } ?? ""
      throw name.isEmpty ? .noTerminalType : .unknownTerminal(name)
    }
    screen = created
    set_term(created)
    // The terminal's size, capped, before anything is drawn; no KEY_RESIZE for it.
    if let size = windowSize(), !isCurrentSize(size) {
      resize_term(Int32(size.rows), Int32(size.columns))
    }
    // First, so the modes set below (the keypad's among them) are the ones in force after it.
    leaveInitialMode()
    cbreak()
    noecho()
    nonl()
    // Flow control and the quit character off (`TerminalModes`), kept as ncurses's program
    // modes so they come back with full-screen mode after a suspend.
    TerminalModes.apply(to: fileno(input))
    def_prog_mode()
    let window = cnc_stdscr()
    keypad(window, true)
    // A mouse report (`Esc [ <` in xterm's SGR form) reaches `KeyDecoder` as bytes: terminal
    // descriptions whose `kmous` is `Esc [ <` would have ncurses take its start as KEY_MOUSE.
    keyok(cnc_key_mouse(), false)
    // ncurses reads no input (`readKeys()` reads the terminal itself); should anything ask it
    // to, it must not block.
    nodelay(window, true)
    // The cursor is hidden, so ncurses need not move it back after each update.
    leaveok(window, true)
    // No typeahead check: by default every update polls the input first, to give up the output
    // when a key is waiting (a system call a frame, a countdown tick included). The app reads
    // keys itself when the read source says one is waiting; a frame is always written whole.
    typeahead(-1)
    set_escdelay(25)
    // A terminal without a way to hide the cursor (vt100) gets it parked after each update.
    parksCursor = curs_set(0) == cnc_err()
    if parksCursor { leaveok(window, false) }
    palette = makePalette()
    frames.forget()
    isSuspended = false
    keyDecoder.reset()
    heldInput = []
    resizeWaiting = false
    inputEnded = false
    setBracketedPaste(true)
    setMouseReporting(true)
  }

  /// Starts as `start()` does while the terminal answers `question`, then reads the answer
  /// (within `milliseconds` of the question): the terminal's round trip and ncurses's start
  /// overlap. ncurses started with the question's modes (no echo) and took them as the ones to
  /// give back when it leaves; the modes from before the question are set again for the few
  /// system calls in which ncurses records them in their place (a key typed in those
  /// microseconds is echoed), and its own are back. On a failed start the modes from before are
  /// put back.
  public func start(
    hearing question: TerminalBackground.Question,
    milliseconds: Int = TerminalBackground.answerMilliseconds
  ) throws(TerminalError) -> TerminalBackground? {
    do {
      try start()
    } catch {
      question.restoreModes()
      throw error
    }
    let background = question.answer(milliseconds: milliseconds)
    question.restoreModes()
    def_shell_mode()
    reset_prog_mode()
    return background
  }

  /// ncurses 6.4 writes out its buffer after every cursor move of an update until the program
  /// has once left and come back (`endwin()`, then an update): `_nc_mvcur` flushes while the
  /// screen is in its initial state, meant for programs that use the terminfo layer alone. A
  /// frame went out in about seventy `write`s, a countdown tick in two. Leaving and coming back
  /// once, before anything is drawn, makes every update one `write`; the terminal sees the
  /// alternate screen left and entered again in the same few bytes.
  private func leaveInitialMode() {
    endwin()
    doupdate()
  }

  /// Leaves full-screen mode for good and restores the terminal. Safe to call more than once,
  /// and before `start()`.
  public func stop() {
    guard let screen else { return }
    set_term(screen)
    if !isendwin() { endwin() }
    setMouseReporting(false)
    setBracketedPaste(false)
    delscreen(screen)
    self.screen = nil
    frames.forget()
    isSuspended = false
  }

  /// Leaves full-screen mode for a while (before the process stops, or to run another
  /// program); the next `resume()`, `draw` or `redrawAll()` comes back. Meanwhile `readKeys()`
  /// reads nothing, so an app that runs another program suspends its stdin read source too.
  public func suspend() {
    guard let screen, !isSuspended else { return }
    set_term(screen)
    endwin()
    // The shell or program that runs meanwhile gets pastes as plain text, and no mouse reports.
    setMouseReporting(false)
    setBracketedPaste(false)
    isSuspended = true
  }

  /// Comes back to full-screen mode after `suspend()` and repaints the whole screen. A size
  /// change meanwhile arrives from the next `readKeys()` as `Key.resize`.
  public func resume() {
    guard isActive else { return }
    redrawAll()
    applyWindowSize()
  }

  /// The terminal's size as ncurses knows it (zero when not started).
  public var size: TerminalSize {
    guard let screen else { return TerminalSize(columns: 0, rows: 0) }
    set_term(screen)
    return TerminalSize(columns: Int(cnc_cols()), rows: Int(cnc_lines()))
  }

  /// Makes this screen ncurses's current one, since ncurses functions act on the current screen
  /// and a bench or a test may hold more than one. Returns false when not started.
  func select() -> Bool {
    guard let screen else { return false }
    set_term(screen)
    return true
  }

  /// Asks the terminal to mark pastes (xterm's bracketed-paste mode, DEC private mode 2004), so
  /// a paste reaches the app as one `Key.paste`: its text can hold Esc or a line break, which
  /// must not act as keys. Terminals without the mode ignore the request.
  func setBracketedPaste(_ enabled: Bool) {
    fputs(enabled ? "\u{1B}[?2004h" : "\u{1B}[?2004l", output)
    fflush(output)
  }

  /// Asks the terminal to report mouse buttons and the wheel (xterm's modes 1000, presses and
  /// releases, and 1006, the SGR form, which has no limit on the column), or to stop. Does
  /// nothing when the screen was made without the mouse. Terminals without the modes ignore the
  /// request. While the mouse is reported, Shift with a drag selects text in most terminals.
  func setMouseReporting(_ enabled: Bool) {
    guard reportsMouse else { return }
    fputs(enabled ? "\u{1B}[?1000h\u{1B}[?1006h" : "\u{1B}[?1006l\u{1B}[?1000l", output)
    fflush(output)
  }

  private func makePalette() -> Palette {
    let wanted: Bool
    switch colorMode {
    case .automatic: wanted = !Self.noColorRequested
    case .color: wanted = true
    case .monochrome: wanted = false
    }
    guard wanted, has_colors(), start_color() == cnc_ok() else { return .monochrome }
    let usesDefaultColors = use_default_colors() == cnc_ok()
    return .color(usesDefaultColors: usesDefaultColors, pairs: Int(cnc_color_pairs()))
  }

  /// Whether `NO_COLOR` is set to something (https://no-color.org).
  private static var noColorRequested: Bool {
    guard let value = getenv("NO_COLOR") else { return false }
    return value.pointee != 0
  }
}
