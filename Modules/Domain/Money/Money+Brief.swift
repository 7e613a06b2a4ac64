extension Money {
  /// `low` to `high` as `formattedBrief` writes them, the currency once ("TRY 0–405", "0–405
  /// TRY"); one amount when they are equal; nil when the currencies differ.
  public static func briefRange(_ low: Money, _ high: Money, _ style: MoneyStyle = .english)
    -> String?
  {
    guard low.currency == high.currency else { return nil }
    guard low != high else { return low.formattedBrief(style) }
    let numbers =
      low.formattedBrief(style, withCurrency: false) + "–"
      + high.formattedBrief(style, withCurrency: false)
    let code = low.currency.code
    return style.currencyFirst ? "\(code) \(numbers)" : "\(numbers) \(code)"
  }

  /// Shown for people where columns are few: as `formatted(_:)`, but a whole amount without a
  /// fraction ("TRY 16,110" for 16,110.00; "EUR 212.50" stays), and without the currency when
  /// `withCurrency` is false ("6,795"). Whether the amount is whole is read from its own fields,
  /// with no `Decimal` arithmetic: a list writes two of these for every visible row.
  public func formattedBrief(_ style: MoneyStyle = .english, withCurrency: Bool = true) -> String {
    let whole = amount.wholeNumber(scale: 0) != nil
    let number = style.number(amount, fractionDigits: whole ? 0 : currency.minorUnits)
    guard withCurrency else { return number }
    return style.currencyFirst ? "\(currency.code) \(number)" : "\(number) \(currency.code)"
  }
}
