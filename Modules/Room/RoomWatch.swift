import Canvas
import FlowOwner
import Presentation
import Runtime
import Widgets
import Words

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The presenter's view of a room (`booking room watch`): every attendee's step, held seats with
/// their countdown, payment and latest drop, and the cabins filling up, read again from the
/// room's files every `readEvery` seconds. It only reads; `q` or Ctrl-C ends it. Drawn whole
/// after every action (`ProgramRoot`'s defaults).
public enum RoomWatch {
  /// How often the room's files are looked at: a change shows within this, plus a read.
  public static let readEvery = 0.3

  /// Everything on screen.
  public struct State: Hashable, Sendable {
    /// The time, moved by every read.
    public var now: Date
    /// The room as last read.
    public var picture: RoomPicture
    /// The words' language.
    public var language: Language
    /// When the files were last read; nil before the first read.
    public var readAt: Date?
    /// Whether a read is under way.
    public var reading = false

    /// The view of `picture` at `now`.
    public init(now: Date, picture: RoomPicture, language: Language = .english) {
      self.now = now
      self.picture = picture
      self.language = language
    }
  }

  /// What happens.
  public enum Action: Hashable, Sendable {
    case key(Key)
    /// The spinner's beat, every tenth of a second: a read once `readEvery` has passed.
    case beat
    case tick(Date)
    /// A read came home.
    case read(RoomPicture, at: Date)
    case announce(String, lasting: Bool)
  }

  /// Where the room is read from.
  public struct Environment: Sendable {
    public let reader: @Sendable (Date) async -> RoomPicture

    /// Reads with `reader`.
    public init(reader: @escaping @Sendable (Date) async -> RoomPicture) { self.reader = reader }

    /// Reads `room` through a `RoomReader`.
    public static func live(_ reader: RoomReader) -> Environment {
      Environment { now in reader.read(now: now) }
    }
  }

  public static func reduce(
    _ state: inout State, _ action: Action, at now: Date, environment: Environment
  ) -> Effect<Action> {
    switch action {
    case .key(.resize):
      // The first frame's resize reads the room at once; a later one draws it again.
      return read(&state, now, environment)
    case .key(.character("q")), .key(.control("c")), .key(.escape):
      return .command(.quit(code: 0))
    case .key:
      return .none
    case .beat, .tick:
      guard !state.reading, state.readAt.map({ now.timeIntervalSince($0) >= readEvery }) ?? true
      else { return .none }
      return read(&state, now, environment)
    case .read(let picture, let at):
      state.reading = false
      state.picture = picture
      state.now = at
      return .none
    case .announce:
      return .none
    }
  }

  private static func read(_ state: inout State, _ now: Date, _ environment: Environment)
    -> Effect<Action>
  {
    guard !state.reading else { return .none }
    state.reading = true
    state.readAt = now
    let reader = environment.reader
    return .run { .read(await reader(now), at: now) }
  }
}

extension RoomWatch: ProgramRoot {
  /// The beat, always: the room is looked at every few tenths of a second.
  public static func subscriptions(_ state: State, now: Date) -> Subscriptions {
    Subscriptions(countdownTick: nil, spinner: true)
  }

  public static func draw(_ state: State, on canvas: inout Canvas, theme: Theme) {
    RoomWatchView.draw(state.picture, now: state.now, on: &canvas, theme: theme)
  }

  /// A spinner frame is the beat; the view saves nothing, and its start asks for nothing.
  public static func action(for input: ProgramInput) -> Action? {
    switch input {
    case .key(let key): .key(key)
    case .tick(let instant): .tick(instant)
    case .spin: .beat
    case .announce(let message, let lasting): .announce(message, lasting: lasting)
    case .started, .snapshotSaved, .savedSnapshotRead, .restoredPathSaved: nil
    }
  }

  public static func now(of state: State) -> Date { state.now }
  public static func strings(of state: State) -> Strings { state.language.strings }
  /// The view is no step of a flow: it reports the search form's kind; the presenter's view
  /// saves nothing.
  public static func status(of state: State) -> ProgramStatus { ProgramStatus(current: .search) }
}
