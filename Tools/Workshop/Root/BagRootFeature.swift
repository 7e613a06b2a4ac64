import Airline
import Canvas
import Domain
import FlowOwner
import Presentation
import Runtime
import Words

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The root of `booking --flow bag`: the app's screens (the search form, the step features on a
/// `StepStack<BookingSteps>`, the shell's boxes) on the workshop's bag, `BookingBag`.
///
/// Like `RootFeature`, screens only report what their step produced; here every report writes
/// the bag, and the screens are built again from whatever it holds. What the legacy app around
/// the bag also does is here: the payment screen refreshes the price in the background, a promo
/// code (Ctrl-P at payment) rewrites it, a confirmation can save its travellers (`s`) so the
/// next booking skips the passengers screen, Pay reads the bag with `guard let`, doing
/// nothing when a field it reads is nil (`BookingBag.payBlocker`), and Ctrl-R makes the bag
/// observable, its observer writing the price back (`observed(_:_:)`). The bag's screens are
/// saved after each change, never its data.
public enum BagRootFeature {
  /// Everything on screen.
  public struct State: Hashable, Sendable {
    /// The time, moved by every action.
    public var now: Date
    /// The bag.
    public internal(set) var bag = BookingBag()
    /// The search form, under the screens.
    public var search: SearchFeature.State
    /// One screen per screen of the bag that has its data.
    public internal(set) var stack = StepStack<BookingSteps>()
    /// The open box, the header's notice, the activity log, the screen's size.
    public var shell: ShellFeature.State
    /// The traveller's time zone.
    public let zone: Zone
    /// The language of every text.
    public var language: Language
    /// What the last key did (for `--record`).
    public internal(set) var lastKey: KeyUse = .used
    /// Advances while something is loading, to animate spinners.
    public var spinnerTick = 0
    /// While the draft of the saved travellers is being made.
    public internal(set) var drafting = false
    /// How many times the screens were saved: each save carries its number.
    public internal(set) var screenSaves = 0
    /// The screens the newest save was given: the bag's screens are saved when they differ.
    var screensSent: [StepKind] = []
    /// The screens as the newest save that worked wrote them (the inspector shows them).
    public internal(set) var screensOnDisk: SavedScreens?
    /// That save's number.
    var screensOnDiskNumber = 0
    /// In a room, what this process knows of the room's bag since it first read it; nil
    /// without a room.
    public internal(set) var room: RoomBagSeen?
    /// Whether the bag is observable ("we'll just make it observable", Ctrl-R): its observer,
    /// the trip bar, is told of every write and writes the price back when the extras change.
    public internal(set) var observable = false

    /// The bag at the search form, the header saying `saveProblem` from the first frame.
    public init(
      now: Date, zone: Zone = .utc, language: Language = .english, saveProblem: String? = nil
    ) {
      shell = ShellFeature.State(source: "bag", saveProblem: saveProblem)
      self.now = now
      self.zone = zone
      self.language = language
      search = SearchFeature.State(today: CalendarDay(now, in: zone))
    }

    /// The words of `language`.
    public var strings: Strings { language.strings }
    /// The bag's words in `language`.
    public var words: BagWords { BagWords(language) }
    /// The screen shown as current.
    public var current: StepKind { bag.current }
    /// Whether a step waits for the airline, or the saved travellers' draft is being made.
    public var isBusy: Bool { drafting || stack.entries.contains(where: \.isBusy) }
    /// The screen shown, when it has its data.
    public var shown: StepEntry? {
      guard !bag.currentIsEmpty, bag.current != .search else { return nil }
      return stack.last
    }
    /// The quote on the screens, if any: the header's countdown follows it.
    public var quote: Quote? { bag.path.heldQuote }
  }

  /// What happened.
  public enum Action: Hashable, Sendable {
    case key(Key)
    case tick(Date)
    case spin
    /// The start's work: a bag filled by the deep-link handler, or the saved screens over an
    /// empty bag; with what to say in the header.
    case opened(BookingBag, notice: String?)
    /// A key or reply for the step `StepID`.
    case step(StepID, StepAction)
    /// The payment screen's background price refresh came home.
    case priceRefreshed(Result<Offer, ServiceError>)
    /// The draft made from the saved travellers came home.
    case travellersDrafted(Result<BookingDraft, ServiceError>)
    /// What the save numbered `number` of `screens` said: nil when they are on disk.
    case screensSaved(SavedScreens, number: Int, error: String?)
    /// A one-line message for the header.
    case announce(String, lasting: Bool)
  }

