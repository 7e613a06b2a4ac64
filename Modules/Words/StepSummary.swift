import Domain
import FlowOwner

extension BookingStep {
  /// What the step carries, in a few words: "IST → AMS, Thu 24 Dec, 2 pax", "TK1957 08:40 EUR 212".
  public func summary(in language: Language) -> String {
    let strings = language.strings
    switch self {
    case .results(let c, _):
      guard let returning = c.returning else {
        return "\(c.origin) → \(c.destination), \(language.weekdayDate(c.departure)), "
          + strings.partyShort(c.party)
      }
      return "\(c.origin) ⇄ \(c.destination), \(language.weekdayDate(c.departure))–"
        + "\(language.weekdayDate(returning)), " + strings.partyShort(c.party)
    case .passengers(let offer, _):
      // A round trip's two directions are told apart: "LH816+LH2685 ⇄ LH555+LH2479".
      let flights = offer.slices.map {
        $0.flightNumbers.map(\.description).joined(separator: "+")
      }.joined(separator: " ⇄ ")
      return "\(flights) \(offer.departure.hhmm) "
        + offer.total.rounded().formatted(language.moneyStyle)
    case .extras(let draft, _):
      return strings.passengersSummary(draft.passengers.count)
    case .payment(let quote):
      let parts = Self.chosen(quote.extras, strings)
      return parts.isEmpty
        ? quote.total.formatted(language.moneyStyle) : parts.joined(separator: ", ")
    case .confirmation(let reference):
      return reference.rawValue
    }
  }

  /// What was chosen at this step, as `next` (the step that follows it on the path) carries it,
  /// fullest first, then shorter forms for a narrow panel: the search and the flight chosen from
  /// its results, the passengers' names, the seats, bags and insurance. Nil when `next` does not
  /// carry this step's result.
  public func resultSummaries(next: BookingStep, in language: Language) -> [String]? {
    let strings = language.strings
    // Each step says what it passes on, so a new step is named here by the compiler.
    switch self {
    case .results(let c, _):
      guard case .passengers(let offer, _) = next else { return nil }
      let arrow = c.isRoundTrip ? "⇄" : "→"
      let route = "\(c.origin) \(arrow) \(c.destination)"
      let flights = offer.slices.map {
        $0.flightNumbers.map(\.description).joined(separator: "+")
      }.joined(separator: " ⇄ ")
      let first = offer.outbound.flightNumbers.first?.description ?? flights
      let chosen = "\(flights) \(offer.departure.hhmm)"
      return [
        "\(summary(in: language)) · \(chosen)",
        "\(route), \(language.weekdayDate(c.departure)) · \(chosen)", "\(route) · \(chosen)",
        "\(route) · \(first) \(offer.departure.hhmm)", "\(first) \(offer.departure.hhmm)",
      ]
    case .passengers:
      guard case .extras(let draft, _) = next else { return nil }
      let names = draft.passengers.map(\.fullName).joined(separator: ", ")
      let short = draft.passengers.map { passenger in
        passenger.givenName + (passenger.familyName.first.map { " \($0)." } ?? "")
      }.joined(separator: ", ")
      return [names, short, strings.passengersSummary(draft.passengers.count)]
    case .extras:
      guard case .payment(let quote) = next else { return nil }
      let parts = Self.chosen(quote.extras, strings)
      let total = quote.total.formatted(language.moneyStyle)
      guard !parts.isEmpty else { return [total] }
      return [parts.joined(separator: ", "), parts.first ?? total]
    case .payment, .confirmation:
      // A payment's result replaces the path; a confirmation is the last step.
      return nil
    }
  }

  /// Everything `extras` chose, in the words the panels use: the seats (a round trip's return
  /// seats after the outbound's, "14A 14B / 22C 22D"), the bags, the insurance. One list for
  /// the payment's title and the extras' panel alike, so neither leaves out what the other says.
  static func chosen(_ extras: Extras, _ strings: Strings) -> [String] {
    let seats = [extras.seats, extras.returnSeats]
      .map { $0.values.sorted().map(\.description).joined(separator: " ") }
      .filter { !$0.isEmpty }.joined(separator: " / ")
    var parts: [String] = []
    if !seats.isEmpty { parts.append(seats) }
    if extras.totalBags > 0 { parts.append(strings.bagsCount(extras.totalBags)) }
    if extras.insurance { parts.append(strings.insuranceLabel) }
    return parts
  }
}
