import Airline
import Canvas
import Domain
import FlowOwner
import Runtime
import Widgets
import Words

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The whole app as one feature: the flow owner, the search form at the root, and exactly one
/// screen state per step on the path, derived from the path after every transition.
///
/// Screens only report what their step produced; this feature alone turns that into a flow
/// transition. Replies are tagged with the `StepID` of the step that asked; a reply whose step has
/// left the path is dropped here, and the flow drops a late output a second time by itself.
public enum RootFeature {
  /// A box over the screen.
  public typealias Modal = ShellFeature.Modal

  /// What a recording may keep of a key: said by the step that handled it, or by the root for
  /// its own keys (hotkeys as the keys that do the same and type nothing, boxes).
  public typealias KeyUse = Runtime.KeyUse

  /// A kind of text a person types that a recording must replace with a placeholder.
  public typealias SensitiveText = Runtime.SensitiveText

  /// A saved flow (or a link) being restored at start, before its screens can be shown.
  public struct Restoring: Hashable, Sendable {
    /// The step it is restoring to.
    public let step: StepKind
    /// The link being opened; nil when a saved session is restored.
    public let link: DeepLink?

    /// Restoring to `step`, from `link` when one is opened.
    public init(step: StepKind, link: DeepLink? = nil) {
      self.step = step
      self.link = link
    }
  }

  /// Everything on screen.
  public struct State: Hashable, Sendable {
    /// The time, moved by ticks: countdowns are derived from it. Declared first, so comparing
    /// two states (the app does on every frame) stops here after a tick, before the screens.
    public var now: Date
    /// The flow owner.
    public internal(set) var flow: BookingFlow
    /// The search form, the root under the path.
    public var search: SearchFeature.State
    /// One screen per step on `flow.path`, in order, with their IDs.
    public internal(set) var stack = StepStack<BookingSteps>()
    /// What surrounds the steps: the open box, the header's notice and save status, the log.
    public var shell: ShellFeature.State
    /// The traveller's time zone, which decides what "today" is for the form's checks; given
    /// by the app (the machine's zone) so no reducer reads the machine.
    public let zone: Zone
    /// The language of every text.
    public var language: Language
    /// While a saved flow or a link is being restored: the screen says so, only quitting, help
    /// and the inspector act, and nothing is saved (the saved snapshot stays as it was).
    public internal(set) var restoring: Restoring?
    /// Whether the restored path is being saved by the start's work (`Startup.save`: a path is
    /// on disk before the frame that shows it), until `restoredPathSaved` says how: meanwhile
    /// the program holds the frames and the keys read (`ProgramStatus.holding`), the screen
    /// says it is resuming, and nothing else is saved.
    public internal(set) var savingRestoredPath = false
    /// The step of a saved session that `--fresh` left on disk: kept, never overwritten, until
    /// the person starts a search (asked first when the saved snapshot names a quote or a
    /// booking).
    public internal(set) var keptSession: StepKind?
    /// The search waiting for the answer to "discard the booking waiting at payment?".
    public internal(set) var pendingSearch: SearchCriteria?
    /// The last payment screen that left while its draft stayed on the path, for a new payment
    /// screen of that draft to take the card typed (`reconcile`); nil once the draft has left.
    var departedPayment: PaymentFeature.State?
    /// The trips screen, while it is open over the search form or a confirmation (`t`).
    public internal(set) var trips: TripsFeature.State?
    /// What the last key did (for `--record`).
    public internal(set) var lastKey: KeyUse = .used
    /// Advances while something is loading, to animate spinners.
    public var spinnerTick = 0
    /// The snapshot on disk as far as this process knows, one being saved, and one that failed.
    public internal(set) var saving: SessionSaving

    /// A fresh app at the search form; `restoring` while a saved flow is brought back;
    /// `keptSession`, the step of a saved session left alone by `--fresh`; `saved`, the
    /// snapshot found on disk at the start; `notice` and `saveProblem`, what the header says
    /// from the first frame.
    public init(
      now: Date, zone: Zone = .utc, language: Language = .english, restoring: Restoring? = nil,
      keptSession: StepKind? = nil, saved: BookingSnapshot? = nil, notice: String? = nil,
      saveProblem: String? = nil
    ) {
      self.shell = ShellFeature.State(notice: notice, saveProblem: saveProblem)
      self.saving = SessionSaving(saved: saved)
      self.flow = BookingFlow()
      self.now = now
      self.zone = zone
      self.language = language
      self.restoring = restoring
      self.keptSession = keptSession
      search = SearchFeature.State(today: CalendarDay(now, in: zone))
    }

