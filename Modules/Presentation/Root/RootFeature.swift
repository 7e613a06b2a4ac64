import Airline
import Canvas
import Domain
import FlowOwner
import FoundationEssentials

/// The whole app as one feature: the flow owner, the search form at the root, and exactly one
/// screen state per step on the path, derived from the path after every transition.
///
/// Screens only report what their step produced; this feature alone turns that into a flow
/// transition. Replies are tagged with the `StepID` of the step that asked; a reply whose step has
/// left the path is dropped here, and the flow drops a late output a second time by itself.
public enum RootFeature {
  /// A box over the screen.
  public enum Modal: Hashable, Sendable {
    case help
    case confirmQuit
    case inspector
    /// A new search would replace the saved booking kept by `--fresh` at payment or later.
    case confirmDiscard
  }

  /// What a key did, for recordings, which must never hold personal or card data: the text field
  /// that received it (judged when the reducer handled it, not when it was typed), or that
  /// nothing used it.
  public enum KeyUse: Hashable, Sendable {
    /// Typed into a field holding personal or card data.
    case typed(SensitiveText)
    /// Used otherwise (a form that holds no personal data, a hotkey, navigation).
    case used
    /// Nothing used it.
    case ignored
  }

  /// A kind of text a person types that a recording must replace with a placeholder.
  public typealias SensitiveText = Presentation.SensitiveText

  /// A saved flow (or a link) being restored at start, before its screens can be shown.
  public struct Restoring: Hashable, Sendable {
    /// The step it is restoring to.
    public let step: StepKind
    /// Whether a link (not a saved session) is being opened.
    public let fromLink: Bool

    /// Restoring to `step`.
    public init(step: StepKind, fromLink: Bool) {
      self.step = step
      self.fromLink = fromLink
    }
  }

  /// Everything on screen.
  public struct State: Hashable, Sendable {
    /// The flow owner.
    public internal(set) var flow = BookingFlow()
    /// The search form, the root under the path.
    public var search: SearchFeature.State
    /// One screen per step on `flow.path`, in order, with their IDs.
    public internal(set) var stack = StepStack<BookingSteps>()
    public var modal: Modal?
    /// How far the help or the inspector is scrolled (↑↓, PageUp/PageDown).
    public internal(set) var modalScroll = 0
    /// The screen's size as last reported (`Key.resize`), so scrolling stops where the box ends.
    public internal(set) var screenWidth = 80
    public internal(set) var screenHeight = 24
    /// A one-line message in the header (what a restore did, a replay handing back control).
    /// It goes at the next step the flow takes, unless `noticeLasts`.
    public var notice: String?
    /// Whether `notice` stays through steps (a replay under way says so until it ends).
    public internal(set) var noticeLasts = false
    /// Passenger details typed in a passengers step that left the path before they were saved:
    /// the next passengers step starts with them. In memory only, never in the snapshot.
    public internal(set) var typedPassengers: PassengersFeature.Typed?
    /// The card number and expiry typed in a payment step that left the path (a price given
    /// again after it expired, a change of extras): the next payment step starts with them.
    public internal(set) var typedCard: PaymentFeature.TypedCard?
    /// Why progress cannot be saved, while it cannot: shown in the header before any notice,
    /// and cleared only by a save that works.
    public var saveProblem: String?
    /// The latest flow events, newest last, and dropped replies: the inspector's log.
    public internal(set) var activity: [String] = []
    /// How many lines `activity` has ever had (it keeps only the latest 100): the app writes the
    /// lines past the count it last saw to its log file.
    public internal(set) var activityCount = 0
    /// The latest flow events, newest last.
    public internal(set) var events: [FlowEvent] = []
    /// The time, moved by ticks: countdowns are derived from it.
    public var now: Date
    /// The traveller's time zone, which decides what "today" is for the form's checks; given
    /// by the app (the machine's zone) so no reducer reads the machine.
    public let zone: Zone
    /// The language of every text.
    public var language: Language
    /// Set when the person confirmed quitting; the app then exits.
    public internal(set) var quitRequested = false
    /// While a saved flow or a link is being restored: the screen says so, only quitting, help
    /// and the inspector act, and nothing is saved (the saved snapshot stays as it was).
    public internal(set) var restoring: Restoring?
    /// The step of a saved session that `--fresh` left on disk: kept, never overwritten, until
    /// the person starts a search (asked first when it is at payment or later).
    public internal(set) var keptSession: StepKind?
    /// The search waiting for the answer to "discard the booking waiting at payment?".
    public internal(set) var pendingSearch: SearchCriteria?
    /// The saved snapshot as the app last read it from disk (the inspector shows it).
    public internal(set) var savedSnapshotText: String?
    /// What the last key did (for `--record`).
    public internal(set) var lastKey: KeyUse = .used
    /// Advances while something is loading, to animate spinners.
    public var spinnerTick = 0

