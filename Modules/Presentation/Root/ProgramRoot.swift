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
  /// Whether reducing `action` changes nothing but the clock (then only the countdown of
  /// `subscriptions` can have moved).
  static func movesOnlyTheClock(_ action: Action) -> Bool

  /// Draws the whole screen for `state` into `canvas`.
  static func draw(_ state: State, on canvas: inout Canvas, theme: Theme)
  /// The state a frame is drawn from while `state` is current: `state` itself, but while the
  /// root holds (`ProgramStatus.holding`) the state its hold lets go into when the input it
  /// waits for says what it expects (the app's root: the restored path saved). The frame
  /// waiting to be shown is then the one shown when the hold ends so, and only what moved
  /// since (the clock) is drawn again.
  static func drawn(_ state: State) -> State
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
  /// Where `state` is, for the log and a replay.
  static func status(of state: State) -> ProgramStatus
  /// The saved session as `state` has it; nil for a root that saves none.
  static func session(of state: State) -> ProgramSession?
}

/// Where a root's state is, as the program reads it for its log and a replay.
public struct ProgramStatus: Hashable, Sendable {
  /// The step shown as current.
  public var current: StepKind
  /// The step being resumed: while a saved flow is being restored, and while the root holds
  /// for the restored path's save.
  public var resuming: StepKind?
  /// Whether the help or the inspector is open: a person looking, whom a replay waits for.
  public var isLooking: Bool
  /// Whether the root holds what it shows until an input it waits for (the app's root: the
  /// restored path's save, `ProgramInput.restoredPathSaved`): its frames are drawn but not
  /// shown, and the keys read wait, in order, until it lets go.
  public var holding: Bool

  /// At `current`, resuming `resuming`, a person looking when `isLooking`, holding its frames
  /// and keys when `holding`.
  public init(
    current: StepKind, resuming: StepKind? = nil, isLooking: Bool = false, holding: Bool = false
  ) {
    self.current = current
    self.resuming = resuming
    self.isLooking = isLooking
    self.holding = holding
  }
}

/// A root's saved session as its state has it.
public struct ProgramSession: Hashable, Sendable {
  /// The snapshot of the state: what `Command.saveSnapshot` writes.
  public var snapshot: BookingSnapshot
  /// The snapshot on disk, as far as the state knows.
  public var onDisk: BookingSnapshot?
  /// Whether what is on disk is to be left as it is (`--fresh`, a restore under way).
  public var kept: Bool

  /// `snapshot`, `onDisk` and whether it is `kept`.
  public init(snapshot: BookingSnapshot, onDisk: BookingSnapshot?, kept: Bool) {
    self.snapshot = snapshot
    self.onDisk = onDisk
    self.kept = kept
  }

  /// The snapshot to write at an end that is not the root's (a signal, a hang-up): nil when
  /// the session is kept or the disk holds it already.
  public var toSave: BookingSnapshot? { kept || snapshot == onDisk ? nil : snapshot }
}

/// What a program tells its root, besides the replies of the root's own work.
public enum ProgramInput: Hashable, Sendable {
  /// The first frame is drawn (shown, unless the root holds) and no key has been read: what
  /// the root's start asks for (the app's root: the save of a path that is not on disk yet,
  /// which is the search form's, so a crash before it starts the same way as one after it, and
  /// the first frame waits for no disk).
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
  /// How the start's work saved a restored path: the snapshot and nil when it is on disk, the
  /// snapshot and why not when the save failed, nil when no save was made.
  case restoredPathSaved(BookingSnapshot?, error: String?)
}

extension ProgramRoot {
  /// A root drawn whole after every action: no action moves only its clock.
  public static func movesOnlyTheClock(_ action: Action) -> Bool { false }

  /// A root that never holds draws its state.
  public static func drawn(_ state: State) -> State { state }

  /// A root drawn whole after every action never redraws its clock alone.
  public static func drawClock(
    _ state: State, after previous: State, on canvas: inout Canvas, theme: Theme,
    onlyTheClockMoved: Bool
  ) -> Bool { false }

  /// A root that saves no snapshot has no session.
  public static func session(of state: State) -> ProgramSession? { nil }
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