    /// Today where the traveller is.
    public var today: CalendarDay { CalendarDay(now, in: zone) }

    /// Whether the saved snapshot must be left as it is on disk: while restoring, while the
    /// start's work saves the restored path, and while a session kept by `--fresh` has not been
    /// replaced by a new search.
    public var keepsSavedSession: Bool {
      restoring != nil || savingRestoredPath || keptSession != nil
    }

    /// The step being resumed, as the screen says: while restoring, and while the restored
    /// path is being saved (its frames not shown yet).
    public var resuming: StepKind? {
      restoring?.step ?? (savingRestoredPath ? current : nil)
    }

    /// The kind of step shown as current.
    public var current: StepKind { flow.current }

    /// One entry per step on `flow.path`, in order.
    public var steps: [StepEntry] { stack.entries }

    /// Whether the search form is on screen: no step on the path, nothing being restored.
    var showsSearch: Bool { stack.isEmpty && restoring == nil }

    /// Whether any step is waiting for the airline (or the saved flow is being restored).
    public var isBusy: Bool {
      restoring != nil || trips?.isLoading == true || steps.contains { $0.isBusy }
    }

    /// Whether the trips can be opened: from the search form or a confirmation.
    public var canOpenTrips: Bool { flow.path.isEmpty || flow.current == .confirmation }

    /// The quote on the path, if any: the countdown in the header follows it.
    public var quote: Quote? { flow.path.heldQuote }

    /// What survives the process: the flow's snapshot, with where the trips' own flow is when a
    /// booking is open in them.
    public var snapshot: BookingSnapshot { flow.snapshot.with(trip: trips?.position) }

    /// The strings of `language`.
    public var strings: Strings { language.strings }
  }

  /// What happened.
  public enum Action: Hashable, Sendable {
    /// The first frame is drawn (`ProgramInput.started`): the path is saved if it is not on
    /// disk yet.
    case started
    case key(Key)
    /// The clock moved (the countdown's timer, or any event): reducing it sets `State.now` and
    /// nothing else (`movesOnlyTheClock`).
    case tick(Date)
    /// Spinner animation frame.
    case spin
    /// The saved flow (or a deep link) was restored at start. `saving`: its path differs from
    /// the snapshot on disk and is being saved by the start's work (`Startup.save`), which
    /// reports with `restoredPathSaved`; until then the root holds (`savingRestoredPath`).
    case restored(Restoration, saving: Bool = false)
    /// How the start's work saved the restored path (`ProgramInput.restoredPathSaved`): the
    /// snapshot and nil when it is on disk, the snapshot and why not when the save failed, nil
    /// when no save was made (an end while resuming stopped it: nothing more is saved).
    case restoredPathSaved(BookingSnapshot?, error: String?)
    /// A key or reply for the step `StepID`.
    case step(StepID, StepAction)
    /// A reply for the trips screen.
    case trips(TripsFeature.Action)
    /// What saving the snapshot said (`Command.saveSnapshot`): nil when it is on disk, else
    /// why not (a read-only or full disk), which the header shows until a save works.
    case snapshotSaved(BookingSnapshot, error: String?)
    /// The saved snapshot's text as read from disk (`Command.readSavedSnapshot`), for the
    /// inspector: read when it opens and after each save while it is open.
    case savedSnapshotRead(String)
    /// A one-line message for the header: kept until replaced when `lasting` (a replay under
    /// way), else gone at the next step, like what a resume said.
    case announce(String, lasting: Bool = false)
    /// The airline gave up the seats a draft the path left held (nothing more to do).
    case holdsReleased(DraftID)
  }