  /// What the bag's reducer is given: the services and clock, where its screens are saved, and
  /// in a workshop room the room's one bag.
  public struct Environment: Sendable {
    public let app: AppEnvironment
    public let screens: any SavedScreensStore
    /// The room's bag, shared with every attendee's process; nil: the bag is this process's own.
    public let room: RoomBag?

    /// The services of `app`, the screens saved in `screens`; in a room, the bag's data kept in
    /// `room` (the screens stay this process's own).
    public init(app: AppEnvironment, screens: any SavedScreensStore, room: RoomBag? = nil) {
      self.app = app
      self.screens = screens
      self.room = room
    }
  }

  /// Handles `action`, which came at `now`. A key is returned to be recorded before the
  /// commands of what it did; the code that tells the bag or the header something returns the
  /// event log's line (`ShellFeature`); the screens are saved by a job whenever they differ from
  /// the ones the last save was given.
  ///
  /// In a room (`Environment.room`), an action that reads or writes the bag (`readsTheBag`) is
  /// handled on the room's bag: its file is read first and each field another attendee wrote
  /// taken in, and once the action has changed a field, the file is written with this process's
  /// bag, each changed field signed with its writer and this attendee. Both happen here, at
  /// once: the next action reads what this one wrote.
  public static func reduce(
    _ state: inout State, _ action: Action, at now: Date, environment: Environment
  ) -> Effect<Action> {
    state.now = now
    var record: Command?
    if case .key(let key) = action {
      if case .resize = key {
      } else if state.shell.modal == .confirmQuit, RootFeature.confirmsQuit(key) {
        record = .unrecordLastKey
      }
    }
    let effect: Effect<Action>
    if let room = environment.room, readsTheBag(action) {
      let read = readRoomBag(&state, room, environment)
      let bagAsRead = state.bag
      let acted = observed(&state) { reduceAction(&$0, action, environment) }
      let written = writeRoomBag(&state, room, changedFrom: bagAsRead)
      effect = .batch([read, acted, .commands(written)])
    } else {
      effect = observed(&state) { reduceAction(&$0, action, environment) }
    }
    if case .key(let key) = action, record == nil {
      if case .resize = key {} else { record = .recordKey(key, use: state.lastKey) }
    }
    var effects = [Effect<Action>.commands(record.map { [$0] } ?? []), effect]
    if state.bag.screens != state.screensSent {
      effects.append(saveScreens(&state, environment))
    }
    return .batch(effects)
  }

  private static func reduceAction(
    _ state: inout State, _ action: Action, _ environment: Environment
  ) -> Effect<Action> {
    switch action {
    case .tick(let instant):
      state.now = instant
      return .none
    case .spin:
      state.spinnerTick &+= 1
      return .none
    case .announce(let message, let lasting):
      return .commands(
        ShellFeature.reduce(
          &state.shell, .announce(message, lasting: lasting), strings: state.strings))
    case .opened(let bag, let notice):
      state.bag = environment.room == nil ? bag : opening(bag, over: state.bag)
      let said = notice.map { state.shell.announce($0) } ?? []
      if let criteria = bag.searchCriteria {
        state.search = SearchFeature.State(today: state.search.today, criteria: criteria)
        SearchFeature.refresh(&state.search, airports: environment.app.airports)
      }
      return .batch([.commands(said), reconcile(&state, environment)])
    case .screensSaved(let screens, let number, let error):
      let said = state.shell.saving(error.map(state.strings.cannotSave))
      if error == nil, number > state.screensOnDiskNumber {
        state.screensOnDisk = screens
        state.screensOnDiskNumber = number
      }
      return .commands(said)
    case .priceRefreshed(.success(let offer)):
      state.bag.priceRefreshed(offer)
      return .commands(state.shell.note(state.words.wrote(.totalPrice, state.bag)))
    case .priceRefreshed(.failure(let error)):
      return .commands(state.shell.note(state.strings.serviceError(error)))
    case .travellersDrafted(.success(let draft)):
      state.drafting = false
      let said = state.shell.record(state.bag.savedTravellersDrafted(draft))
      return .batch([.commands(said), reconcile(&state, environment)])
    case .travellersDrafted(.failure(let error)):
      state.drafting = false
      return .commands(state.shell.announce(state.strings.serviceError(error)))
    case .step(let id, let stepAction):
      let context = stepEnvironment(state, environment)
      guard let reply = state.stack.send(stepAction, to: id, context: context, embed: embed)
      else { return .commands(state.shell.note(state.strings.replyDropped(id.description))) }
      return handle(&state, reply, environment).effect
    case .key(let key):
      return keyReduce(&state, key, environment)
    }
  }

