import Canvas
import Domain
import FlowOwner
import Runtime
import Widgets
import Words

extension PaymentFeature: StepFeature {
  /// A booking step.
  public typealias Composition = BookingSteps

  /// `.payment(quote)`.
  public static func step(of state: State) -> BookingStep { .payment(state.quote) }

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
      case .repriced(let quote): .repriced(quote)
      }
    }
  }

  /// `state`, a new payment screen, with the number and expiry typed in `departed`, a payment
  /// screen that left while its draft stayed on the path (going back to the extras, or a new
  /// price), when both are for the same draft. The security code is typed again, so the cursor
  /// waits there. The root calls it (`RootFeature.reconcile`); the flow owner never holds a
  /// card.
  public static func keepCard(_ state: State, from departed: State) -> State {
    guard departed.quote.draftID == state.quote.draftID,
      !departed.number.text.isEmpty || !departed.expiry.text.isEmpty
    else { return state }
    var state = state
    state.number = departed.number
    state.expiry = departed.expiry
    state.focus = .cvc
    return state
  }

  /// While paying or pricing again.
  public static func isBusy(_ state: State) -> Bool { state.paying || state.repricing }

  /// The card's number, expiry and security code.
  public static var holdsPersonalData: Bool { true }

  /// The passengers' names, from the draft on `path` that the quote prices.
  static func passengerNames(_ state: State, path: [BookingStep]) -> [String] {
    let draft = path.lazy.compactMap(\.draft).first { $0.id == state.quote.draftID }
    return draft?.passengers.map(\.fullName) ?? []
  }

  /// `PaymentView`, naming the passengers of the draft on the path.
  public static func draw(
    _ state: State, on canvas: inout Canvas, in rect: Rect, context: StepDrawing
  ) -> [KeyHint] {
    PaymentView.draw(
      state, on: &canvas, in: rect, now: context.now, theme: context.theme,
      strings: context.strings, language: context.language, spinner: context.spinner,
      passengers: passengerNames(state, path: context.path),
      conditions: context.path.lazy.compactMap(\.draft).first { $0.id == state.quote.draftID }?
        .offer.conditions)
    return PaymentView.hints(state, now: context.now, strings: context.strings)
  }
}

extension PaymentFeature {
  /// Paying `quote`: what it carries is what the quote prices (the total when it prices only
  /// the fare). Its result replaces the path, so no step after it carries what was chosen.
  public static func definition(quote: Quote) -> StepDefinition {
    StepDefinition(
      screen: screen(.init(quote: quote)),
      summaries: { language in
        let parts = ChosenExtras.words(quote.extras, language.strings)
        return [
          parts.isEmpty ? quote.total.formatted(language.moneyStyle) : parts.joined(separator: ", ")
        ]
      })
  }
}

extension PaymentFeature {
  /// A field of the card form (Pay among them).
  public typealias Target = Field

  /// A click focuses the field as Shift-Tab does, and presses Pay as Enter does; nothing while
  /// paying.
  public static func point(
    _ pointing: Pointing, at target: Target, on state: State,
    press: (StepPress<Action>) -> State?
  ) {
    guard pointing == .press, !state.paying else { return }
    Pointing.click(
      target, on: state, focus: \.focus, fields: Field.allCases.count, button: .pay, press)
  }
}
