import Airline
import Canvas
import Domain
import Runtime
import Widgets
import Words

/// The search form, the root under the path: one way or round trip, origin and destination
/// with autocomplete, the dates, and the party (adults, children, infants).
public enum SearchFeature {
  /// The form's fields, in Tab order (the return only for a round trip), and its Search button
  /// last. The form opens at the origin; the trip type is above it.
  public enum Field: Int, Hashable, Sendable, CaseIterable {
    case trip, origin, destination, date, returning, adults, children, infants, search

    /// The party's counts.
    public static let party: [Field] = [.adults, .children, .infants]
  }

  /// The form.
  public struct State: Hashable, Sendable {
    /// Whether the trip comes back (a round trip) or is one way.
    public var roundTrip = false
    public var origin = TextField("", maxLength: 40, allowed: .text)
    public var destination = TextField("", maxLength: 40, allowed: .text)
    public var date: TextField
    /// The return day, used for a round trip only (kept while one way, for switching back).
    public var returning: TextField
    /// Whether the return was chosen (typed, stepped or filled from criteria); until it is, it
    /// follows the departure, a week later.
    public var returnChosen = false
    public var adults = TextField("1", maxLength: 1, allowed: .digits)
    public var children = TextField("0", maxLength: 1, allowed: .digits)
    public var infants = TextField("0", maxLength: 1, allowed: .digits)
    public var focus: Field = .origin
    /// Which autocomplete suggestion is highlighted for the focused airport field.
    public var suggestion = 0
    /// Messages at fields, from the last submit.
    public var errors: [Field: String] = [:]
    /// Today, for the default date and the "not in the past" rule.
    public let today: CalendarDay
    /// The suggestions for the focused airport field, and the airports the two fields name:
    /// looked up by the reducer (the lookup is the environment's), drawn by the view.
    public internal(set) var suggested: [Airport] = []
    public internal(set) var named: [Field: Airport] = [:]

    /// How many days after the departure the return starts, until one is chosen.
    public static let defaultStay = 7

    /// An empty one-way form whose date is tomorrow (and whose return, for a round trip, is a
    /// week after that).
    public init(today: CalendarDay) {
      self.today = today
      let departure = today.adding(days: 1)
      date = TextField(departure.iso, maxLength: 10, allowed: .date)
      returning = TextField(
        min(departure.adding(days: Self.defaultStay), SearchCriteria.lastBookableDay(today: today))
          .iso, maxLength: 10, allowed: .date)
    }

    /// The form filled from `criteria` (after a restore or a deep link): its trip type, days
    /// and party.
    public init(today: CalendarDay, criteria: SearchCriteria) {
      self.init(today: today)
      origin.setText(criteria.origin.rawValue)
      destination.setText(criteria.destination.rawValue)
      date.setText(criteria.departure.iso)
      if let back = criteria.returning {
        roundTrip = true
        returning.setText(back.iso)
        returnChosen = true
      }
      adults.setText(String(criteria.party.adults))
      children.setText(String(criteria.party.children))
      infants.setText(String(criteria.party.infants))
    }

    /// The fields Tab goes through, in order: the return only for a round trip.
    public var fieldOrder: [Field] {
      Field.allCases.filter { $0 != .returning || roundTrip }
    }
  }

  /// What the user did.
  public enum Action: Hashable, Sendable {
    case key(Key)
  }

  /// What the form produces.
  public enum Output: Hashable, Sendable {
    case submitted(SearchCriteria)
  }

  /// The airports suggested for the focused field (none unless an airport field has focus and
  /// its text is not already an exact code).
  public static func suggestions(_ state: State, airports: any AirportLookup) -> [Airport] {
    let field: TextField
    switch state.focus {
    case .origin: field = state.origin
    case .destination: field = state.destination
    default: return []
    }
    let text = field.text.trimmingSpaces()
    guard !text.isEmpty else { return [] }
    if let code = try? IATACode(text), airports.airport(code) != nil, text.count == 3,
      text == text.uppercased()
    {
      return []
    }
    return airports.search(text, limit: 5)
  }

  /// Handles a key, then looks up what the fields now name.
  public static func reduce(
    _ state: inout State, _ action: Action, airports: any AirportLookup, strings: Strings
  ) -> FeatureReply<Action, Output> {
    let reply = change(&state, action, airports: airports, strings: strings)
    refresh(&state, airports: airports)
    return reply
  }

