import Canvas
import FlowOwner
import Runtime
import Widgets

extension PassengersFeature: StepFeature {
  /// A booking step.
  public typealias Composition = BookingSteps

  /// `.passengers(offer, prefill:)`.
  public static func step(of state: State) -> BookingStep {
    .passengers(state.offer, prefill: state.prefill)
  }

  /// `.key(key)`.
  public static func keyAction(_ key: Key) -> Action { .key(key) }

  /// `reduce(_:_:today:environment:strings:)`, its output as a step output.
  public static func reduce(_ state: inout State, _ action: Action, context: StepEnvironment)
    -> FeatureReply<Action, StepOutput>
  {
    reduce(
      &state, action, today: context.today, environment: context.environment,
      strings: context.strings
    ).mapOutput {
      switch $0 {
      case .passengersSaved(let draft): .next(.extras(draft))
      }
    }
  }

  /// What was typed in `departed`, a passengers screen that left the path, when anything was:
  /// each traveller's fields (as many as both have) and the contact. Another flight is chosen,
  /// the names stay.
  public static func resume(_ state: State, from departed: State) -> State {
    guard departed.hasTyped else { return state }
    var state = state
    for index in state.forms.indices where departed.forms.indices.contains(index) {
      state.forms[index] = departed.forms[index]
    }
    state.email = departed.email
    state.phone = departed.phone
    return state
  }

  /// While the draft is being saved.
  public static func isBusy(_ state: State) -> Bool { state.saving }

  /// Names, birth dates and contact details.
  public static var holdsPersonalData: Bool { true }

  /// `PassengersView`.
  public static func draw(
    _ state: State, on canvas: inout Canvas, in rect: Rect, context: StepDrawing
  ) -> [KeyHint] {
    PassengersView.draw(
      state, on: &canvas, in: rect, theme: context.theme, strings: context.strings,
      spinner: context.spinner)
    return PassengersView.hints(state, strings: context.strings)
  }
}