  /// Handles `action`, which came at `now`; returns the work to start and the commands for the
  /// runtime.
  ///
  /// The time comes with the action, never from a clock read here: the same actions at the
  /// same times give the same states. `now` moves the state's clock first, so a reply that lands
  /// between two countdown ticks is drawn with the right time; a `tick` sets it to the instant
  /// it carries.
  ///
  /// What the action changes that lives outside the state is returned as commands by the code
  /// that changes it: a move of the flow (`move`) returns its event's line for the event log
  /// and the release of the seats a draft it left held; the shell returns a notice's, a note's
  /// and the save status's lines; opening the inspector returns the read of the saved snapshot.
  /// An action that can move the flow (a key, a step's or the trips' reply) returns, first, the
  /// key to record (a key typed while restoring acts on no step and is not recorded; the keys
  /// that confirm quitting drop the one that asked; a resize is the terminal's), then one save
  /// of the snapshot it leaves when that is not on disk, being saved or the one that failed
  /// (never while restoring or while `--fresh` keeps the saved session): one save however many
  /// times a click moved the flow, of the path it ends on.
  public static func reduce(
    _ state: inout State, _ action: Action, at now: Date, environment: AppEnvironment
  ) -> Effect<Action> {
    if case .tick(let instant) = action {
      state.now = instant
      return .none
    }
    state.now = now
    guard case .key(let key) = action else {
      let effect = reduceAction(&state, action, environment: environment)
      switch action {
      case .step, .trips: return .batch([.commands(save(&state)), effect])
      default: return effect
      }
    }
    if case .resize = key { return keyReduce(&state, key, environment) }
    let recorded = state.restoring == nil
    let unasks = state.shell.modal == .confirmQuit && confirmsQuit(key)
    let effect = keyReduce(&state, key, environment)
    var commands: [Command] = []
    if recorded { commands.append(unasks ? .unrecordLastKey : .recordKey(key, use: state.lastKey)) }
    commands += save(&state)
    return .batch([.commands(commands), effect])
  }

  /// The drafts `path` carries (`BookingStep.draft`).
  private static func drafts(on path: [BookingStep]) -> Set<DraftID> {
    Set(path.compactMap { $0.draft?.id })
  }

  /// Moves the flow by `transition` and makes the screens follow (`reconcile`); returns what
  /// the move asks for: the event's line for the event log, the screens' work, and the release
  /// of the seats that a draft the path left held (a booking, the path replaced by its
  /// confirmation, has sold them). The action that moved it saves the snapshot it leaves
  /// (`reduce`). The search form's airports (the suggestions, the names beside the codes) are
  /// looked up when it comes back into view.
  static func move(
    _ state: inout State, _ environment: AppEnvironment,
    _ transition: (inout BookingFlow) -> FlowEvent
  ) -> Effect<Action> {
    let draftsBefore = drafts(on: state.flow.path)
    let showedSearch = state.showsSearch
    let event = transition(&state.flow)
    let logged = state.shell.record(event)
    var effects: [Effect<Action>] = [.commands(logged), reconcile(&state, environment)]
    if state.showsSearch, !showedSearch {
      SearchFeature.refresh(&state.search, airports: environment.airports)
    }
    if case .confirmation? = state.flow.path.last {
    } else {
      let left = draftsBefore.subtracting(drafts(on: state.flow.path))
      let calls = BookingCalls(environment.services)
      effects += left.sorted { $0.rawValue < $1.rawValue }.map { draft in
        Effect<Action>.run {
          try? await calls.releaseHolds(of: draft)
          return .holdsReleased(draft)
        }
      }
    }
    return .batch(effects)
  }

  /// Notes how saving `snapshot` went (`error` nil: it is on disk); returns the header's and the
  /// log's lines when that changed, and the inspector's read of the saved snapshot.
  private static func saved(_ state: inout State, _ snapshot: BookingSnapshot, error: String?)
    -> [Command]
  {
    var commands: [Command] =
      switch state.saving.wrote(snapshot, error: error) {
      case .failed(let reason): state.shell.saving(state.strings.cannotSave(reason))
      case .recovered: state.shell.saving(nil)
      case nil: []
      }
    // The inspector shows the snapshot as it is on disk: read again after each save.
    if error == nil, state.shell.modal == .inspector { commands.append(.readSavedSnapshot) }
    return commands
  }

  /// Lets go of the hold for the restored path's save, which went as `snapshot` and `error` say
  /// (`restoredPathSaved`); the frame drawn while holding is drawn from what this returns for
  /// the save expected (`drawn`), so both go through here.
  static func releaseHold(_ state: inout State, saved snapshot: BookingSnapshot?, error: String?)
    -> [Command]
  {
    let held = state.savingRestoredPath
    state.savingRestoredPath = false
    guard let snapshot else {
      // No save was made: the app is ending, and the saved session stays as it was.
      if held { state.saving.abandonPending() }
      return []
    }
    let commands = saved(&state, snapshot, error: error)
    // What a reply changed while the start's work was saving is saved now.
    return held ? commands + save(&state) : commands
  }

  /// The save the flow's snapshot needs at the end of an action: none when it is the one on
  /// disk, being saved or that failed last, or while the saved session is kept.
  private static func save(_ state: inout State) -> [Command] {
    let snapshot = state.snapshot
    guard !state.keepsSavedSession, state.saving.needsSave(snapshot) else { return [] }
    state.saving.willSave(snapshot)
    return [.saveSnapshot]
  }

