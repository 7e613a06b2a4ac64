import Airline
import Canvas
import Domain
import FlowOwner
import Runtime
import Words

/// Seats on the seat maps (one per slice: the outbound and, on a round trip, the return), checked
/// bags and insurance for a saved draft, with a running estimate; Continue prices them into a
/// quote.
public enum ExtrasFeature {
  /// The part of the panel with focus (Tab cycles).
  public enum Focus: Int, Hashable, Sendable, CaseIterable {
    case seats, bags, insurance, proceed
  }

  /// The extras panel.
  public struct State: Hashable, Sendable {
    /// The step's input.
    public let draft: BookingDraft
    /// The seat map of each slice, in order (the airline may have fewer than the trip's slices).
    public var seatMaps: Loadable<[SeatMap]> = .loading
    /// The slice whose seat map is shown and whose seats are chosen: 0 the outbound, 1 the return.
    public var slice = 0
    public var focus: Focus = .seats
    /// The passenger choosing a seat now (index into the seated passengers).
    public var passenger = 0
    /// The passenger whose bags +/- change.
    public var bagPassenger = 0
    /// The seat cursor on each slice's map, by slice.
    public var cursors: [SeatDesignator?] = []
    public var extras = Extras.none
    /// A one-line message about the last key (a taken seat).
    public var message: String?
    /// Pricing is under way: Continue does nothing until the airline answers.
    public var pricing = false
    /// The airline's refusal, shown in the panel.
    public var failure: String?
    /// A quote whose price the airline changed, waiting for the traveller to accept it (Enter)
    /// or keep choosing (Esc).
    public var priceChange: Quote?

    /// The step's input: what the panel starts with.
    public let chosen: Extras

    /// The panel for `draft`, starting with `chosen`, loading its seat map.
    public init(draft: BookingDraft, chosen: Extras = .none) {
      self.draft = draft
      self.chosen = chosen
      extras = chosen
    }

    /// The cursor on the shown slice's map.
    public var cursor: SeatDesignator? {
      get { cursors.indices.contains(slice) ? cursors[slice] : nil }
      set {
        while cursors.count <= slice { cursors.append(nil) }
        cursors[slice] = newValue
      }
    }

    /// The shown slice's seat map, once loaded.
    public var shownMap: SeatMap? {
      guard case .loaded(let maps) = seatMaps, maps.indices.contains(slice) else { return nil }
      return maps[slice]
    }

    /// How many slices have a seat map to choose from (0 until the maps are loaded).
    public var sliceCount: Int {
      if case .loaded(let maps) = seatMaps { return min(maps.count, draft.offer.slices.count) }
      return 0
    }

    /// The seats chosen on the shown slice.
    public var shownSeats: [PassengerID: SeatDesignator] { extras.seats(onSlice: slice) }

    /// The passengers who need a seat (infants travel on a lap).
    public var seatedPassengers: [Passenger] {
      let day = draft.offer.departure.day
      return draft.passengers.filter { $0.type(on: day) != .infant }
    }

    /// The priced lines as the airline would quote them now, once the seat map is loaded: worked
    /// out by the reducer (the estimator comes from the environment) after every action.
    public internal(set) var estimate: [LineItem]?
  }

  /// What happened.
  public enum Action: Hashable, Sendable {
    case key(Key)
    case seatMapsLoaded(Result<[SeatMap], ServiceError>)
    case priced(Result<Quote, ServiceError>)
  }

  /// What the step produces.
  public enum Output: Hashable, Sendable {
    case extrasPriced(Quote)
    /// The airline changed the price and the traveller accepted the new one.
    case priceChangeAccepted(Quote)
  }

  /// Loads the seat maps: the effect to start when the step appears.
  public static func onAppear(_ state: State, environment: AppEnvironment) -> Effect<Action> {
    let offerID = state.draft.offer.id
    let draftID = state.draft.id
    let calls = BookingCalls(environment.services)
    return .run {
      do throws(ServiceError) {
        return .seatMapsLoaded(
          .success(try await calls.seatMaps(for: offerID, heldFor: draftID)))
      } catch {
        return .seatMapsLoaded(.failure(error))
      }
    }
  }

