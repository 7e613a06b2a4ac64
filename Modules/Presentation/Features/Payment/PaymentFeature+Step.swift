import Canvas
import FlowOwner

extension PaymentFeature: StepFeature {
  /// A booking step.
  public typealias Composition = BookingSteps

  /// `.payment(quote, card:)`.
  public static func step(of state: State) -> BookingStep {
    .payment(state.quote, card: state.card)
  }

  /// `.key(key)`.
  public static func keyAction(_ key: Key) -> Action { .key(key) }

  /// `reduce(_:_:now:today:environment:strings:)`, its output as a step output.
  public static func reduce(_ state: inout State, _ action: Action, context: StepEnvironment)
    -> FeatureReply<Action, StepOutput>
  {
    reduce(
      &state, action, now: context.now, today: context.today, environment: context.environment,
      strings: context.strings
    ).mapOutput {
      switch $0 {
      case .paid(let booking): .paid(booking.reference)
      case .alreadyBooked(let reference): .alreadyBooked(reference)
      case .repriced(let quote, let card): .repriced(quote, card: card)
      }
    }
  }

  /// While paying or pricing again.
  public static func isBusy(_ state: State) -> Bool { state.paying || state.repricing }

  /// The card's number, expiry and security code.
  public static var holdsPersonalData: Bool { true }

  /// `PaymentView`.
  public static func draw(
    _ state: State, on canvas: inout Canvas, in rect: Rect, context: StepDrawing
  ) -> [KeyHint] {
    PaymentView.draw(
      state, on: &canvas, in: rect, now: context.now, theme: context.theme,
      strings: context.strings, language: context.language, spinner: context.spinner)
    return PaymentView.hints(state, now: context.now, strings: context.strings)
  }
}