  private static func reduceAction(
    _ state: inout State, _ action: Action, environment: AppEnvironment
  ) -> Effect<Action> {
    switch action {
    case .started:
      return .commands(save(&state))
    case .tick(let now):
      state.now = now
      return .none
    case .spin:
      state.spinnerTick &+= 1
      return .none
    case .snapshotSaved(let snapshot, let error):
      return .commands(saved(&state, snapshot, error: error))
    case .restoredPathSaved(let snapshot, let error):
      return .commands(releaseHold(&state, saved: snapshot, error: error))
    case .savedSnapshotRead(let text):
      return .commands(
        ShellFeature.reduce(&state.shell, .savedSnapshotRead(text), strings: state.strings))
    case .announce(let message, let lasting):
      return .commands(
        ShellFeature.reduce(
          &state.shell, .announce(message, lasting: lasting), strings: state.strings))
    case .holdsReleased:
      return .none
    case .restored(let restoration, let saving):
      state.restoring = nil
      state.flow = restoration.flow
      // The start's work saves the restored path, and says how with `restoredPathSaved`: it is
      // not asked for again, and nothing else is saved first.
      // The trips' own flow opens again where it was, over the flow restored under it.
      var tripEffect = Effect<Action>.none
      if let trip = restoration.trip, state.canOpenTrips {
        state.trips = TripsFeature.State(resuming: trip)
        tripEffect = TripsFeature.onResume(trip, environment: environment).map(Action.trips)
      }
      if saving {
        state.saving.willSave(state.snapshot)
        state.savingRestoredPath = true
      }
      var commands = state.shell.record(restoration.event)
      if case .results(let criteria, _)? = state.flow.path.first {
        state.search = SearchFeature.State(today: state.search.today, criteria: criteria)
      }
      commands += state.shell.announce(state.strings.restoreNotice(restoration.outcome))
      let effect = Effect<Action>.batch([
        .commands(commands), reconcile(&state, environment), tripEffect,
      ])
      if state.showsSearch { SearchFeature.refresh(&state.search, airports: environment.airports) }
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
      let context = stepEnvironment(state, environment)
      guard let reply = state.stack.send(stepAction, to: id, context: context, embed: embed)
      else { return .commands(state.shell.note(state.strings.replyDropped(id.description))) }
      return handle(&state, reply, environment).effect
    case .trips(let action):
      // A reply for trips closed since is dropped: the next opening lists again.
      guard state.trips != nil else { return .none }
      return trips(&state, action, environment).effect
    case .key(let key):
      return keyReduce(&state, key, environment)
    }
  }

  /// Sends `action` to the open trips screen; returns whether it used it, and its work.
  private static func trips(
    _ state: inout State, _ action: TripsFeature.Action, _ environment: AppEnvironment
  ) -> (handled: Bool, effect: Effect<Action>, keyUse: KeyUse?) {
    guard var trips = state.trips else { return (false, .none, nil) }
    let reply = TripsFeature.reduce(
      &trips, action, pageHeight: TripsView.pageHeight(screenHeight: state.shell.screenHeight),
      environment: environment, strings: state.strings)
    state.trips = reply.output == .close ? nil : trips
    return (reply.handled, reply.effect.map(Action.trips), reply.keyUse)
  }

  /// Opens the trips screen and lists the bookings.
  private static func openTrips(_ state: inout State, _ environment: AppEnvironment) -> Effect<
    Action
  > {
    state.trips = TripsFeature.State()
    return TripsFeature.onOpen(environment: environment).map(Action.trips)
  }

  // MARK: - Keys

