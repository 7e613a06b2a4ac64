extension Int {
  /// `value` rounded by `rule`, clamped to `Int`'s range, and 0 when it is not a number: a time
  /// difference computed from dates read from files may be any `Double`, and `Int(_:)` traps on
  /// one out of range.
  public init(clamping value: Double, rounding rule: FloatingPointRoundingRule) {
    guard !value.isNaN else {
      self = 0
      return
    }
    let rounded = value.rounded(rule)
    // 2^63 is exactly `Double(Int.max)` and is not an Int; -2^63 is `Int.min`.
    if rounded >= Double(Int.max) {
      self = .max
    } else if rounded <= Double(Int.min) {
      self = .min
    } else {
      self = Int(rounded)
    }
  }
}