  /// The suggestions and the named airports, for the fields as they are now.
  public static func refresh(_ state: inout State, airports: any AirportLookup) {
    state.suggested = suggestions(state, airports: airports)
    var named: [Field: Airport] = [:]
    for (field, text) in [
      (Field.origin, state.origin.text), (.destination, state.destination.text),
    ] {
      if let code = try? IATACode(text), let airport = airports.airport(code) {
        named[field] = airport
      }
    }
    state.named = named
  }

  private static func change(
    _ state: inout State, _ action: Action, airports: any AirportLookup, strings: Strings
  ) -> FeatureReply<Action, Output> {
    guard case .key(let key) = action else { return .ignored }
    let suggestions = suggestions(state, airports: airports)
    let nextField = key == .tab || (key == .down && suggestions.isEmpty)
    let previousField = key == .backTab || (key == .up && suggestions.isEmpty)
    let order = state.fieldOrder
    let position = order.firstIndex(of: state.focus) ?? 0
    let dates: Set<Field> = [.date, .returning]
    if case .paste(let text) = key, let took = state.spreadPaste(text, from: state.focus) {
      for field in took where state[field] != nil { edited(&state, field) }
      state.focus = took.last ?? state.focus
      state.suggestion = 0
      return .handled
    }
    switch key {
    case _ where nextField:
      acceptSuggestion(&state, suggestions)
      move(&state, to: order[(position + 1) % order.count])
      return .handled
    case _ where previousField:
      move(&state, to: order[(position + order.count - 1) % order.count])
      return .handled
    case .down:
      state.suggestion = min(state.suggestion + 1, suggestions.count - 1)
      return .handled
    case .up:
      state.suggestion = max(state.suggestion - 1, 0)
      return .handled
    case .enter:
      // As in the other forms: Enter takes the highlighted airport and goes field by field, and
      // searches from the Search button (Ctrl-S from any field).
      guard state.focus != .search else {
        return submit(&state, airports: airports, strings: strings)
      }
      acceptSuggestion(&state, suggestions)
      move(&state, to: order[min(position + 1, order.count - 1)])
      return .handled
    case .control("s"):
      // The whole form from any field: the airport highlighted for a field being typed is
      // taken, as Tab would.
      acceptSuggestion(&state, suggestions)
      return submit(&state, airports: airports, strings: strings)
    case _ where state.focus == .trip:
      // Space or an arrow switches the trip type; other keys keep their meaning there.
      guard [.left, .right, .character(" ")].contains(key) else { return .ignored }
      state.roundTrip.toggle()
      if state.roundTrip {
        followDeparture(&state)
      } else {
        state.errors[.returning] = nil
      }
      return .handled
    // On a whole date, + and - step it; while a date is being typed, - is its separator.
    case .character("+") where dates.contains(state.focus) && holdsWholeDate(state):
      stepDate(&state) { $0.adding(days: 1) }
      return .handled
    case .character("-") where dates.contains(state.focus) && holdsWholeDate(state):
      stepDate(&state) { $0.adding(days: -1) }
      return .handled
    case .pageDown where dates.contains(state.focus):
      stepDate(&state) { addingMonths($0, 1) }
      return .handled
    case .pageUp where dates.contains(state.focus):
      stepDate(&state) { addingMonths($0, -1) }
      return .handled
    case .character("+") where Field.party.contains(state.focus):
      stepCount(&state, by: 1)
      return .handled
    case .character("-") where Field.party.contains(state.focus):
      stepCount(&state, by: -1)
      return .handled
    case .character(let typed) where Field.party.contains(state.focus) && !typed.isNumber:
      // A count takes digits only: other keys (q, ?, i) keep their meaning there.
      return .ignored
    default:
      guard var field = state[state.focus] else { return .ignored }
      let used = field.handle(key)
      if used, field != state[state.focus] {
        state[state.focus] = field
        edited(&state, state.focus)
        state.suggestion = 0
      }
      return used ? .handled : .ignored
    }
  }