  static func keyReduce(_ state: inout State, _ key: Key, _ environment: AppEnvironment)
    -> Effect<Action>
  {
    state.lastKey = .used
    if case .mouse(let event) = key { return mouse(&state, event, environment) }
    if case .resize(let width, let height) = key {
      let resized = ShellFeature.reduce(
        &state.shell, .resized(width: width, height: height), strings: state.strings)
      return .batch([.commands(resized), trips(&state, .resized, environment).effect])
    }
    if let modal = state.shell.modal { return modalKey(&state, modal, key, environment) }
    if state.restoring != nil { return restoringKey(&state, key) }
    if let modal = ShellFeature.box(openedBy: key) { return open(&state, modal) }
    if state.trips != nil {
      let (handled, effect, keyUse) = trips(&state, .key(key), environment)
      // What the trips say of the key is what a recording keeps: a change's card is typed there.
      if let keyUse { state.lastKey = keyUse }
      if handled || state.trips == nil { return effect }
      switch key {
      case .character("?"): return openByCommand(&state, .help, key)
      case .character("q"): return openByCommand(&state, .confirmQuit, key)
      case .character("i"): return openByCommand(&state, .inspector, key)
      case .character: state.lastKey = .ignored
      default: break
      }
      return .none
    }
    if !state.stack.isEmpty {
      let context = stepEnvironment(state, environment)
      if let reply = state.stack.sendKey(key, context: context, embed: embed) {
        let keyUse = reply.keyUse
        let handled = handle(&state, reply, environment)
        if handled.handled {
          state.lastKey = keyUse
          return handled.effect
        }
      }
    } else {
      let reply = SearchFeature.reduce(
        &state.search, .key(key), airports: environment.airports, strings: state.strings)
      if reply.handled {
        guard case .submitted(let criteria)? = reply.output else { return .none }
        // A session kept by `--fresh` that names a quote or a booking is replaced only when the
        // person says.
        if state.keptSession != nil, state.saving.saved?.position.namesQuoteOrBooking == true {
          state.pendingSearch = criteria
          return open(&state, .confirmDiscard)
        }
        return startSearch(&state, criteria, environment)
      }
    }
    switch key {
    case .escape:
      // After paying there is no way back: `n` starts a new booking, on purpose.
      guard state.flow.canGoBack else { return .none }
      // A passengers step that leaves hands the owner what it held typed, for the next flight.
      let typed = state.steps.last?.screen.state(PassengersFeature.self).map(
        PassengersFeature.typed)
      return move(&state, environment) { $0.back(typed: typed ?? .empty) }
    case .character("?"):
      return openByCommand(&state, .help, key)
    case .character("q"):
      return openByCommand(&state, .confirmQuit, key)
    case .character("i"):
      return openByCommand(&state, .inspector, key)
    case .character("t") where state.canOpenTrips, .control("t") where state.canOpenTrips:
      if key == .character("t") { state.lastKey = .command(.control("t")) }
      return openTrips(&state, environment)
    case .character:
      state.lastKey = .ignored
    default:
      break
    }
    return .none
  }

  /// The key that opens `modal` and types nothing, which a recording writes for a letter that
  /// opened it (`q`, `?`, `i`): Ctrl-C, F1, F2.
  public static func commandKey(opening modal: Modal) -> Key {
    switch modal {
    case .help: .function(1)
    case .inspector: .function(2)
    case .confirmQuit, .confirmDiscard: .control("c")
    }
  }

  /// Opens `modal` for the character `key`, which a recording writes as `commandKey(opening:)`.
  private static func openByCommand(_ state: inout State, _ modal: Modal, _ key: Key) -> Effect<
    Action
  > {
    if case .character = key { state.lastKey = .command(commandKey(opening: modal)) }
    return open(&state, modal)
  }

  /// Opens `modal`; the inspector shows the saved snapshot as it is on disk, read as it opens.
  private static func open(_ state: inout State, _ modal: Modal) -> Effect<Action> {
    ShellFeature.open(&state.shell, modal)
    return modal == .inspector ? .command(.readSavedSnapshot) : .none
  }

  /// The search replaces the path (and so, once saved, the saved session).
  static func startSearch(
    _ state: inout State, _ criteria: SearchCriteria, _ environment: AppEnvironment
  ) -> Effect<Action> {
    state.keptSession = nil
    state.pendingSearch = nil
    let cleared = state.shell.announce(nil)
    return .batch([.commands(cleared), move(&state, environment) { $0.searchSubmitted(criteria) }])
  }

  /// While restoring, only what makes sense before a screen is shown acts: quitting (asked
  /// first), help and the inspector. Any other key is answered, not silently dropped.
  private static func restoringKey(_ state: inout State, _ key: Key) -> Effect<Action> {
    switch key {
    case .control("c"), .character("q"):
      return openByCommand(&state, .confirmQuit, key)
    case .function(1), .character("?"):
      return openByCommand(&state, .help, key)
    case .function(2), .character("i"):
      return openByCommand(&state, .inspector, key)
    default:
      state.lastKey = .ignored
      return .commands(state.shell.announce(state.strings.stillResuming))
    }
  }

}

extension RootFeature.Action {
  /// Whether reducing this action changes nothing but `State.now`: a countdown tick. The app
  /// then skips what only a change of the path, the screens or the shell needs (saving, the
  /// log, comparing whole states, a whole redraw). `reduce` keeps it true: a test reduces a
  /// tick from states of every kind and finds nothing else moved, and no effect.
  public var movesOnlyTheClock: Bool {
    if case .tick = self { return true }
    return false
  }
}
