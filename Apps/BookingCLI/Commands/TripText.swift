import Domain

/// How a trip reads in the aligned text the commands print without `--json`.
enum TripText {
  /// One labelled line per slice: "Flight" for a one-way trip, "Out" and "Back" for a round trip.
  static func sliceFields(_ offer: Offer) -> [(String, String)] {
    offer.slices.enumerated().map { index, slice in
      let label = offer.isRoundTrip ? (index == 0 ? "Out" : "Back") : "Flight"
      return (label, line(slice, airline: offer.airline))
    }
  }

  /// "TK1957 IST-AMS, departs 2026-12-24 12:40, arrives 2026-12-24 15:10 (3h 30m), Turkish
  /// Airlines"; a connection's airports are in the route ("IST-MUC-AMS").
  static func line(_ slice: Slice, airline: Airline) -> String {
    "\(flights(slice)) \(route(slice)), departs \(OfferReport.local(slice.departure)), arrives "
      + "\(OfferReport.local(slice.arrival)) (\(OfferReport.duration(slice.durationMinutes))), "
      + airline.name
  }

  /// The arrival's local time, with "+1" (or "+2") when it lands days after it leaves, in the
  /// places' own calendars: "15:10", "00:30+1".
  static func arrivalTime(_ slice: Slice) -> String {
    let days = slice.departure.day.days(until: slice.arrival.day)
    return slice.arrival.hhmm + (days == 0 ? "" : days > 0 ? "+\(days)" : "\(days)")
  }

  /// Where a trip goes: "IST-AMS" one way, "IST-AMS-IST" there and back.
  static func trip(_ offer: Offer) -> String {
    let route = [offer.origin, offer.destination] + (offer.inbound.map { [$0.destination] } ?? [])
    return route.map(\.code.rawValue).joined(separator: "-")
  }

  /// "TK1957+TK1960".
  static func flights(_ slice: Slice) -> String {
    slice.flightNumbers.map(\.description).joined(separator: "+")
  }

  /// "IST-AMS", "IST-MUC-AMS"; a change of airports on the way shows both ("LHR/LGW").
  static func route(_ slice: Slice) -> String {
    var stops = [slice.origin.code.rawValue]
    for layover in slice.layovers { stops.append(layover.place) }
    stops.append(slice.destination.code.rawValue)
    return stops.joined(separator: "-")
  }

  /// "2 adults, 1 child and 1 infant".
  static func party(_ party: Party) -> String {
    let parts = [
      (party.adults, "adult", "adults"), (party.children, "child", "children"),
      (party.infants, "infant", "infants"),
    ]
    .filter { $0.0 > 0 }.map { "\($0.0) \($0.0 == 1 ? $0.1 : $0.2)" }
    guard let last = parts.last else { return "no one" }
    return parts.count == 1 ? last : parts.dropLast().joined(separator: ", ") + " and " + last
  }

  /// What the fare allows, as two labelled lines ("Refund", "Change") in plain words.
  static func conditionFields(_ conditions: FareConditions) -> [(String, String)] {
    [
      ("Refund", refund(conditions.refundBeforeDeparture)),
      ("Change", change(conditions.changeBeforeDeparture)),
    ]
  }

  /// "refundable before departure, less EUR 90 kept by the airline", "refundable before
  /// departure, in full", "not refundable: only the taxes come back if you cancel".
  static func refund(_ rule: FareConditions.Rule) -> String {
    guard rule.allowed else { return "not refundable: only the taxes come back if you cancel" }
    guard let penalty = rule.penalty else { return "refundable before departure, in full" }
    return "refundable before departure, less \(penalty.formatted()) kept by the airline"
  }

  /// "changeable before departure for EUR 60 plus any fare difference", "changeable before
  /// departure for the fare difference only", "not changeable".
  static func change(_ rule: FareConditions.Rule) -> String {
    guard rule.allowed else { return "not changeable" }
    guard let penalty = rule.penalty else {
      return "changeable before departure for the fare difference only"
    }
    return "changeable before departure for \(penalty.formatted()) plus any fare difference"
  }
}
