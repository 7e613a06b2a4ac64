import Canvas
import Domain
import FlowOwner
import Runtime
import Widgets
import Words

extension ExtrasFeature: StepFeature {
  /// A booking step.
  public typealias Composition = BookingSteps

  /// `.extras(draft)`.
  public static func step(of state: State) -> BookingStep {
    .extras(state.draft, chosen: state.chosen)
  }

  /// `.key(key)`.
  public static func keyAction(_ key: Key) -> Action { .key(key) }

  /// `reduce(_:_:environment:strings:)`, its output as a step output.
  public static func reduce(_ state: inout State, _ action: Action, context: StepEnvironment)
    -> FeatureReply<Action, StepOutput>
  {
    reduce(&state, action, environment: context.environment, strings: context.strings)
      .mapOutput {
        switch $0 {
        case .extrasPriced(let quote): .next(.payment(quote))
        case .priceChangeAccepted(let quote): .priceChangeAccepted(quote)
        }
      }
  }

  /// Loads the seat maps.
  public static func onAppear(_ state: State, context: StepEnvironment) -> Effect<Action> {
    onAppear(state, environment: context.environment)
  }

  /// While the seat maps load or the extras are priced.
  public static func isBusy(_ state: State) -> Bool {
    state.pricing || state.seatMaps == .loading
  }

  /// `ExtrasView`.
  public static func draw(
    _ state: State, on canvas: inout Canvas, in rect: Rect, context: StepDrawing
  ) -> [KeyHint] {
    ExtrasView.draw(
      state, on: &canvas, in: rect, theme: context.theme, strings: context.strings,
      language: context.language, spinner: context.spinner)
    return ExtrasView.hints(state, strings: context.strings)
  }
}

extension ExtrasFeature {
  /// Seats, bags and insurance for `draft`: what they carry is its passengers, and what was
  /// chosen there the extras the payment's quote prices.
  public static func definition(draft: BookingDraft, chosen: Extras) -> StepDefinition {
    StepDefinition(
      screen: screen(.init(draft: draft, chosen: chosen)),
      summaries: { [$0.strings.passengersSummary(draft.passengers.count)] },
      chosen: { next, language in
        guard case .payment(let quote) = next else { return nil }
        let parts = ChosenExtras.words(quote.extras, language.strings)
        let total = quote.total.formatted(language.moneyStyle)
        guard !parts.isEmpty else { return [total] }
        return [parts.joined(separator: ", "), parts.first ?? total]
      })
  }
}
