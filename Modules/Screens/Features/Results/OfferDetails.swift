import Domain

/// What an offer's details say, line by line, before they are worded: each direction, each of
/// its flights with where and when it leaves and lands, each layover with its warnings, and
/// what the fare allows once booked.
enum OfferDetails {
  /// One line of the details.
  enum Line: Hashable, Sendable {
    /// A direction's heading: the outbound (0) or the return (1).
    case direction(Int, Slice)
    /// A flight's number, aircraft and length.
    case flight(Segment)
    /// Where and when a flight leaves, local to its airport.
    case departs(Segment)
    /// Where and when it lands, local to its airport.
    case arrives(Segment)
    /// The wait between two flights.
    case layover(Layover)
    /// The wait spans a night.
    case overnight
    /// The next flight leaves from another airport.
    case airportChange(Layover)
    /// Between the two directions, and before the fare's conditions.
    case gap
    /// What the fare allows once booked: a refund, then a change, before departure.
    case refund(FareConditions.Rule)
    case change(FareConditions.Rule)
  }

  /// The lines for `offer`, in order.
  static func lines(of offer: Offer) -> [Line] {
    var lines: [Line] = []
    for (index, slice) in offer.slices.enumerated() {
      if index > 0 { lines.append(.gap) }
      lines.append(.direction(index, slice))
      let layovers = slice.layovers
      for (position, segment) in slice.segments.enumerated() {
        lines += [.flight(segment), .departs(segment), .arrives(segment)]
        guard layovers.indices.contains(position) else { continue }
        let layover = layovers[position]
        lines.append(.layover(layover))
        if layover.isOvernight { lines.append(.overnight) }
        if layover.changesAirport { lines.append(.airportChange(layover)) }
      }
    }
    return lines + [
      .gap, .refund(offer.conditions.refundBeforeDeparture),
      .change(offer.conditions.changeBeforeDeparture),
    ]
  }
}
