import Canvas
import Domain
import FlowFaults
import Presentation

/// Lesson 004 on a second reducer, the payment screen's: the real `PaymentFeature` reducer
/// against a faulty one whose Backspace empties the whole field instead of deleting one digit.
public enum CardReplay {
  /// Two digits, then Backspace: one digit should be left.
  public static let twoThenErase: [Key] = [.character("4"), .character("2"), .backspace]
  /// One digit, then Backspace: nothing is left in either version.
  public static let oneThenErase: [Key] = [.character("4"), .backspace]

  /// The card number on the payment screen for quote A after `keys`, real or faulty reducer.
  public static func number(after keys: [Key], faulty: Bool, _ fixtures: LabFixtures) -> String {
    let environment = Unreachable.environment(keys: fixtures.paymentKeys)
    var state = PaymentFeature.State(quote: fixtures.quoteA)
    for key in keys {
      if faulty, key == .backspace, !state.paying, !state.repricing,
        var field = state[state.focus]
      {
        field.setText("")
        state[state.focus] = field
        continue
      }
      _ = PaymentFeature.reduce(
        &state, .key(key), now: LabFixtures.now, today: fixtures.today, environment: environment,
        strings: .english)
    }
    return state.number.text.isEmpty ? "none" : state.number.text
  }
}
