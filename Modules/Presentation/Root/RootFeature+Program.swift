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
    case .savedSnapshotRead(let text): .savedSnapshotRead(text)
    }
  }

  /// `State.now`.
  public static func now(of state: State) -> Date { state.now }
  /// `State.strings`.
  public static func strings(of state: State) -> Strings { state.strings }
  /// `State.current`.
  public static func current(of state: State) -> StepKind { state.current }

  public static func isLooking(_ state: State) -> Bool {
    state.shell.modal == .help || state.shell.modal == .inspector
  }
  /// The step of `State.restoring`.
  public static func resuming(_ state: State) -> StepKind? { state.restoring?.step }
  /// `State.keepsSavedSession`.
  public static func keepsSavedSession(_ state: State) -> Bool { state.keepsSavedSession }
  /// The flow's snapshot.
  public static func snapshot(of state: State) -> BookingSnapshot? { state.flow.snapshot }

  /// The path's snapshot, unless the saved session is kept or already holds it.
  public static func snapshotToSave(_ state: State) -> BookingSnapshot? {
    let snapshot = state.flow.snapshot
    guard !state.keepsSavedSession, snapshot != state.saving.saved else { return nil }
    return snapshot
  }
}
