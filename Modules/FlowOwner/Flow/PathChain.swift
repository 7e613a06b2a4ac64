import Domain

extension BookingFlow {
  /// Whether `path` is a chain the flow can hold: `results`, then each later step carrying the
  /// output of the one before it (the offer answers the search, the draft is for that offer, the
  /// quote for that draft); or `[confirmation]` alone; or empty.
  public static func isValidChain(_ path: [BookingStep]) -> Bool {
    if path.count == 1, case .confirmation = path[0] { return true }
    var previous: BookingStep?
    for step in path {
      switch (previous, step) {
      case (nil, .results):
        break
      case (.results(let criteria, _)?, .passengers(let offer, _)):
        guard mismatch(offer, for: criteria) == nil else { return false }
      case (.passengers(let offer, _)?, .extras(let draft, _)):
        guard draft.offer.id == offer.id else { return false }
      case (.extras(let draft, _)?, .payment(let quote, _)):
        guard quote.draftID == draft.id else { return false }
      default:
        return false
      }
      previous = step
    }
    return true
  }
}
