import Canvas
import FlowOwner
import Widgets
import Words

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension RootFeature: ProgramRoot {
  /// The services and clock.
  public typealias Environment = AppEnvironment

  /// `RootView.draw`.
  public static func draw(_ state: State, on canvas: inout Canvas, theme: Theme) {
    RootView.draw(state, on: &canvas, theme: theme)
  }

  /// While the restored path is being saved, the state its save lets go into when it is on
  /// disk (`releaseHold`); otherwise `state`.
  public static func drawn(_ state: State) -> State {
    guard state.savingRestoredPath, let pending = state.saving.pending else { return state }
    var released = state
    _ = releaseHold(&released, saved: pending, error: nil)
    return released
  }

  /// `RootView.drawClock`.
  public static func drawClock(
    _ state: State, after previous: State, on canvas: inout Canvas, theme: Theme,
    onlyTheClockMoved: Bool
  ) -> Bool {
    RootView.drawClock(
      state, after: previous, on: &canvas, theme: theme, onlyTheClockMoved: onlyTheClockMoved)
  }

  /// `Action.movesOnlyTheClock`.
  public static func movesOnlyTheClock(_ action: Action) -> Bool { action.movesOnlyTheClock }

  /// The action of the same name; `started` asks for the save of a path not on disk yet.
  public static func action(for input: ProgramInput) -> Action? {
    switch input {
    case .started: .started
    case .key(let key): .key(key)
    case .tick(let instant): .tick(instant)
    case .spin: .spin
    case .announce(let message, let lasting): .announce(message, lasting: lasting)
    case .snapshotSaved(let snapshot, let error): .snapshotSaved(snapshot, error: error)
    case .restoredPathSaved(let snapshot, let error): .restoredPathSaved(snapshot, error: error)
    case .savedSnapshotRead(let text): .savedSnapshotRead(text)
    }
  }

  /// `State.now`.
  public static func now(of state: State) -> Date { state.now }
  /// `State.strings`.
  public static func strings(of state: State) -> Strings { state.strings }
  /// The current step, the one being resumed (`State.resuming`), whether the help or the
  /// inspector is open, and whether the frames and keys wait for the restored path's save.
  public static func status(of state: State) -> ProgramStatus {
    ProgramStatus(
      current: state.current, resuming: state.resuming,
      isLooking: state.shell.modal == .help || state.shell.modal == .inspector,
      holding: state.savingRestoredPath)
  }

  /// The flow's snapshot (with the trips' position), the one on disk, and whether it is kept (`State.keepsSavedSession`).
  public static func session(of state: State) -> ProgramSession? {
    ProgramSession(
      snapshot: state.snapshot, onDisk: state.saving.saved, kept: state.keepsSavedSession)
  }
}
