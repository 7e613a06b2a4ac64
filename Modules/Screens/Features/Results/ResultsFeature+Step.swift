import Canvas
import Domain
import FlowOwner
import Runtime
import Widgets
import Words

extension ResultsFeature: StepFeature {
  /// A booking step.
  public typealias Composition = BookingSteps

  /// `.results(criteria, chosen:)`.
  public static func step(of state: State) -> BookingStep {
    .results(state.criteria, chosen: state.chosen)
  }

  /// `.key(key)`.
  public static func keyAction(_ key: Key) -> Action { .key(key) }

  /// `reduce(_:_:now:environment:)`, its output as a step output.
  public static func reduce(_ state: inout State, _ action: Action, context: StepEnvironment)
    -> FeatureReply<Action, StepOutput>
  {
    reduce(&state, action, now: context.now, environment: context.environment).mapOutput {
      switch $0 {
      case .offerSelected(let offer): .produced(.init(offer: offer))
      case .searchDay(let day): .searchDay(day)
      }
    }
  }

  /// Loads the offers and the week's fares.
  public static func onAppear(_ state: State, context: StepEnvironment) -> Effect<Action> {
    onAppear(state, environment: context.environment)
  }

  /// The same trip on other days (`]`, `[`, a day of the strip) keeps the list's order and
  /// filters; another trip starts sorted by price with no filter.
  public static func carryView(_ state: State, across departed: State) -> State {
    guard state.criteria.isSameTrip(as: departed.criteria) else { return state }
    var carried = state
    carried.sort = departed.sort
    carried.filters = departed.filters
    return carried
  }

  /// While the offers load.
  public static func isBusy(_ state: State) -> Bool { state.load == .loading }

  /// `ResultsView`.
  public static func draw(
    _ state: State, on canvas: inout Canvas, in rect: Rect, context: StepDrawing
  ) -> [KeyHint] {
    ResultsView.draw(
      state, on: &canvas, in: rect, theme: context.theme, strings: context.strings,
      language: context.language, spinner: context.spinner)
    return ResultsView.hints(state, strings: context.strings)
  }
}

extension ResultsFeature {
  /// The results of `criteria`: what they carry is the search, and what was chosen there the
  /// flight the passengers step carries.
  public static func definition(criteria c: SearchCriteria, chosen: OfferID?) -> StepDefinition {
    func summary(_ language: Language) -> String {
      let party = language.strings.partyShort(c.party)
      guard let returning = c.returning else {
        return "\(c.origin) → \(c.destination), \(language.weekdayDate(c.departure)), \(party)"
      }
      return "\(c.origin) ⇄ \(c.destination), \(language.weekdayDate(c.departure))–"
        + "\(language.weekdayDate(returning)), \(party)"
    }
    let arrow = c.isRoundTrip ? "⇄" : "→"
    let route = "\(c.origin) \(arrow) \(c.destination)"
    return StepDefinition(
      screen: screen(.init(criteria: c, chosen: chosen)),
      summaries: { language in
        [
          summary(language), "\(route), \(language.weekdayDate(c.departure))",
          "\(route), \(language.shortDate(c.departure))",
        ]
      },
      chosen: { next, language in
        guard let offer = next.offer else { return nil }
        let flights = ChosenExtras.flights(offer)
        let first = offer.outbound.flightNumbers.first?.description ?? flights
        let chosen = "\(flights) \(offer.departure.hhmm)"
        return [
          "\(summary(language)) · \(chosen)",
          "\(route), \(language.weekdayDate(c.departure)) · \(chosen)", "\(route) · \(chosen)",
          "\(route) · \(first) \(offer.departure.hhmm)", "\(first) \(offer.departure.hhmm)",
        ]
      })
  }
}

extension ResultsFeature {
  /// What the results draw for the pointer.
  public enum Target: Hashable, Sendable {
    /// An offer, by its place in the list as shown: choose it.
    case offer(Int)
    /// A day of the fare strip: search that day.
    case fareDay(CalendarDay)
    /// A line of the airlines checklist, by its place: tick or untick it.
    case airline(Int)
    /// A list the wheel scrolls.
    case list(List)
  }

  /// The lists of the results.
  public enum List: Hashable, Sendable {
    case offers, airlines, details
  }

  /// The lists scroll.
  public static func scrolls(_ target: Target) -> Bool {
    if case .list = target { true } else { false }
  }

  /// An offer is chosen as the arrows and Enter choose it, an airline ticked with Space, a day
  /// of the strip searched as its own action; the wheel moves the list it is over, each only
  /// while that list is the one on screen.
  public static func point(
    _ pointing: Pointing, at target: Target, on state: State,
    press: (StepPress<Action>) -> State?
  ) {
    let onList = !state.choosingAirlines && !state.showsDetails
    switch (pointing, target) {
    case (.wheel(let down), .list(let list)):
      switch list {
      case .offers: guard onList else { return }
      case .airlines: guard state.choosingAirlines else { return }
      case .details: guard state.showsDetails else { return }
      }
      for _ in 0..<Pointing.wheelLines where press(.key(down ? .down : .up)) == nil { return }
    case (.press, .offer(let index)):
      guard onList, state.listed.indices.contains(index),
        Pointing.move(from: state.selected, to: index, press)
      else { return }
      _ = press(.key(.enter))
    case (.press, .fareDay(let day)):
      _ = press(.action(.chooseDay(day)))
    case (.press, .airline(let index)):
      guard state.choosingAirlines, state.airlines.indices.contains(index),
        Pointing.move(from: state.airlineCursor, to: index, press)
      else { return }
      _ = press(.key(.character(" ")))
    case (.press, .list), (.wheel, _):
      break
    }
  }
}
