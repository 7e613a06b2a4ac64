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
      case .offerSelected(let offer): .next(.passengers(offer))
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
        guard case .passengers(let offer, _) = next else { return nil }
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
