extension Money {
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
