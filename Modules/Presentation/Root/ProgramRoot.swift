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
/// (`ProgramInput`: its start, keys, timer fires, a command's outcome, a line for the header)
/// become. What it asks the program to do is said as `Command`s in its effects.
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

  /// The action `input` becomes; nil for an input the root takes no action for (a root that
  /// saves no snapshot is told nothing of saves).
  static func action(for input: ProgramInput) -> Action?

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

/// What a program tells its root, besides the replies of the root's own work.
public enum ProgramInput: Hashable, Sendable {
  /// The first frame is on the screen and no key has been read: what the root's start asks
  /// for (the app's root: the save of a path that is not on disk yet, which is the search
  /// form's, so a crash before it starts the same way as one after it, and the first frame
  /// waits for no disk).
  case started
  /// A key read from the terminal (a resize included).
  case key(Key)
  /// The clock moved to this instant (a countdown's timer).
  case tick(Date)
  /// A spinner frame.
  case spin
  /// A one-line message for the header, kept until replaced when `lasting`.
  case announce(String, lasting: Bool)
  /// What saving the snapshot said (`Command.saveSnapshot`): nil when it is on disk.
  case snapshotSaved(BookingSnapshot, error: String?)
  /// The saved snapshot's text (`Command.readSavedSnapshot`).
  case savedSnapshotRead(String)
}

extension ProgramRoot {
  /// A root drawn whole after every action: no action moves only its clock.
  public static func movesOnlyTheClock(_ action: Action) -> Bool { false }

  /// A root drawn whole after every action never redraws its clock alone.
  public static func drawClock(
    _ state: State, after previous: State, on canvas: inout Canvas, theme: Theme,
    onlyTheClockMoved: Bool
  ) -> Bool { false }

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
