import Canvas
import FlowOwner
import Runtime
import Widgets

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
