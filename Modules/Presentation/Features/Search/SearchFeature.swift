import Airline
import Canvas
import Domain
import Runtime
import Widgets
import Words

/// The search form, the root under the path: origin and destination with autocomplete, the
/// date and the number of passengers.
public enum SearchFeature {
  /// The form's fields, in Tab order.
  public enum Field: Int, Hashable, Sendable, CaseIterable {
    case origin, destination, date, passengers
  }

  /// The form.
  public struct State: Hashable, Sendable {
    public var origin = TextField("", maxLength: 40, allowed: .text)
    public var destination = TextField("", maxLength: 40, allowed: .text)
    public var date: TextField
    public var passengers = TextField("1", maxLength: 1, allowed: .digits)
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

    /// An empty form whose date is tomorrow.
    public init(today: CalendarDay) {
      self.today = today
      date = TextField(today.adding(days: 1).iso, maxLength: 10, allowed: .date)
    }

    /// The form filled from `criteria` (after a restore or a deep link).
    public init(today: CalendarDay, criteria: SearchCriteria) {
      self.init(today: today)
      origin.setText(criteria.origin.rawValue)
      destination.setText(criteria.destination.rawValue)
      date.setText(criteria.departure.iso)
      passengers.setText(String(criteria.party.adults))
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
    for field in [Field.origin, .destination] {
      if let code = try? IATACode(state[field].text), let airport = airports.airport(code) {
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
    switch key {
    case _ where nextField:
      acceptSuggestion(&state, suggestions)
      move(&state, to: Field(rawValue: (state.focus.rawValue + 1) % Field.allCases.count))
      return .handled
    case _ where previousField:
      move(
        &state,
        to: Field(
          rawValue: (state.focus.rawValue + Field.allCases.count - 1) % Field.allCases.count))
      return .handled
    case .down:
      state.suggestion = min(state.suggestion + 1, suggestions.count - 1)
      return .handled
    case .up:
      state.suggestion = max(state.suggestion - 1, 0)
      return .handled
    case .enter:
      if !suggestions.isEmpty {
        acceptSuggestion(&state, suggestions)
        move(&state, to: Field(rawValue: state.focus.rawValue + 1) ?? .date)
        return .handled
      }
      return submit(&state, airports: airports, strings: strings)
    // On a whole date, + and - step it; while a date is being typed, - is its separator.
    case .character("+") where state.focus == .date && holdsWholeDate(state):
      stepDate(&state) { $0.adding(days: 1) }
      return .handled
    case .character("-") where state.focus == .date && holdsWholeDate(state):
      stepDate(&state) { $0.adding(days: -1) }
      return .handled
    case .pageDown where state.focus == .date:
      stepDate(&state) { addingMonths($0, 1) }
      return .handled
    case .pageUp where state.focus == .date:
      stepDate(&state) { addingMonths($0, -1) }
      return .handled
    case .character("+") where state.focus == .passengers:
      stepPassengers(&state, by: 1)
      return .handled
    case .character("-") where state.focus == .passengers:
      stepPassengers(&state, by: -1)
      return .handled
    case .character(let typed) where state.focus == .passengers && !typed.isNumber:
      // The count takes digits only: other keys (q, ?, i) keep their meaning there.
      return .ignored
    default:
      var field = state[state.focus]
      let used = field.handle(key)
      if used, field != state[state.focus] {
        state[state.focus] = field
        state.errors[state.focus] = nil
        state.suggestion = 0
      }
      return used ? .handled : .ignored
    }
  }

  /// Focus moves to `field` (the first when nil): a filled field is selected whole, as a browser
  /// does, so typing replaces it; the field left keeps its text, unselected.
  private static func move(_ state: inout State, to field: Field?) {
    state[state.focus].deselect()
    state.focus = field ?? .origin
    state[state.focus].selectAll()
    state.suggestion = 0
  }

  private static func holdsWholeDate(_ state: State) -> Bool {
    state.date.text.count == 10 && (try? CalendarDay(iso: state.date.text)) != nil
  }

  /// Moves the date by `step`, kept within today and the last bookable day; a date that does not
  /// read starts from tomorrow.
  private static func stepDate(_ state: inout State, _ step: (CalendarDay) -> CalendarDay) {
    let last = SearchCriteria.lastBookableDay(today: state.today)
    let current = (try? CalendarDay(iso: state.date.text)) ?? state.today.adding(days: 1)
    let moved = min(max(step(current), state.today), last)
    state.date.setText(moved.iso)
    state.errors[.date] = nil
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

  private static func stepPassengers(_ state: inout State, by delta: Int) {
    let count = Int(state.passengers.text) ?? 1
    let next = min(max(count + delta, 1), 9)
    state.passengers.setText(String(next))
    state.errors[.passengers] = nil
  }

  private static func acceptSuggestion(_ state: inout State, _ suggestions: [Airport]) {
    guard !suggestions.isEmpty else { return }
    let airport = suggestions[min(max(state.suggestion, 0), suggestions.count - 1)]
    state[state.focus].setText(airport.code.rawValue)
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
    let count = Int(state.passengers.text) ?? 0
    if !Party.seatRange.contains(count) {
      errors[.passengers] = strings.passengerRange
    }
    if case .success(let from) = origin, case .success(let to) = destination, from == to {
      errors[.destination] = strings.sameAirports
    }
    guard errors.isEmpty, case .success(let from) = origin, case .success(let to) = destination,
      let day,
      let party = try? Party.adults(count),
      let criteria = try? SearchCriteria(
        origin: from, destination: to, departure: day, party: party)
    else {
      state.errors = errors
      if let first = Field.allCases.first(where: { errors[$0] != nil }) { state.focus = first }
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
  /// The text field for `field`.
  public subscript(field: SearchFeature.Field) -> TextField {
    get {
      switch field {
      case .origin: origin
      case .destination: destination
      case .date: date
      case .passengers: passengers
      }
    }
    set {
      switch field {
      case .origin: origin = newValue
      case .destination: destination = newValue
      case .date: date = newValue
      case .passengers: passengers = newValue
      }
    }
  }
}