  /// Handles a key or a reply.
  public static func reduce(
    _ state: inout State, _ action: Action, environment: AppEnvironment, strings: Strings
  ) -> FeatureReply<Action, Output> {
    let reply = change(&state, action, environment: environment, strings: strings)
    if case .loaded(let maps) = state.seatMaps {
      state.estimate = environment.fares.lineItems(
        draft: state.draft, extras: state.extras,
        seatMaps: Array(maps.prefix(state.draft.offer.slices.count)))
    }
    return reply
  }

  private static func change(
    _ state: inout State, _ action: Action, environment: AppEnvironment, strings: Strings
  ) -> FeatureReply<Action, Output> {
    switch action {
    case .seatMapsLoaded(.success(let maps)):
      state.seatMaps = .loaded(maps)
      // A cursor already on a map (the maps drawn again after a seat was taken) stays put.
      let cursors = state.cursors
      state.cursors = maps.enumerated().map { slice, map in
        if cursors.indices.contains(slice), let cursor = cursors[slice], map.seat(cursor) != nil {
          return cursor
        }
        return map.seats.first { !$0.occupied }?.designator ?? map.seats.first?.designator
      }
      state.slice = min(state.slice, max(0, state.sliceCount - 1))
      return .handled
    case .seatMapsLoaded(.failure(let error)):
      state.seatMaps = .failed(strings.serviceError(error))
      return .handled
    case .priced(.success(let quote)):
      state.pricing = false
      guard quote.priceChange == nil else {
        state.priceChange = quote
        return .handled
      }
      return FeatureReply(output: .extrasPriced(quote))
    case .priced(.failure(.seatTaken(let seat, let slice))):
      // Someone else took it since the map was drawn: that seat is given up, every other
      // choice kept, and the maps drawn again from the airline's records.
      state.pricing = false
      for passenger in state.draft.passengers
      where state.extras.seats(onSlice: slice)[passenger.id] == seat {
        state.extras.setSeat(nil, for: passenger.id, onSlice: slice)
      }
      if (0..<state.sliceCount).contains(slice) { show(slice: slice, &state) }
      state.failure = strings.serviceError(.seatTaken(seat, slice: slice))
      return FeatureReply(effect: onAppear(state, environment: environment))
    case .priced(.failure(let error)):
      state.pricing = false
      state.failure = strings.serviceError(error)
      return .handled
    case .key(let key):
      if state.pricing { return key == .escape ? .ignored : .handled }
      if let quote = state.priceChange {
        switch key {
        case .enter, .character("y"):
          state.priceChange = nil
          return FeatureReply(output: .priceChangeAccepted(quote))
        case .escape, .character("n"):
          state.priceChange = nil
          return .handled
        default:
          // The question stays until it is answered; help and quit still reach the root.
          return key == .character("?") || key == .character("q") || key == .control("c")
            ? .ignored : .handled
        }
      }
      return handle(key, &state, environment, strings)
    }
  }

  private static func handle(
    _ key: Key, _ state: inout State, _ environment: AppEnvironment, _ strings: Strings
  ) -> FeatureReply<Action, Output> {
    switch key {
    case .tab:
      state.focus = Focus(rawValue: (state.focus.rawValue + 1) % Focus.allCases.count) ?? .seats
      return .handled
    case .backTab:
      state.focus =
        Focus(rawValue: (state.focus.rawValue + Focus.allCases.count - 1) % Focus.allCases.count)
        ?? .seats
      return .handled
    case .character("c"):
      return price(&state, environment)
    case .character("r"):
      guard case .failed = state.seatMaps else { break }
      state.seatMaps = .loading
      return FeatureReply(effect: onAppear(state, environment: environment))
    case .character(let bracket) where "[]".contains(bracket) && state.sliceCount > 1:
      // The outbound's seats, or the return's: at either end the key does nothing.
      let next = state.slice + (bracket == "]" ? 1 : -1)
      if (0..<state.sliceCount).contains(next) { show(slice: next, &state) }
      return .handled
    default:
      break
    }
    state.message = nil
    switch state.focus {
    case .seats: return seatKey(key, &state, strings)
    case .bags: return bagKey(key, &state, maximum: environment.fares.maximumBags)
    case .insurance:
      guard key == .enter || key == .character(" ") else { return .ignored }
      state.extras.insurance.toggle()
      return .handled
    case .proceed:
      return key == .enter ? price(&state, environment) : .ignored
    }
  }

