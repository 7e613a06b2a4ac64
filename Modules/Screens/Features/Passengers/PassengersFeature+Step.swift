import Canvas
import Domain
import FlowOwner
import Runtime
import Widgets
import Words

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
      case .passengersSaved(let draft): .produced(.init(draft: draft))
      }
    }
  }

  /// What the form holds typed, for the flow owner to keep when the step leaves by going back
  /// (`BookingFlow.back(typed:)`): each traveller's fields and the contact, valid or not; empty
  /// when nothing is typed.
  public static func typed(_ state: State) -> PassengerPrefill {
    guard state.hasTyped else { return .empty }
    return .typed(
      passengers: state.forms.map(\.typed), email: state.email.text, phone: state.phone.text)
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

extension PassengersFeature {
  /// Passenger details for `offer`: what they carry is the flight, and what was chosen there
  /// the travellers of the draft the step after it carries.
  public static func definition(offer: Offer, prefill: PassengerPrefill) -> StepDefinition {
    StepDefinition(
      screen: screen(.init(offer: offer, prefill: prefill)),
      summaries: { language in
        let flights = offer.flightNumbers.map(\.description).joined(separator: "+")
        return [
          "\(ChosenExtras.flights(offer)) \(offer.departure.hhmm) "
            + offer.total.rounded().formatted(language.moneyStyle),
          "\(flights) \(offer.departure.hhmm)", flights,
        ]
      },
      chosen: { next, language in
        guard let draft = next.draft else { return nil }
        let names = draft.passengers.map(\.fullName).joined(separator: ", ")
        let short = draft.passengers.map { passenger in
          passenger.givenName + (passenger.familyName.first.map { " \($0)." } ?? "")
        }.joined(separator: ", ")
        return [names, short, language.strings.passengersSummary(draft.passengers.count)]
      })
  }
}

extension PassengersFeature {
  /// A field of the form (Continue among them).
  public typealias Target = Field

  /// A click focuses the field as Shift-Tab does, and presses Continue as Enter does; nothing
  /// while the draft is being saved.
  public static func point(
    _ pointing: Pointing, at target: Target, on state: State,
    press: (StepPress<Action>) -> State?
  ) {
    guard pointing == .press, !state.saving else { return }
    Pointing.click(
      target, on: state, focus: \.focus, fields: state.fieldOrder.count, button: .proceed, press)
  }
}