  /// After `field` changed: its message goes (a count's takes the party's with it, a date's the
  /// other date's, as they are judged together), and on a round trip an unchosen return follows
  /// the departure.
  private static func edited(_ state: inout State, _ field: Field) {
    let together: [[Field]] = [Field.party, [.date, .returning]]
    for cleared in together.first(where: { $0.contains(field) }) ?? [field] {
      state.errors[cleared] = nil
    }
    switch field {
    case .returning: state.returnChosen = true
    case .date where state.roundTrip: followDeparture(&state)
    default: break
    }
  }

  /// An unchosen return is a week after the departure (within the bookable days), once the
  /// departure is a whole date; a one-way form follows when switched to a round trip.
  static func followDeparture(_ state: inout State) {
    guard !state.returnChosen, let departure = try? CalendarDay(iso: state.date.text) else {
      return
    }
    let last = SearchCriteria.lastBookableDay(today: state.today)
    state.returning.setText(min(departure.adding(days: State.defaultStay), last).iso)
  }

  /// Focus moves to `field`: a filled field is selected whole, as a browser does, so typing
  /// replaces it; the field left keeps its text, unselected.
  private static func move(_ state: inout State, to field: Field) {
    state[state.focus]?.deselect()
    state.focus = field
    state[state.focus]?.selectAll()
    state.suggestion = 0
  }

  /// Whether the focused date field holds a whole date.
  private static func holdsWholeDate(_ state: State) -> Bool {
    guard let text = state[state.focus]?.text else { return false }
    return text.count == 10 && (try? CalendarDay(iso: text)) != nil
  }

  /// Moves the focused date by `step`, kept within today (the departure, for the return) and the
  /// last bookable day; a date that does not read starts from tomorrow (a week after the
  /// departure, for the return).
  private static func stepDate(_ state: inout State, _ step: (CalendarDay) -> CalendarDay) {
    let field = state.focus
    let last = SearchCriteria.lastBookableDay(today: state.today)
    let departure = try? CalendarDay(iso: state.date.text)
    let first = field == .returning ? max(departure ?? state.today, state.today) : state.today
    let fallback =
      field == .returning
      ? (departure ?? state.today.adding(days: 1)).adding(days: State.defaultStay)
      : state.today.adding(days: 1)
    let current = (try? CalendarDay(iso: state[field]?.text ?? "")) ?? fallback
    let moved = min(max(step(current), first), last)
    state[field]?.setText(moved.iso)
    edited(&state, field)
  }

  /// The same day `months` months away, or the month's last day when it has no such day.
  static func addingMonths(_ day: CalendarDay, _ months: Int) -> CalendarDay {
    let index = day.year * 12 + (day.month - 1) + months
    let (year, month) = (index / 12, index % 12 + 1)
    // The same day of the month, or the month's last when it has fewer days.
    for candidate in stride(from: day.day, through: min(day.day, 28), by: -1) {
      if let moved = try? CalendarDay(year: year, month: month, day: candidate) { return moved }
    }
    return day
  }

  /// The counts as typed: an empty count is none.
  private static func counts(_ state: State) -> (adults: Int, children: Int, infants: Int) {
    (Int(state.adults.text) ?? 0, Int(state.children.text) ?? 0, Int(state.infants.text) ?? 0)
  }

  /// Moves the focused count one up or down within what the party allows with the other counts
  /// as they are: at least one adult, 1 to 9 seats, an infant per adult. A count already past
  /// its bound (typed) only moves back toward it.
  private static func stepCount(_ state: inout State, by delta: Int) {
    let field = state.focus
    let (adults, children, _) = counts(state)
    let seats = Party.seatRange.upperBound
    let (lowest, highest) =
      switch field {
      case .adults: (1, max(1, seats - children))
      case .children: (0, max(0, seats - adults))
      default: (0, adults)
      }
    guard let text = state[field]?.text else { return }
    let count = Int(text) ?? lowest
    let next =
      delta > 0 ? (count < highest ? count + 1 : count) : (count > lowest ? count - 1 : count)
    // At a bound the field is left as it is (still selected, when it was).
    guard String(next) != text else { return }
    state[field]?.setText(String(next))
    edited(&state, field)
  }

  private static func acceptSuggestion(_ state: inout State, _ suggestions: [Airport]) {
    guard !suggestions.isEmpty else { return }
    let airport = suggestions[min(max(state.suggestion, 0), suggestions.count - 1)]
    state[state.focus]?.setText(airport.code.rawValue)
    state.errors[state.focus] = nil
  }

