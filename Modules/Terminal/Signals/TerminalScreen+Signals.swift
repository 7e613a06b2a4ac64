import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TerminalScreen {
  /// Handles the signals a full-screen app must, on the main queue. Call it once, before
  /// `start()`.
  ///
  /// Before, because ncurses decides at `start()` whether to handle Ctrl-Z itself, and from then
  /// on swaps the SIGTSTP handler out and back in around every update; libdispatch installs its
  /// handler from another thread a moment after this call, and one that lands during an update
  /// is swapped back out, leaving Ctrl-Z ignored. Seeing the signal already taken at `start()`,
  /// ncurses leaves it alone.
  ///
  /// - SIGINT (Ctrl-C): `onInterrupt()` when given (the app asks before quitting); otherwise
  ///   as SIGTERM.
  /// - SIGTERM, SIGHUP: `onTerminate(signal)` (save what must survive), then `stop()`, then exit
  ///   with status 128 + signal.
  /// - SIGTSTP (Ctrl-Z): `suspend()`, then the process stops.
  /// - SIGCONT: back to full screen and a whole repaint, then `onResize()`.
  /// - SIGWINCH: `applyWindowSize()`, then `onResize()`.
  ///
  /// `onResize` should call `readKeys()`: a new size arrives there as `Key.resize`, and the
  /// stdin read source cannot report it because no byte came in.
  public func installSignalHandlers(
    onTerminate: @escaping @MainActor (Int32) -> Void,
    onResize: @escaping @MainActor () -> Void,
    onInterrupt: (@MainActor () -> Void)? = nil
  ) {
    if let onInterrupt {
      signals.install(SIGINT) { onInterrupt() }
    }
    for signal in onInterrupt == nil ? [SIGINT, SIGTERM, SIGHUP] : [SIGTERM, SIGHUP] {
      signals.install(signal) { [weak self] in
        onTerminate(signal)
        self?.stop()
        exit(128 + signal)
      }
    }
    signals.install(SIGTSTP) { [weak self] in
      self?.suspend()
      // SIGSTOP, not a raised SIGTSTP: libdispatch blocks signals on the thread that takes one,
      // so a SIGTSTP raised here would stay pending instead of stopping the process.
      kill(getpid(), SIGSTOP)
    }
    signals.install(SIGCONT) { [weak self] in
      guard let self, isActive else { return }
      // Stopped by someone else (kill -STOP): the shell may have changed the terminal modes
      // meanwhile, and leaving and re-entering curses mode puts ours back.
      if !isSuspended { suspend() }
      resume()
      onResize()
    }
    signals.install(SIGWINCH) { [weak self] in
      self?.applyWindowSize()
      onResize()
    }
  }
}
