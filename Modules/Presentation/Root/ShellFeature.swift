import Canvas
import FlowOwner
import Runtime
import Widgets
import Words

/// What surrounds the steps: the box over the screen (help, inspector, questions), the header's
/// notice and save status, the activity log and the screen's size.
///
/// The root owns the flow and the steps; everything else on screen that is not a step lives here,
/// so a new concern of the frame does not grow the root.
///
/// Each change that the event log must hear of returns its line as a command, where it is made:
/// a flow event, a note, a new notice, a save that failed or works again.
public enum ShellFeature {
  /// The shell's state.
  public struct State: Hashable, Sendable {
    /// The box over the screen, if one is open.
    public internal(set) var modal: Modal?
    /// How far the help or the inspector is scrolled (↑↓, PageUp/PageDown).
    public internal(set) var modalScroll = 0
    /// The screen's size as last reported (`Key.resize`), so scrolling stops where the box ends.
    public internal(set) var screenWidth = 80
    public internal(set) var screenHeight = 24
    /// A one-line message in the header (what a restore did, a replay handing back control).
    /// It goes at the next step the flow takes, unless `noticeLasts`.
    public internal(set) var notice: String?
    /// Whether `notice` stays through steps (a replay under way says so until it ends).
    public internal(set) var noticeLasts = false
    /// Why progress cannot be saved, while it cannot: shown in the header before any notice,
    /// and cleared only by a save that works.
    public internal(set) var saveProblem: String?
    /// The latest flow events, newest last, and dropped replies: the inspector's log.
    public internal(set) var activity: [String] = []
    /// What the event log calls the lines of `activity` ("flow", "bag").
    public let source: String
    /// The latest flow events, newest last.
    public internal(set) var events: [FlowEvent] = []
    /// The saved snapshot as the app last read it from disk (the inspector shows it).
    public internal(set) var savedSnapshotText: String?

    /// A shell with nothing open, whose activity the event log calls `source`, showing
    /// `notice` and `saveProblem` from the first frame (what the start found).
    public init(source: String = "flow", notice: String? = nil, saveProblem: String? = nil) {
      self.source = source
      self.notice = notice
      self.saveProblem = saveProblem
    }

    /// Logs a flow event; an accepted one ends a notice that does not last (a restore's own
    /// event keeps the notice it brings). Returns the event log's line.
    public mutating func record(_ event: FlowEvent) -> [Command] {
      if event.isAccepted, !noticeLasts {
        if case .restored = event.transition {} else { notice = nil }
      }
      events.append(event)
      if events.count > Self.logLength { events.removeFirst(events.count - Self.logLength) }
      return note(event.description)
    }

    /// Adds a line to the activity log (it keeps the latest 100); returns the event log's line.
    public mutating func note(_ line: String) -> [Command] {
      activity.append(line)
      if activity.count > Self.logLength { activity.removeFirst(activity.count - Self.logLength) }
      return [.log(source + ": " + line)]
    }

    /// Shows `message` in the header until the next step (or until replaced, when `lasting`);
    /// nil clears it. Returns the event log's line for a new message.
    public mutating func announce(_ message: String?, lasting: Bool = false) -> [Command] {
      let changed = message != notice
      notice = message
      noticeLasts = lasting
      guard changed, let message else { return [] }
      return [.log("notice: " + message)]
    }

    /// Shows why progress cannot be saved (`problem`), or that it can again (nil); returns the
    /// event log's line when that changed.
    public mutating func saving(_ problem: String?) -> [Command] {
      guard problem != saveProblem else { return [] }
      saveProblem = problem
      return [.log(problem.map { "cannot save: " + $0 } ?? "saving works again")]
    }

    static let logLength = 100
  }

  /// A box over the screen.
  public enum Modal: Hashable, Sendable {
    case help
    case confirmQuit
    case inspector
    /// A new search would replace the saved session kept by `--fresh`, which names a quote or a
    /// booking.
    case confirmDiscard
  }

  /// What the shell is told.
  public enum Action: Hashable, Sendable {
    /// The screen's new size.
    case resized(width: Int, height: Int)
    /// The saved snapshot's text as the app read it from disk.
    case savedSnapshotRead(String)
    /// A one-line message for the header.
    case announce(String, lasting: Bool)
  }

  /// Handles an action; returns the commands it asks for.
  public static func reduce(_ state: inout State, _ action: Action, strings: Strings) -> [Command] {
    switch action {
    case .resized(let width, let height):
      state.screenWidth = width
      state.screenHeight = height
    case .savedSnapshotRead(let text):
      state.savedSnapshotText = text
    case .announce(let message, let lasting):
      return state.announce(message, lasting: lasting)
    }
    return []
  }

  /// What a key did in an open box, for the root.
  public enum ModalAnswer: Hashable, Sendable {
    /// Nothing the root must act on.
    case none
    /// Yes to "discard the booking waiting at payment?".
    case discardConfirmed
    /// No to it.
    case discardDeclined
    /// Yes to "quit?".
    case quitConfirmed
  }

  /// A key while `modal` is open. `lines` are the open box's lines (help or inspector), so
  /// scrolling stops where the box ends on this screen. Closing a box asks for nothing.
  public static func modalKey(
    _ state: inout State, _ modal: Modal, _ key: Key, title: String, lines: [String]
  ) -> ModalAnswer {
    switch modal {
    case .help, .inspector:
      // Arrows and pages scroll a box taller than the screen; any other key closes it.
      let end = Widgets.Modal.maxScroll(
        title: title, lines: lines, canvasWidth: state.screenWidth,
        canvasHeight: state.screenHeight)
      let page = 8
      switch key {
      case .down: state.modalScroll = min(state.modalScroll + 1, end)
      case .up: state.modalScroll = max(0, state.modalScroll - 1)
      case .pageDown: state.modalScroll = min(state.modalScroll + page, end)
      case .pageUp: state.modalScroll = max(0, state.modalScroll - page)
      case .home: state.modalScroll = 0
      default: close(&state)
      }
    case .confirmQuit:
      if RootFeature.confirmsQuit(key) {
        return .quitConfirmed
      } else if RootFeature.declines(key) {
        close(&state)
      }
    case .confirmDiscard:
      // Keeping is the default: Enter, which also moves between fields, keeps the booking.
      if RootFeature.confirms(key), key != .enter {
        close(&state)
        return .discardConfirmed
      } else if RootFeature.declines(key) || key == .enter || key == .control("c") {
        close(&state)
        return .discardDeclined
      }
    }
    return .none
  }

  /// Opens `modal` at its top.
  public static func open(_ state: inout State, _ modal: Modal) {
    state.modal = modal
    state.modalScroll = 0
  }

  /// The box a key opens wherever it is pressed: Ctrl-C asks to quit, F1 opens the help, F2
  /// the inspector; nil for any other key.
  public static func box(openedBy key: Key) -> Modal? {
    switch key {
    case .control("c"): .confirmQuit
    case .function(1): .help
    case .function(2): .inspector
    default: nil
    }
  }

  /// Closes the box.
  public static func close(_ state: inout State) {
    state.modal = nil
    state.modalScroll = 0
  }
}
