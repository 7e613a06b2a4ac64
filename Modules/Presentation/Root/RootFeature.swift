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
  public enum SensitiveText: Hashable, Sendable {
    case name, birthDate, email, phone, cardNumber, cardExpiry, securityCode
  }

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
    /// One entry per step on `flow.path`, in order.
    public internal(set) var steps: [StepEntry] = []
    var nextStepID = 1
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

    /// Whether any step is waiting for the airline (or the saved flow is being restored).
    public var isBusy: Bool { restoring != nil || steps.contains { $0.feature.isBusy } }

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
      if let key = restoration.paymentKey, let last = state.steps.indices.last,
        case .payment(var form) = state.steps[last].feature
      {
        form.attempt = PaymentFeature.Attempt(fingerprint: nil, key: key)
        state.steps[last].feature = .payment(form)
      }
      return effect
    case .step(let id, let stepAction):
      guard let index = state.steps.firstIndex(where: { $0.id == id }) else {
        note(&state, state.strings.replyDropped(id.description))
        return .none
      }
      return stepReduce(&state, index, stepAction, environment).effect
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
    if let last = state.steps.indices.last {
      let receiving = state.steps[last].feature.focusedSensitiveText
      let reply = stepReduce(&state, last, stepKey(key, state.steps[last].feature), environment)
      if reply.handled {
        if case .character = key, let receiving { state.lastKey = .typed(receiving) }
        return reply.effect
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

  private static func stepKey(_ key: Key, _ feature: StepFeature) -> StepAction {
    switch feature {
    case .results: .results(.key(key))
    case .passengers: .passengers(.key(key))
    case .extras: .extras(.key(key))
    case .payment: .payment(.key(key))
    case .confirmation: .confirmation(.key(key))
    }
  }

  // MARK: - Steps

  /// Runs the feature of `steps[index]` and turns what its step produced into a transition.
  private static func stepReduce(
    _ state: inout State, _ index: Int, _ action: StepAction, _ environment: AppEnvironment
  ) -> (handled: Bool, effect: Effect<Action>) {
    let entry = state.steps[index]
    let id = entry.id
    let origin = entry.feature.step
    let strings = state.strings
    switch (entry.feature, action) {
    case (.results(var feature), .results(let action)):
      let reply = ResultsFeature.reduce(&feature, action, now: state.now, environment: environment)
      state.steps[index].feature = .results(feature)
      let effect = reply.effect.map { Action.step(id, .results($0)) }.tagged(id.rawValue)
      switch reply.output {
      case .offerSelected(let offer)?:
        record(&state, state.flow.offerSelected(offer, from: origin))
        return (true, .batch([effect, reconcile(&state, environment)]))
      case .searchDay(let day)?:
        // Another day is a new search: it replaces the path, and the form shows it.
        guard case .results(let criteria) = origin,
          let moved = try? SearchCriteria(
            origin: criteria.origin, destination: criteria.destination, departure: day,
            passengerCount: criteria.passengerCount)
        else { return (true, effect) }
        state.search = SearchFeature.State(today: state.search.today, criteria: moved)
        SearchFeature.refresh(&state.search, airports: environment.airports)
        return (true, .batch([effect, startSearch(&state, moved, environment)]))
      case nil:
        return (reply.handled, effect)
      }
    case (.passengers(var feature), .passengers(let action)):
      let reply = PassengersFeature.reduce(
        &feature, action, today: state.today, environment: environment, strings: strings)
      state.steps[index].feature = .passengers(feature)
      let effect = reply.effect.map { Action.step(id, .passengers($0)) }.tagged(id.rawValue)
      guard case .passengersSaved(let draft)? = reply.output else {
        return (reply.handled, effect)
      }
      record(&state, state.flow.passengersSaved(draft, from: origin))
      return (true, .batch([effect, reconcile(&state, environment)]))
    case (.extras(var feature), .extras(let action)):
      let reply = ExtrasFeature.reduce(&feature, action, environment: environment, strings: strings)
      state.steps[index].feature = .extras(feature)
      let effect = reply.effect.map { Action.step(id, .extras($0)) }.tagged(id.rawValue)
      guard case .extrasPriced(let quote)? = reply.output else { return (reply.handled, effect) }
      record(&state, state.flow.extrasPriced(quote, from: origin))
      return (true, .batch([effect, reconcile(&state, environment)]))
    case (.payment(var feature), .payment(let action)):
      let reply = PaymentFeature.reduce(
        &feature, action, now: state.now, today: state.today, environment: environment,
        strings: strings)
      state.steps[index].feature = .payment(feature)
      let effect = reply.effect.map { Action.step(id, .payment($0)) }.tagged(id.rawValue)
      switch reply.output {
      case .paid(let booking)?:
        record(&state, state.flow.paid(booking.reference, from: origin))
      case .alreadyBooked(let reference)?:
        // Booked already (with another quote of the same draft): that booking is shown.
        record(&state, state.flow.paid(reference, from: origin))
        let effect = reconcile(&state, environment)
        state.notice = strings.alreadyBooked(reference)
        return (true, effect)
      case .repriced(let quote)?:
        // The new quote takes this payment step's place.
        record(&state, state.flow.repriced(quote, from: origin))
      case nil:
        return (reply.handled, effect)
      }
      return (true, .batch([effect, reconcile(&state, environment)]))
    case (.confirmation(var feature), .confirmation(let action)):
      let reply = ConfirmationFeature.reduce(
        &feature, action, environment: environment, strings: strings)
      state.steps[index].feature = .confirmation(feature)
      let effect = reply.effect.map { Action.step(id, .confirmation($0)) }.tagged(id.rawValue)
      guard case .startOver? = reply.output else { return (reply.handled, effect) }
      record(&state, state.flow.startOver())
      state.notice = nil
      return (true, .batch([effect, reconcile(&state, environment)]))
    default:
      return (false, .none)
    }
  }

  /// Makes `steps` match `flow.path`: entries whose step is unchanged keep their screen state;
  /// from the first difference on, entries are built fresh from their step's input, with new IDs,
  /// and their loading starts. Entries no longer on the path are gone (the runtime cancels their
  /// work when their IDs disappear).
  static func reconcile(_ state: inout State, _ environment: AppEnvironment) -> Effect<Action> {
    // The entries that still match the path's first steps stay; the rest leave.
    var keep = 0
    while keep < state.flow.path.count, keep < state.steps.count,
      state.steps[keep].feature.step == state.flow.path[keep]
    {
      keep += 1
    }
    // Unsaved passenger details leaving the path are kept for the next passengers form.
    for entry in state.steps.dropFirst(keep) {
      if case .passengers(let form) = entry.feature, let typed = form.typed {
        state.typedPassengers = typed
      }
      if case .payment(let form) = entry.feature, let card = form.typedCard {
        state.typedCard = card
      }
    }
    // A booking made: its travellers are not carried into the next one.
    if state.flow.current == .confirmation {
      state.typedPassengers = nil
      state.typedCard = nil
    }
    var kept = Array(state.steps.prefix(keep))
    var effects: [Effect<Action>] = []
    for step in state.flow.path.dropFirst(keep) {
      let id = StepID(state.nextStepID)
      state.nextStepID += 1
      var feature = StepFeature(step)
      if case .passengers(var form) = feature, let typed = state.typedPassengers {
        form.adopt(typed)
        feature = .passengers(form)
        state.typedPassengers = nil
      }
      if case .payment(var form) = feature, let card = state.typedCard {
        form.adopt(card)
        feature = .payment(form)
        state.typedCard = nil
      }
      let entry = StepEntry(id: id, feature: feature)
      kept.append(entry)
      effects.append(onAppear(entry, environment).tagged(id.rawValue))
    }
    state.steps = kept
    return .batch(effects)
  }

  private static func onAppear(_ entry: StepEntry, _ environment: AppEnvironment)
    -> Effect<Action>
  {
    let id = entry.id
    switch entry.feature {
    case .results(let state):
      return ResultsFeature.onAppear(state, environment: environment).map {
        Action.step(id, .results($0))
      }
    case .extras(let state):
      return ExtrasFeature.onAppear(state, environment: environment).map {
        Action.step(id, .extras($0))
      }
    case .confirmation(let state):
      return ConfirmationFeature.onAppear(state, environment: environment).map {
        Action.step(id, .confirmation($0))
      }
    case .passengers, .payment:
      return .none
    }
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
