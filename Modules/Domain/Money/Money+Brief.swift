extension Money {
  /// Shown for people where columns are few: as `formatted(_:)`, but without a fraction of
  /// zeros ("TRY 16,110" for 16,110.00; "EUR 212.50" stays), and without the currency when
  /// `withCurrency` is false ("6,795").
  public func formattedBrief(_ style: MoneyStyle = .english, withCurrency: Bool = true) -> String {
    var number = style.number(amount, fractionDigits: currency.minorUnits)
    if let separator = number.lastIndex(of: style.decimalSeparator),
      number[number.index(after: separator)...].allSatisfy({ $0 == "0" })
    {
      number.removeSubrange(separator...)
    }
    guard withCurrency else { return number }
    return style.currencyFirst ? "\(currency.code) \(number)" : "\(number) \(currency.code)"
  }
}