  /// Shows `slice`'s seat map for choosing, with the earliest passenger in the draft with no
  /// seat on it (the same passenger when everyone has one).
  private static func show(slice: Int, _ state: inout State) {
    state.message = nil
    state.slice = slice
    state.focus = .seats
    let seats = state.shownSeats
    if let unseated = state.seatedPassengers.firstIndex(where: { seats[$0.id] == nil }) {
      state.passenger = unseated
    }
  }

  private static func seatKey(_ key: Key, _ state: inout State, _ strings: Strings)
    -> FeatureReply<Action, Output>
  {
    guard let map = state.shownMap else { return .ignored }
    let slice = state.slice
    let seated = state.seatedPassengers
    switch key {
    case .left, .right, .up, .down:
      state.cursor = move(state.cursor, key, in: map)
    case .character(let digit) where digit.isNumber:
      // Passengers are numbered as in the draft (and the quote): an infant on a lap keeps its
      // number but has no seat to pick.
      let passengers = state.draft.passengers
      if let number = digit.wholeNumberValue, passengers.indices.contains(number - 1),
        let index = seated.firstIndex(of: passengers[number - 1])
      {
        state.passenger = index
      }
    case .enter, .character(" "):
      guard let cursor = state.cursor, let seat = map.seat(cursor),
        seated.indices.contains(state.passenger)
      else { return .handled }
      let passenger = seated[state.passenger]
      let seats = state.shownSeats
      if seats[passenger.id] == cursor {
        state.extras.setSeat(nil, for: passenger.id, onSlice: slice)
        return .handled
      }
      if seat.occupied {
        state.message = strings.seatTaken(cursor.description)
        return .handled
      }
      if let holder = seated.first(where: { seats[$0.id] == cursor }) {
        state.message = strings.seatChosenFor(cursor.description, holder.givenName)
        return .handled
      }
      state.extras.setSeat(cursor, for: passenger.id, onSlice: slice)
      let chosen = state.shownSeats
      if let next = seated.indices.first(where: { chosen[seated[$0].id] == nil }) {
        state.passenger = next
      }
    default:
      return .ignored
    }
    return .handled
  }

  private static func bagKey(_ key: Key, _ state: inout State, maximum: Int)
    -> FeatureReply<Action, Output>
  {
    let passengers = state.draft.passengers
    guard passengers.indices.contains(state.bagPassenger) else { return .ignored }
    let id = passengers[state.bagPassenger].id
    let bags = state.extras.bags[id] ?? 0
    switch key {
    case .up: state.bagPassenger = max(0, state.bagPassenger - 1)
    case .down: state.bagPassenger = min(passengers.count - 1, state.bagPassenger + 1)
    case .character("+"), .right:
      state.extras.bags[id] = min(maximum, bags + 1)
    case .character("-"), .left:
      let fewer = max(0, bags - 1)
      state.extras.bags[id] = fewer == 0 ? nil : fewer
    default: return .ignored
    }
    return .handled
  }

  private static func price(_ state: inout State, _ environment: AppEnvironment)
    -> FeatureReply<Action, Output>
  {
    state.pricing = true
    state.failure = nil
    let draftID = state.draft.id
    let extras = state.extras
    let calls = BookingCalls(environment.services)
    return FeatureReply(
      effect: .run {
        do throws(ServiceError) {
          return .priced(.success(try await calls.price(draftID: draftID, extras: extras)))
        } catch {
          return .priced(.failure(error))
        }
      })
  }

  /// The seat next to `cursor` in the direction of `key`, skipping aisles; the cursor stays put at
  /// the cabin's edges.
  static func move(_ cursor: SeatDesignator?, _ key: Key, in map: SeatMap) -> SeatDesignator? {
    let letters = map.columns.compactMap { column -> Character? in
      if case .seat(let letter) = column { return letter.first }
      return nil
    }
    guard let cursor, let column = letters.firstIndex(of: cursor.letter),
      let row = map.rows.firstIndex(of: cursor.row)
    else { return map.seats.first?.designator }
    var (nextColumn, nextRow) = (column, row)
    switch key {
    case .left: nextColumn = max(0, column - 1)
    case .right: nextColumn = min(letters.count - 1, column + 1)
    case .up: nextRow = max(0, row - 1)
    case .down: nextRow = min(map.rows.count - 1, row + 1)
    default: break
    }
    return (try? SeatDesignator(row: map.rows[nextRow], letter: letters[nextColumn])) ?? cursor
  }
}
