import Canvas
import Domain
import Widgets
import Words

/// The card a change that costs money is paid with, typed on the change quote's step as at the
/// payment step: number, expiry, security code, then the button. Never kept beyond the step:
/// a new quote, back, or the change's end clears it, and no snapshot holds it.
public struct ChangeCard: Hashable, Sendable {
  public var number = TextField("", maxLength: 19, mask: .cardNumber, allowed: .digits)
  public var expiry = TextField("", maxLength: 5, allowed: .cardExpiry)
  public var cvc = TextField("", maxLength: 4, mask: .secret, allowed: .digits)
  public var focus: PaymentFeature.Field = .number
  public var errors: [PaymentFeature.Field: String] = [:]

  /// An empty card.
  public init() {}

  /// The text field at `field` (nil for the button).
  public subscript(field: PaymentFeature.Field) -> TextField? {
    get {
      switch field {
      case .number: number
      case .expiry: expiry
      case .cvc: cvc
      case .pay: nil
      }
    }
    set {
      guard let newValue else { return }
      switch field {
      case .number: number = newValue
      case .expiry: expiry = newValue
      case .cvc: cvc = newValue
      case .pay: break
      }
    }
  }

  /// Focus moved `delta` fields, wrapping.
  public mutating func move(_ delta: Int) {
    let count = PaymentFeature.Field.allCases.count
    focus = PaymentFeature.Field(rawValue: (focus.rawValue + delta + count) % count) ?? .number
  }

  /// `key` typed into the focused field (the expiry's slash added as the month is typed, as
  /// at the payment step). Whether the field's text changed.
  public mutating func type(_ key: Key) -> Bool {
    guard var field = self[focus] else { return false }
    if focus == .expiry, case .character(let typed) = key {
      guard typed.isASCII, typed.isNumber || typed == "/" || typed == " " else { return false }
      if typed == "/" || typed == " " {
        guard !field.text.contains("/"), field.cursor == field.text.count,
          (1...2).contains(field.text.count)
        else { return false }
        field.setText(String(repeating: "0", count: 2 - field.text.count) + field.text + "/")
        expiry = field
        errors[.expiry] = nil
        return true
      }
    }
    let before = field
    guard field.handle(key), field != before else { return false }
    if focus == .expiry, case .character = key { field = PaymentFeature.autoSlash(field) }
    self[focus] = field
    errors[focus] = nil
    return true
  }

  /// The card typed, checked where it was typed: nil, with each problem at its field and the
  /// focus on the first, when it is not one that can be charged on `today`.
  public mutating func card(today: CalendarDay, strings: Strings) -> PaymentCard? {
    let checked = PaymentFeature.checkedCard(
      number: number.text, expiry: expiry.text, cvc: cvc.text, today: today, strings: strings)
    errors = checked.errors
    if checked.card == nil {
      focus = PaymentFeature.Field.allCases.first { errors[$0] != nil } ?? focus
    }
    return checked.card
  }
}