  /// The bag's screens, saved by a job numbered so that an older save never overwrites a
  /// newer one.
  private static func saveScreens(_ state: inout State, _ environment: Environment) -> Effect<
    Action
  > {
    state.screenSaves += 1
    state.screensSent = state.bag.screens
    let (screens, number, store) = (state.bag.savedScreens, state.screenSaves, environment.screens)
    return .run {
      .screensSaved(screens, number: number, error: store.save(screens, number: number))
    }
  }

  // MARK: - Steps

  /// How a step's work comes back: an action for that step's ID.
  static let embed: @Sendable (StepID, StepAction) -> Action = { .step($0, $1) }

  /// What every step's reducer is given.
  static func stepEnvironment(_ state: State, _ environment: Environment) -> StepEnvironment {
    StepEnvironment(
      now: state.now, zone: state.zone, environment: environment.app, language: state.language)
  }

  /// Makes the stack match the screens that have their data. The bag keeps nothing a leaving
  /// screen held typed: the screens forget it.
  static func reconcile(_ state: inout State, _ environment: Environment) -> Effect<Action> {
    state.stack.reconcile(
      to: state.bag.path, context: stepEnvironment(state, environment), embed: embed
    ).effect
  }

  /// Writes what a step produced into the bag.
  static func handle(
    _ state: inout State, _ reply: StepStack<BookingSteps>.Reply<Action>,
    _ environment: Environment
  ) -> (handled: Bool, effect: Effect<Action>) {
    let (effect, origin) = (reply.effect, reply.origin)
    var work: Effect<Action> = .none
    var said: [Command] = []
    switch reply.output {
    case nil:
      return (reply.handled, effect)
    case .produced(let records):
      // Written as the screen that produced it writes it (the bag's `produced`).
      guard let event = state.bag.produced(records, from: origin) else { return (true, effect) }
      said += state.shell.record(event)
      // The payment screen's background refresh, asked when the payment opens.
      if state.bag.current == .payment {
        work = refreshPrice(of: state.bag.selectedOffer, environment)
      }
      if records.quote == nil, records.draft == nil, let offer = records.offer,
        let saved = state.bag.savedTravellers
      {
        // "Travellers with saved details skip the passengers screen."
        state.drafting = true
        let drafts = environment.app.services.drafts
        work = .run {
          do throws(ServiceError) {
            return .travellersDrafted(
              .success(
                try await drafts.createDraft(
                  offer: offer, passengers: saved.passengers, contact: saved.contact)))
          } catch {
            return .travellersDrafted(.failure(error))
          }
        }
      }
    case .searchDay(let day):
      guard let (form, moved) = state.search.another(day: day, from: origin) else {
        return (true, effect)
      }
      state.search = form
      SearchFeature.refresh(&state.search, airports: environment.app.airports)
      said += state.shell.record(state.bag.searchSubmitted(moved))
    case .priceChangeAccepted(let quote):
      said += state.shell.record(state.bag.extrasPriced(quote, from: origin))
      if state.bag.current == .payment {
        work = refreshPrice(of: state.bag.selectedOffer, environment)
      }
    case .paid(let reference):
      said += state.shell.record(state.bag.paid(reference, from: origin))
    case .alreadyBooked(let reference):
      said += state.shell.record(state.bag.paid(reference, from: origin))
      let reconciled = reconcile(&state, environment)
      said += state.shell.announce(state.strings.alreadyBooked(reference))
      return (true, .batch([.commands(said), effect, reconciled]))
    case .repriced(let quote):
      said += state.shell.record(state.bag.repriced(quote, from: origin))
    case .startOver:
      said += state.shell.record(state.bag.startOver())
      said += state.shell.announce(nil)
    }
    return (true, .batch([.commands(said), effect, work, reconcile(&state, environment)]))
  }

  /// The payment screen's background refresh: the offer fetched again, its fare written as the
  /// price when it comes home.
  private static func refreshPrice(of offer: Offer?, _ environment: Environment) -> Effect<
    Action
  > {
    guard let id = offer?.id else { return .none }
    let offers = environment.app.services.offers
    return .run {
      do throws(ServiceError) {
        return .priceRefreshed(.success(try await offers.offer(id: id)))
      } catch {
        return .priceRefreshed(.failure(error))
      }
    }
  }
}
