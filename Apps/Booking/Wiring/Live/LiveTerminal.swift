import Dispatch
import Launch
import Presentation
import Program
import Recording
import Runtime
import Terminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A program on the process's terminal: its signals, its colours, its screen and its keys.
@MainActor
public enum LiveTerminal {
  /// Hands `program` the keys waiting on `screen`, and then the hang-up if the reads met the
  /// input's end. A wake of the read source with nothing to read is not a hang-up: a resize's
  /// drain may have taken the bytes it was for.
  static func drain<Root: ProgramRoot>(
    _ screen: TerminalScreen, into program: FeatureProgram<Root>
  ) {
    program.received(screen.readKeys())
    if screen.inputEnded { program.hungUp() }
  }

  /// Connects `program`, whichever root it runs, to the terminal `screen` and draws its first
  /// frame: the signals, the screen (the colours, `theme`, asked of the terminal while it
  /// starts), the keys, then `beforeFirstFrame` and the first frame (`FeatureProgram.run`).
  /// Returns the keys' source, read for as long as the program runs.
  @discardableResult
  public static func connect<Root: ProgramRoot>(
    _ program: FeatureProgram<Root>, to screen: TerminalScreen, theme: Options.ThemeChoice,
    beforeFirstFrame: () -> Void = {}
  ) -> any DispatchSourceRead {
    // Taken before the screen starts, so ncurses sees the signals taken and leaves them alone.
    screen.installSignalHandlers(
      onTerminate: { signal in program.terminating(on: signal) },
      onResize: { drain(screen, into: program) },
      onInterrupt: { program.interrupted() })
    // The background, when the theme follows it, is asked once the signals are taken (a
    // Ctrl-C meanwhile waits for the program), and answered while ncurses starts.
    let question =
      theme == .auto ? TerminalBackground.Question(input: screen.inputDescriptor, output: 1) : nil
    var background: TerminalBackground?
    do {
      if let question {
        background = try screen.start(hearing: question)
      } else {
        try screen.start()
      }
    } catch {
      LiveProcess.stop("\(error)")
    }
    program.colorTheme = theme.theme(
      asked: { background }, colorFGBG: getenv("COLORFGBG").map { String(cString: $0) })
    let source = DispatchSource.makeReadSource(
      fileDescriptor: screen.inputDescriptor, queue: .main)
    source.setEventHandler {
      MainActor.assumeIsolated { drain(screen, into: program) }
    }
    source.resume()
    program.onEnd = { source.cancel() }
    program.run(beforeFirstFrame: beforeFirstFrame)
    return source
  }

  /// Connects `program` to the terminal of `parts` and draws its first frame: the replay, the
  /// recording, the log's first `lines`, then `connect` (`beforeFirstFrame` its).
  @discardableResult
  public static func launch<Root: ProgramRoot>(
    _ program: FeatureProgram<Root>, parts: LiveParts, log lines: [String],
    beforeFirstFrame: () -> Void = {}
  ) -> any DispatchSourceRead {
    let options = parts.options
    program.replayer = parts.replayer
    for line in lines { program.writeLog(line) }
    if let saveProblem = parts.app.saveProblem { program.writeLog("cannot save: " + saveProblem) }
    if let path = options.recordPath {
      do {
        let recorder = try KeyRecorder(
          path: path, replacing: options.force, clock: parts.app.clock)
        recorder.onFailure = { reason in program.recordingStopped(reason) }
        program.recorder = recorder
      } catch {
        LiveProcess.refuse("cannot record to \(error)")
      }
    }
    return connect(
      program, to: parts.screen, theme: options.theme, beforeFirstFrame: beforeFirstFrame)
  }
}
