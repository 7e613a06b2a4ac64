import Canvas
import Domain
import FlowOwner
import Runtime
import Widgets
import Words

extension ConfirmationFeature: StepFeature {
  /// A booking step.
  public typealias Composition = BookingSteps

  /// `.confirmation(reference)`.
  public static func step(of state: State) -> BookingStep { .confirmation(state.reference) }

  /// `.key(key)`.
  public static func keyAction(_ key: Key) -> Action { .key(key) }

  /// `reduce(_:_:environment:strings:)`, its output as a step output.
  public static func reduce(_ state: inout State, _ action: Action, context: StepEnvironment)
    -> FeatureReply<Action, StepOutput>
  {
    reduce(&state, action, environment: context.environment, strings: context.strings)
      .mapOutput {
        switch $0 {
        case .startOver: .startOver
        }
      }
  }

  /// Loads the booking.
  public static func onAppear(_ state: State, context: StepEnvironment) -> Effect<Action> {
    onAppear(state, environment: context.environment)
  }

  /// While the booking loads.
  public static func isBusy(_ state: State) -> Bool { state.booking == .loading }

  /// `ConfirmationView`.
  public static func draw(
    _ state: State, on canvas: inout Canvas, in rect: Rect, context: StepDrawing
  ) -> [KeyHint] {
    ConfirmationView.draw(
      state, on: &canvas, in: rect, theme: context.theme, strings: context.strings,
      language: context.language, spinner: context.spinner)
    return ConfirmationView.hints(state, strings: context.strings)
  }
}

extension ConfirmationFeature {
  /// The booking `reference`: what it carries is its reference; it is the last step.
  public static func definition(reference: BookingReference) -> StepDefinition {
    StepDefinition(
      screen: screen(.init(reference: reference)), summaries: { _ in [reference.rawValue] })
  }
}
