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
  /// line (cut with `…` where the line is short); `conditions`, what the fare allows once
  /// booked, under the price lock's note where the panel has room after the charges.
  static func draw(
    _ state: PaymentFeature.State, on canvas: inout Canvas, in rect: Rect, now: Date,
    theme: Theme, strings: Strings, language: Language, spinner: Int, passengers: [String] = [],
    conditions: FareConditions? = nil
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
    // A price the airline changed says so here too: a pay link opens at this step directly.
    let changeLines =
      quote.priceChange.map { change in
        Modal.wrap(
          strings.priceChanged(
            change.before.formatted(language.moneyStyle),
            change.after.formatted(language.moneyStyle)),
          width: rect.width)
      } ?? []
    let expired = state.isExpired(at: now)
    // The live mm:ss is in the header, drawn once: every tick then costs a few bytes.
    let (note, noteStyle) =
      expired ? (strings.priceExpired, theme.critical) : (strings.priceLockNote, theme.dim)
    // Wrapped to the panel where there is room; on a short screen the card form comes first and
    // the note is cut at a word.
    let noteLines =
      rect.height >= 14
      ? Modal.wrap(note, width: rect.width) : [DisplayWidth.truncateAtWord(note, to: rect.width)]
    let below =
      expired
      ? expiredLines(state, width: rect.width, theme: theme, strings: strings, spinner: spinner)
      : []
    let form =
      expired
      ? nil
      : cardForm(
        state, on: canvas, theme: theme, strings: strings, language: language, spinner: spinner)
    let gaps = rect.height >= 12 ? 2 : 0
    let rest =
      1 + changeLines.count + gaps + noteLines.count
      + (form?.height(width: rect.width, theme: theme) ?? below.count)
    // The card form matters most: the quote's lines give way to it on a short screen, first to
    // one line for each kind of charge (the fares, the seats, the bags), then to the total alone.
    let room = rect.height - rest
    let full = quote.lineItems.map { (strings.lineItem($0, language.moneyStyle), $0.amount) }
    let kinds = ChargeKinds.lines(of: quote.lineItems).map {
      (strings.chargeKind($0.kind, $0.count), $0.amount)
    }
    let charges = full.count <= room ? full : kinds.count <= room ? kinds : []
    for (label, amount) in charges {
      amountLine(label, amount, theme.text)
    }
    // What the fare allows once booked, under the note, where the panel has room for it after
    // the charges and the form.
    let conditionLines =
      room - charges.count >= 2
      ? conditions.map {
        [
          strings.trips.refundRule($0.refundBeforeDeparture),
          strings.trips.changeRule($0.changeBeforeDeparture),
        ]
      } ?? [] : []
    let total =
      passengers.isEmpty
      ? strings.totalLabel : strings.totalFor(passengers.joined(separator: ", "))
    amountLine(total, quote.total, theme.emphasis)
    for line in changeLines where y < rect.maxY {
      canvas.put(line, x: rect.x, y: y, style: theme.warning, clip: rect)
      y += 1
    }
    if rect.height >= 12 { y += 1 }
    for line in noteLines where y < rect.maxY {
      canvas.put(line, x: rect.x, y: y, style: noteStyle, clip: rect)
      y += 1
    }
    for line in conditionLines where y < rect.maxY {
      canvas.put(
        DisplayWidth.truncateAtWord(line, to: rect.width), x: rect.x, y: y, style: theme.dim,
        clip: rect)
      y += 1
    }
    y += rect.height >= 12 ? 1 : 0
    for (line, style) in below where y < rect.maxY {
      canvas.put(line, x: rect.x, y: y, style: style, clip: rect)
      y += 1
    }
    form?.draw(
      on: &canvas, in: Rect(x: rect.x, y: y, width: rect.width, height: max(0, rect.maxY - y)),
      theme: theme)
  }

  /// What an expired quote shows under its note: why, the new pricing under way, a failure.
  private static func expiredLines(
    _ state: PaymentFeature.State, width: Int, theme: Theme, strings: Strings, spinner: Int
  ) -> [(String, Style)] {
    var lines = Modal.wrap(strings.expiredExplanation, width: width).map { ($0, theme.warning) }
    if state.repricing {
      lines.append(("\(Spinner.frame(spinner)) \(strings.repricing)", theme.text))
    }
    if let failure = state.failure {
      lines += Modal.wrap(failure, width: width).map { ($0, theme.error) }
    }
    return lines
  }

  /// The card's fields, Pay (or the payment under way), a failure, and the test cards.
  private static func cardForm(
    _ state: PaymentFeature.State, on canvas: Canvas, theme: Theme, strings: Strings,
    language: Language, spinner: Int
  ) -> FormLayout {
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
            note: ""), target: field)
      }
    }
    form.add(.blank)
    if state.paying {
      form.add(.text("\(Spinner.frame(spinner)) \(strings.paying)", theme.text))
    } else {
      form.add(
        .button(
          strings.payButton(state.quote.total.formatted(language.moneyStyle)),
          focused: state.focus == .pay), target: PaymentFeature.Field.pay)
    }
    if let failure = state.failure { form.add(.paragraph(failure, theme.error)) }
    form.add(.blank)
    form.add(.paragraph(strings.testCardHint, theme.dim))
    return form
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