    /// A fresh app at the search form; `restoring` while a saved flow is brought back;
    /// `keptSession`, the step of a saved session left alone by `--fresh`.
    public init(
      now: Date, zone: Zone = .utc, language: Language = .english, restoring: Restoring? = nil,
      keptSession: StepKind? = nil
    ) {
      self.now = now
      self.zone = zone
      self.language = language
      self.restoring = restoring
      self.keptSession = keptSession
      search = SearchFeature.State(today: CalendarDay(now, in: zone))
    }

    /// Today where the traveller is.
    public var today: CalendarDay { CalendarDay(now, in: zone) }

    /// Whether the saved snapshot must be left as it is on disk: while restoring, and while a
    /// session kept by `--fresh` has not been replaced by a new search.
    public var keepsSavedSession: Bool { restoring != nil || keptSession != nil }

    /// The kind of step shown as current.
    public var current: StepKind { flow.current }

    /// One entry per step on `flow.path`, in order.
    public var steps: [StepEntry] { stack.entries }

    /// Whether any step is waiting for the airline (or the saved flow is being restored).
    public var isBusy: Bool { restoring != nil || steps.contains { $0.screen.isBusy } }

    /// The quote on the path, if any: the countdown in the header follows it.
    public var quote: Quote? {
      for case .payment(let quote) in flow.path.reversed() { return quote }
      return nil
    }

    /// The strings of `language`.
    public var strings: Strings { language.strings }
  }

  /// What happened.
  public enum Action: Hashable, Sendable {
    case key(Key)
    /// The clock moved (the countdown's timer, or any event).
    case tick(Date)
    /// Spinner animation frame.
    case spin
    /// The saved flow (or a deep link) was restored at start.
    case restored(Restoration)
    /// A key or reply for the step `StepID`.
    case step(StepID, StepAction)
    /// The app could not save the snapshot (read-only or full disk): say so in the header.
    case saveFailed(String)
    /// A save worked again after failing.
    case saveSucceeded
    /// The saved snapshot's text as the app read it from disk, for the inspector (sent when the
    /// inspector opens and after each save while it is open).
    case savedSnapshotRead(String)
    /// A one-line message for the header: kept until replaced when `lasting` (a replay under
    /// way), else gone at the next step, like what a resume said.
    case announce(String, lasting: Bool = false)
  }

  /// Handles an action; returns the work to start.
  ///
  /// Every action first reads the injected clock into `now`, so a reply that lands between two
  /// countdown ticks is drawn with the right time; a `tick` sets `now` to the instant it carries.
  public static func reduce(_ state: inout State, _ action: Action, environment: AppEnvironment)
    -> Effect<Action>
  {
    state.now = environment.clock.now()
    switch action {
    case .tick(let now):
      state.now = now
      return .none
    case .spin:
      state.spinnerTick &+= 1
      return .none
    case .saveFailed(let reason):
      state.saveProblem = state.strings.cannotSave(reason)
      return .none
    case .saveSucceeded:
      state.saveProblem = nil
      return .none
    case .savedSnapshotRead(let text):
      state.savedSnapshotText = text
      return .none
    case .announce(let message, let lasting):
      state.notice = message
      state.noticeLasts = lasting
      return .none
    case .restored(let restoration):
      state.restoring = nil
      state.flow = restoration.flow
      record(&state, restoration.event)
      if case .results(let criteria)? = state.flow.path.first {
        state.search = SearchFeature.State(today: state.search.today, criteria: criteria)
        SearchFeature.refresh(&state.search, airports: environment.airports)
      }
      state.notice = state.strings.restoreNotice(restoration.outcome)
      state.noticeLasts = false
      let effect = reconcile(&state, environment)
      // An attempt a crash cut off before any charge pays again with its own key.
      if let key = restoration.paymentKey, let last = state.stack.last {
        state.stack.update(last.id) { screen in
          guard var form = screen.state(PaymentFeature.self) else { return }
          form.attempt = PaymentFeature.Attempt(fingerprint: nil, key: key)
          screen = PaymentFeature.screen(form)
        }
      }
      return effect
    case .step(let id, let stepAction):
      let context = stepContext(state, environment)
      guard let reply = state.stack.send(stepAction, to: id, context: context, embed: embed)
      else {
        note(&state, state.strings.replyDropped(id.description))
        return .none
      }
      return handle(&state, reply, environment).effect
    case .key(let key):
      return keyReduce(&state, key, environment)
    }
  }

  // MARK: - Keys

