import Canvas
import FlowOwner
import Runtime
import Widgets
import Words

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A root feature a program can run: its state and actions, how it reduces an action at a
/// time, the timers its state asks for, how it draws, and the actions the program's own inputs
/// (keys, timer fires, a command's outcome, a line for the header) become. What it asks the
/// program to do is said as `Command`s in its effects.
///
/// `RootFeature` is the app's root; a tool may run the same screens under a root of its own.
/// A program holds one, chosen at start.
public protocol ProgramRoot: SendableMetatype {
  /// Everything on screen.
  associatedtype State: Hashable & Sendable
  /// What happens.
  associatedtype Action: Sendable
  /// What the reducer is given besides the state, the action and the time.
  associatedtype Environment

  /// Handles `action`, which came at `now`.
  static func reduce(_ state: inout State, _ action: Action, at now: Date, environment: Environment)
    -> Effect<Action>

  /// The timers `state` needs at `now`.
  static func subscriptions(_ state: State, now: Date) -> Subscriptions
  /// The countdown's part of `subscriptions`: all an action that `movesOnlyTheClock` changes.
  static func countdownTick(_ state: State, now: Date) -> Date?
  /// Whether reducing `action` changes nothing but the clock.
  static func movesOnlyTheClock(_ action: Action) -> Bool

  /// Draws the whole screen for `state` into `canvas`.
  static func draw(_ state: State, on canvas: inout Canvas, theme: Theme)
  /// Redraws only what the clock moved since `previous`, when that is all that changed; false
  /// when the whole screen must be drawn.
  static func drawClock(
    _ state: State, after previous: State, on canvas: inout Canvas, theme: Theme,
    onlyTheClockMoved: Bool
  ) -> Bool

  /// A key read from the terminal (a resize included).
  static func key(_ key: Key) -> Action
  /// The clock moved to `instant` (a countdown's timer).
  static func tick(_ instant: Date) -> Action
  /// A spinner frame.
  static var spin: Action { get }
  /// A one-line message for the header.
  static func announce(_ message: String, lasting: Bool) -> Action
  /// What saving the snapshot said (`Command.saveSnapshot`); nil for a root that saves none.
  static func snapshotSaved(_ snapshot: BookingSnapshot, error: String?) -> Action?
  /// The saved snapshot's text (`Command.readSavedSnapshot`); nil for a root that reads none.
  static func savedSnapshotRead(_ text: String) -> Action?

  /// The time `state` was last moved to.
  static func now(of state: State) -> Date
  /// The words of `state`'s language.
  static func strings(of state: State) -> Strings
  /// The step shown as current.
  static func current(of state: State) -> StepKind
  /// The step being resumed, while a saved flow is being restored.
  static func resuming(_ state: State) -> StepKind?
  /// Whether the help or the inspector is open: a person looking, whom a replay waits for.
  static func isLooking(_ state: State) -> Bool
  /// Whether the saved session is to be left as it is on disk.
  static func keepsSavedSession(_ state: State) -> Bool
  /// The snapshot `Command.saveSnapshot` writes: the one of the state the action left; nil for
  /// a root that saves none.
  static func snapshot(of state: State) -> BookingSnapshot?
  /// The snapshot to write at an end that is not the root's (a signal, a hang-up), when what is
  /// on disk is older; nil when nothing is to be written.
  static func snapshotToSave(_ state: State) -> BookingSnapshot?
}

extension ProgramRoot {
  /// A root drawn whole after every action: no action moves only its clock.
  public static func movesOnlyTheClock(_ action: Action) -> Bool { false }

  /// A root drawn whole after every action never redraws its clock alone.
  public static func drawClock(
    _ state: State, after previous: State, on canvas: inout Canvas, theme: Theme,
    onlyTheClockMoved: Bool
  ) -> Bool { false }

  /// A root that saves no snapshot is told nothing of saves.
  public static func snapshotSaved(_ snapshot: BookingSnapshot, error: String?) -> Action? {
    nil
  }

  /// A root that saves no snapshot reads none.
  public static func savedSnapshotRead(_ text: String) -> Action? { nil }

  /// Nothing is being resumed.
  public static func resuming(_ state: State) -> StepKind? { nil }

  /// A root that saves no snapshot leaves the saved session as it is.
  public static func keepsSavedSession(_ state: State) -> Bool { true }

  /// A root that saves no snapshot writes none.
  public static func snapshotToSave(_ state: State) -> BookingSnapshot? { nil }
}

extension FeatureStore {
  /// The store of `root` at `state` in `environment`, each action at the time `now` reads,
  /// running its effects' work on `executor` (nil: Swift's global concurrent executor).
  public convenience init<Root: ProgramRoot>(
    _ root: Root.Type, state: State, environment: Root.Environment,
    now: @escaping @MainActor () -> Date, executor: (any TaskExecutor)? = nil
  ) where State == Root.State, Action == Root.Action {
    self.init(state: state, now: now, executor: executor) { state, action, now in
      Root.reduce(&state, action, at: now, environment: environment)
    }
  }
}
