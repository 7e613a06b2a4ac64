import Canvas
import Domain
import Widgets
import Words

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Draws the quote, the countdown and the card form (or the expired state), and names its keys.
enum PaymentView {
  /// The payment panel; `passengers`, the names of whom the quote is for, said on its total's
  /// line (cut with `…` where the line is short).
  static func draw(
    _ state: PaymentFeature.State, on canvas: inout Canvas, in rect: Rect, now: Date,
    theme: Theme, strings: Strings, language: Language, spinner: Int, passengers: [String] = []
  ) {
    guard !rect.isEmpty else { return }
    let quote = state.quote
    var y = rect.y
    let width = min(rect.width, 70)
    func amountLine(_ label: String, _ money: Money, _ style: Style) {
      guard y < rect.maxY else { return }
      let amount = money.formatted(language.moneyStyle)
      let labelWidth = max(0, width - DisplayWidth.of(amount) - 2)
      canvas.put(
        DisplayWidth.pad(label, to: labelWidth) + "  " + amount, x: rect.x, y: y, style: style,
        clip: rect)
      y += 1
    }
    // The card form matters most: the lines give way to it on a short screen.
    if rect.height >= quote.lineItems.count + 14 {
      for item in quote.lineItems {
        amountLine(strings.lineItem(item, language.moneyStyle), item.amount, theme.text)
      }
    }
    let total =
      passengers.isEmpty
      ? strings.totalLabel : strings.totalFor(passengers.joined(separator: ", "))
    amountLine(total, quote.total, theme.emphasis)
    // A price the airline changed says so here too: a pay link opens at this step directly.
    if let change = quote.priceChange {
      let said = strings.priceChanged(
        change.before.formatted(language.moneyStyle), change.after.formatted(language.moneyStyle))
      for line in Modal.wrap(said, width: rect.width) where y < rect.maxY {
        canvas.put(line, x: rect.x, y: y, style: theme.warning, clip: rect)
        y += 1
      }
    }
    if rect.height >= 12 { y += 1 }
    // The live mm:ss is in the header, drawn once: every tick then costs a few bytes.
    let (note, noteStyle) =
      state.isExpired(at: now)
      ? (strings.priceExpired, theme.critical) : (strings.priceLockNote, theme.dim)
    // Wrapped to the panel where there is room; on a short screen the card form comes first and
    // the note is cut at a word.
    let noteLines =
      rect.height >= 14
      ? Modal.wrap(note, width: rect.width) : [DisplayWidth.truncateAtWord(note, to: rect.width)]
    for line in noteLines where y < rect.maxY {
      canvas.put(line, x: rect.x, y: y, style: noteStyle, clip: rect)
      y += 1
    }
    y += rect.height >= 12 ? 1 : 0
    if state.isExpired(at: now) {
      for line in Modal.wrap(strings.expiredExplanation, width: rect.width) where y < rect.maxY {
        canvas.put(line, x: rect.x, y: y, style: theme.warning, clip: rect)
        y += 1
      }
      if state.repricing, y < rect.maxY {
        canvas.put(
          "\(Spinner.frame(spinner)) \(strings.repricing)", x: rect.x, y: y, style: theme.text,
          clip: rect)
        y += 1
      }
      if let failure = state.failure {
        for line in Modal.wrap(failure, width: rect.width) where y < rect.maxY {
          canvas.put(line, x: rect.x, y: y, style: theme.error, clip: rect)
          y += 1
        }
      }
      return
    }
    var form = FormLayout(on: canvas)
    let fields: [(PaymentFeature.Field, String)] = [
      (.number, strings.cardNumberLabel), (.expiry, strings.expiryLabel), (.cvc, strings.cvcLabel),
    ]
    // Room for the longest label in either language ("Son kullanma (AA/YY)").
    form.labelWidth = max(18, (fields.map { DisplayWidth.of($0.1) }.max() ?? 0) + 2)
    for (field, label) in fields {
      if let text = state[field] {
        form.add(
          .field(
            label: label, field: text, focused: state.focus == field, error: state.errors[field],
            note: ""), target: .paymentField(field))
      }
    }
    form.add(.blank)
    if state.paying {
      form.add(.text("\(Spinner.frame(spinner)) \(strings.paying)", theme.text))
    } else {
      form.add(
        .button(
          strings.payButton(quote.total.formatted(language.moneyStyle)),
          focused: state.focus == .pay), target: .paymentField(.pay))
    }
    if let failure = state.failure { form.add(.paragraph(failure, theme.error)) }
    form.add(.blank)
    form.add(.paragraph(strings.testCardHint, theme.dim))
    form.draw(
      on: &canvas, in: Rect(x: rect.x, y: y, width: rect.width, height: rect.maxY - y), theme: theme
    )
  }

  static func hints(_ state: PaymentFeature.State, now: Date, strings: Strings) -> [KeyHint] {
    if state.paying { return [] }
    if state.isExpired(at: now) {
      return [
        KeyHint("r", strings.hintReprice), KeyHint("Esc", strings.hintBack),
        KeyHint("q", strings.hintQuit),
      ]
    }
    // As in the passengers form: Enter moves field by field, and pays from the Pay button;
    // Ctrl-S pays from any field.
    let moves =
      state.focus == .pay
      ? [KeyHint("Enter", strings.hintPay), KeyHint("Tab", strings.hintNext)]
      : [KeyHint("Tab/Enter", strings.hintNext), KeyHint("^S", strings.hintPay)]
    return moves + [
      KeyHint("Esc", strings.hintBack), KeyHint("F1", strings.hintHelp),
      KeyHint("^C", strings.hintQuit),
    ]
  }
}