  private static func keyReduce(_ state: inout State, _ key: Key, _ environment: AppEnvironment)
    -> Effect<Action>
  {
    state.lastKey = .used
    if case .resize(let width, let height) = key {
      state.screenWidth = width
      state.screenHeight = height
      return .none
    }
    if let modal = state.modal { return modalKey(&state, modal, key, environment) }
    if state.restoring != nil { return restoringKey(&state, key) }
    switch key {
    case .control("c"):
      state.modal = .confirmQuit
      return .none
    case .function(1):
      state.modal = .help
      return .none
    case .function(2):
      state.modal = .inspector
      return .none
    default:
      break
    }
    if let last = state.stack.last {
      let receiving = last.screen.focusedSensitiveText
      let context = stepContext(state, environment)
      if let reply = state.stack.sendKey(key, context: context, embed: embed) {
        let handled = handle(&state, reply, environment)
        if handled.handled {
          if case .character = key, let receiving { state.lastKey = .typed(receiving) }
          return handled.effect
        }
      }
    } else {
      let reply = SearchFeature.reduce(
        &state.search, .key(key), airports: environment.airports, strings: state.strings)
      if reply.handled {
        guard case .submitted(let criteria)? = reply.output else { return .none }
        // A booking kept by `--fresh` at payment or later is replaced only when the person says.
        if let kept = state.keptSession, kept >= .payment {
          state.pendingSearch = criteria
          state.modal = .confirmDiscard
          return .none
        }
        return startSearch(&state, criteria, environment)
      }
    }
    switch key {
    case .escape:
      // After paying there is no way back: `n` starts a new booking, on purpose.
      guard !state.flow.path.isEmpty, state.flow.current != .confirmation else { return .none }
      record(&state, state.flow.back())
      return reconcile(&state, environment)
    case .character("?"):
      state.modal = .help
    case .character("q"):
      state.modal = .confirmQuit
    case .character("i"):
      state.modal = .inspector
    case .character:
      state.lastKey = .ignored
    default:
      break
    }
    return .none
  }

  /// The search replaces the path (and so, once saved, the saved session).
  private static func startSearch(
    _ state: inout State, _ criteria: SearchCriteria, _ environment: AppEnvironment
  ) -> Effect<Action> {
    state.keptSession = nil
    state.pendingSearch = nil
    state.notice = nil
    record(&state, state.flow.searchSubmitted(criteria))
    return reconcile(&state, environment)
  }

  /// While restoring, only what makes sense before a screen is shown acts: quitting (asked
  /// first), help and the inspector. Any other key is answered, not silently dropped.
  private static func restoringKey(_ state: inout State, _ key: Key) -> Effect<Action> {
    switch key {
    case .control("c"), .character("q"):
      state.modal = .confirmQuit
    case .function(1), .character("?"):
      state.modal = .help
    case .function(2), .character("i"):
      state.modal = .inspector
    default:
      state.notice = state.strings.stillResuming
      state.noticeLasts = false
    }
    return .none
  }

  /// The keys that answer "yes" to a question, in both languages (y, e for evet).
  public static func confirms(_ key: Key) -> Bool {
    [.character("y"), .character("Y"), .character("e"), .character("E"), .enter].contains(key)
  }

  /// Whether `key` answers yes to "quit?": a yes, or the quit key pressed again.
  public static func confirmsQuit(_ key: Key) -> Bool {
    confirms(key) || key == .character("q") || key == .control("c")
  }

  /// The keys that answer "no" (n, h for hayır, Esc).
  public static func declines(_ key: Key) -> Bool {
    [.character("n"), .character("N"), .character("h"), .character("H"), .escape].contains(key)
  }

  private static func modalKey(
    _ state: inout State, _ modal: Modal, _ key: Key, _ environment: AppEnvironment
  ) -> Effect<Action> {
    switch modal {
    case .help, .inspector:
      // Arrows and pages scroll a box taller than the screen; any other key closes it. Scrolling
      // stops where the box ends on this screen.
      let lines =
        modal == .help
        ? Presentation.Modal.maxScroll(
          title: state.strings.helpTitle, lines: state.strings.helpLines,
          canvasWidth: state.screenWidth, canvasHeight: state.screenHeight)
        : Presentation.Modal.maxScroll(
          title: state.strings.inspectorTitle,
          lines: state.inspectorLines,
          canvasWidth: state.screenWidth, canvasHeight: state.screenHeight)
      let page = 8
      switch key {
      case .down: state.modalScroll = min(state.modalScroll + 1, lines)
      case .up: state.modalScroll = max(0, state.modalScroll - 1)
      case .pageDown: state.modalScroll = min(state.modalScroll + page, lines)
      case .pageUp: state.modalScroll = max(0, state.modalScroll - page)
      case .home: state.modalScroll = 0
      default:
        state.modal = nil
        state.modalScroll = 0
      }
    case .confirmQuit:
      if confirmsQuit(key) {
        state.quitRequested = true
      } else if declines(key) {
        state.modal = nil
      }
    case .confirmDiscard:
      if confirms(key), let criteria = state.pendingSearch {
        state.modal = nil
        return startSearch(&state, criteria, environment)
      } else if declines(key) || key == .control("c") {
        state.modal = nil
        state.pendingSearch = nil
      }
    }
    return .none
  }