  /// Validates every field, putting each problem at its field; submits when there are none.
  public static func submit(_ state: inout State, airports: any AirportLookup, strings: Strings)
    -> FeatureReply<Action, Output>
  {
    var errors: [Field: String] = [:]
    let origin = resolve(state.origin.text, airports: airports, strings: strings)
    let destination = resolve(state.destination.text, airports: airports, strings: strings)
    if case .failure(let message) = origin { errors[.origin] = message.text }
    if case .failure(let message) = destination { errors[.destination] = message.text }
    var day: CalendarDay?
    do {
      let parsed = try CalendarDay(iso: state.date.text)
      if parsed < state.today {
        errors[.date] = strings.dateInPast(state.today.iso)
      } else if parsed > SearchCriteria.lastBookableDay(today: state.today) {
        errors[.date] = strings.dateTooFar(SearchCriteria.lastBookableDay(today: state.today).iso)
      } else {
        day = parsed
      }
    } catch {
      errors[.date] = strings.invalidDate(state.date.text)
    }
    var back: CalendarDay?
    if state.roundTrip {
      let last = SearchCriteria.lastBookableDay(today: state.today)
      do {
        let parsed = try CalendarDay(iso: state.returning.text)
        if let day, parsed < day {
          errors[.returning] = strings.returnBeforeDeparture(day.iso)
        } else if parsed < state.today {
          errors[.returning] = strings.dateInPast(state.today.iso)
        } else if parsed > last {
          errors[.returning] = strings.dateTooFar(last.iso)
        } else {
          back = parsed
        }
      } catch {
        errors[.returning] = strings.invalidDate(state.returning.text)
      }
    }
    let (adults, children, infants) = counts(state)
    if adults < 1 {
      errors[.adults] = strings.adultRequired
    } else if !Party.seatRange.contains(adults + children) {
      errors[children > 0 ? .children : .adults] = strings.seatRange
    }
    if adults >= 1, infants > adults {
      errors[.infants] = strings.infantsOverAdults
    }
    if case .success(let from) = origin, case .success(let to) = destination, from == to {
      errors[.destination] = strings.sameAirports
    }
    guard errors.isEmpty, case .success(let from) = origin, case .success(let to) = destination,
      let day, back != nil || !state.roundTrip,
      let party = try? Party(adults: adults, children: children, infants: infants),
      let criteria = try? SearchCriteria(
        origin: from, destination: to, departure: day, returning: back, party: party)
    else {
      state.errors = errors
      if let first = state.fieldOrder.first(where: { errors[$0] != nil }) { state.focus = first }
      return .handled
    }
    state.errors = [:]
    state.origin.setText(from.rawValue)
    state.destination.setText(to.rawValue)
    return FeatureReply(output: .submitted(criteria))
  }

  private struct Message: Error { let text: String }

  /// An exact known code, or the best match when the text names one airport by city or name.
  private static func resolve(_ text: String, airports: any AirportLookup, strings: Strings)
    -> Result<IATACode, Message>
  {
    let trimmed = text.trimmingSpaces()
    guard !trimmed.isEmpty else { return .failure(Message(text: strings.airportRequired)) }
    if let code = try? IATACode(trimmed), airports.airport(code) != nil { return .success(code) }
    let matches = airports.search(trimmed, limit: 2)
    if let first = matches.first, matches.count == 1 { return .success(first.code) }
    if matches.isEmpty { return .failure(Message(text: strings.unknownAirport(trimmed))) }
    return .failure(Message(text: strings.ambiguousAirport(trimmed)))
  }
}

extension SearchFeature.State {
  /// The text field for `field` (nil for the trip type, which is a choice, and the button).
  public subscript(field: SearchFeature.Field) -> TextField? {
    get {
      switch field {
      case .trip, .search: nil
      case .origin: origin
      case .destination: destination
      case .date: date
      case .returning: returning
      case .adults: adults
      case .children: children
      case .infants: infants
      }
    }
    set {
      guard let newValue else { return }
      switch field {
      case .trip, .search: break
      case .origin: origin = newValue
      case .destination: destination = newValue
      case .date: date = newValue
      case .returning: returning = newValue
      case .adults: adults = newValue
      case .children: children = newValue
      case .infants: infants = newValue
      }
    }
  }
}
