import Airline
import Dispatch
import Domain
import FlowOwner
import Launch
import Persistence
import Presentation
import Program
import Recording
import Room
import Runtime
import Session
import SimulatedAirline
import Terminal
import Workshop
import Zones

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What only a process does around the app: reading its arguments, refusing what cannot run
/// before the terminal is touched, and the modes that are not the app (help, the diagram, a
/// journal's replay, the presenter's view of a room).
@MainActor
public enum LiveProcess {
  /// Prints `message` on one line of stderr and exits with EX_USAGE, before the terminal is
  /// touched (as the README promises: one line, the reason).
  nonisolated public static func refuse(_ message: String) -> Never {
    printError("booking: \(message)\n")
    exit(64)
  }

  /// Says why in one line and exits 1, before the terminal is touched.
  nonisolated public static func stop(_ message: String) -> Never {
    printError("booking: \(message)\n")
    exit(1)
  }

  /// The options of `arguments` (the program's name first), once the ones that only print
  /// (help, the version, the diagram) have printed and exited; a bad one is refused.
  public static func options(_ arguments: [String]) -> Options {
    // A write to a pipe whose reader went away (stderr piped into `head`) must fail, not kill
    // the app with the terminal still in its mode.
    signal(SIGPIPE, SIG_IGN)
    let options: Options
    do {
      options = try Options.parse(Array(arguments.dropFirst()))
    } catch {
      refuse(error.message)
    }
    if options.showHelp || options.showVersion {
      print(options.showHelp ? Options.usage : Options.version)
      exit(0)
    }
    if let format = options.diagram {
      print(FlowDiagram.render(format), terminator: "")
      exit(0)
    }
    return options
  }

  /// `--replay-journal PATH`: plays the journal and prints what it did, with no terminal and no
  /// data directory (the journal holds all it needs).
  nonisolated public static func replayJournal(_ path: String) -> Never {
    Task { @MainActor in
      do throws(JournalReplay.Problem) {
        print(
          JournalReplay.report(
            try await JournalReplay.play(
              path: path, airports: BuiltInAirports(), fares: SimulatedFares())), terminator: "")
        exit(0)
      } catch {
        printError("booking: cannot replay the journal \(path): \(error)\n")
        // EX_NOINPUT when it cannot be read, EX_DATAERR when it is not a journal this can play.
        exit(error.line == 0 ? 66 : 65)
      }
    }
    dispatchMain()
  }

  /// Stops unless both standard input and output are a terminal ncurses can drive.
  public static func requireTerminal() {
    guard TerminalScreen.isTerminal(0), TerminalScreen.isTerminal(1) else {
      stop("needs a terminal: run it directly in a terminal window, not in a pipe.")
    }
    if let problem = TerminalScreen.terminalProblem() { stop("\(problem)") }
  }

  /// `--watch-room DIR`: the presenter's view, which reads the room's files, writes nothing and
  /// keeps no session.
  public static func watchRoom(_ directory: String, options: Options) -> Never {
    requireTerminal()
    let room = RoomDirectory(root: directory)
    var folder = stat()
    guard stat(room.attendees, &folder) == 0, (folder.st_mode & S_IFMT) == S_IFDIR else {
      stop(
        "\(directory) is not a room: it has no attendees/ folder (Tools/scripts/room up makes one)."
      )
    }
    let clock = WallClock.system
    let screen = TerminalScreen(colorMode: .automatic, mouse: false)
    let program = FeatureProgram<RoomWatch>(
      store: FeatureStore(
        RoomWatch.self,
        state: RoomWatch.State(
          now: clock.now(), picture: RoomPicture(name: room.name()),
          language: options.language),
        environment: .live(RoomReader(room: room)), now: { clock.now() }),
      clients: ProgramClients(
        screen: screen, timers: DispatchTimers(clock: clock), clock: clock,
        session: MemorySession(), exit: { code in exit(code) }))
    LiveTerminal.connect(program, to: screen, theme: options.theme)
    dispatchMain()
  }
}