  // MARK: - Steps

  /// How a step's work comes back: an action for that step's ID.
  private static let embed: @Sendable (StepID, StepAction) -> Action = { .step($0, $1) }

  /// What every step's reducer is given.
  private static func stepContext(_ state: State, _ environment: AppEnvironment) -> StepContext {
    StepContext(
      now: state.now, today: state.today, environment: environment, strings: state.strings)
  }

  /// Turns what a step produced into a flow transition.
  private static func handle(
    _ state: inout State, _ reply: StepStack<BookingSteps>.Reply<Action>,
    _ environment: AppEnvironment
  ) -> (handled: Bool, effect: Effect<Action>) {
    let (effect, origin) = (reply.effect, reply.origin)
    switch reply.output {
    case nil:
      return (reply.handled, effect)
    case .offerSelected(let offer):
      record(&state, state.flow.offerSelected(offer, from: origin))
    case .searchDay(let day):
      // Another day is a new search: it replaces the path, and the form shows it.
      guard case .results(let criteria) = origin,
        let moved = try? SearchCriteria(
          origin: criteria.origin, destination: criteria.destination, departure: day,
          passengerCount: criteria.passengerCount)
      else { return (true, effect) }
      state.search = SearchFeature.State(today: state.search.today, criteria: moved)
      SearchFeature.refresh(&state.search, airports: environment.airports)
      return (true, .batch([effect, startSearch(&state, moved, environment)]))
    case .passengersSaved(let draft):
      record(&state, state.flow.passengersSaved(draft, from: origin))
    case .extrasPriced(let quote):
      record(&state, state.flow.extrasPriced(quote, from: origin))
    case .paid(let reference):
      record(&state, state.flow.paid(reference, from: origin))
    case .alreadyBooked(let reference):
      // Booked already (with another quote of the same draft): that booking is shown.
      record(&state, state.flow.paid(reference, from: origin))
      let reconciled = reconcile(&state, environment)
      state.notice = state.strings.alreadyBooked(reference)
      return (true, .batch([effect, reconciled]))
    case .repriced(let quote):
      // The new quote takes this payment step's place.
      record(&state, state.flow.repriced(quote, from: origin))
    case .startOver:
      record(&state, state.flow.startOver())
      state.notice = nil
    }
    return (true, .batch([effect, reconcile(&state, environment)]))
  }

  /// Makes the stack match `flow.path` (see `StepStack.reconcile`): screens of unchanged steps
  /// stay, new ones are built by the table and start their work, and the work of screens that
  /// left is cancelled by the effect returned.
  static func reconcile(_ state: inout State, _ environment: AppEnvironment) -> Effect<Action> {
    let path = state.flow.path
    // Details typed but not yet saved, in screens about to leave, go to the next such screen.
    for entry in state.stack.leaving(for: path) {
      if let typed = entry.screen.state(PassengersFeature.self)?.typed {
        state.typedPassengers = typed
      }
      if let card = entry.screen.state(PaymentFeature.self)?.typedCard { state.typedCard = card }
    }
    // A booking made: its travellers are not carried into the next one.
    if state.flow.current == .confirmation {
      state.typedPassengers = nil
      state.typedCard = nil
    }
    var typedPassengers = state.typedPassengers
    var typedCard = state.typedCard
    let (_, effect) = state.stack.reconcile(
      to: path, context: stepContext(state, environment),
      prepare: { screen in
        if var form = screen.state(PassengersFeature.self), let typed = typedPassengers {
          form.adopt(typed)
          screen = PassengersFeature.screen(form)
          typedPassengers = nil
        }
        if var form = screen.state(PaymentFeature.self), let card = typedCard {
          form.adopt(card)
          screen = PaymentFeature.screen(form)
          typedCard = nil
        }
      }, embed: embed)
    state.typedPassengers = typedPassengers
    state.typedCard = typedCard
    return effect
  }

  private static func record(_ state: inout State, _ event: FlowEvent) {
    if event.isAccepted, !state.noticeLasts {
      if case .restored = event.transition {} else { state.notice = nil }
    }
    state.events.append(event)
    note(&state, event.description)
  }

  private static func note(_ state: inout State, _ line: String) {
    state.activity.append(line)
    state.activityCount += 1
    trimLog(&state)
  }

  private static func trimLog(_ state: inout State) {
    if state.events.count > 100 { state.events.removeFirst(state.events.count - 100) }
    if state.activity.count > 100 { state.activity.removeFirst(state.activity.count - 100) }
  }
}
