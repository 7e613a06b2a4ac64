/// What a value reads as in `"\(value)"`, a log line or a debugger: the words a traveller or a
/// log reader would use, never the stored fields (`localSeconds`, a zone's rule).

extension ZonedTime: CustomStringConvertible {
  /// `2026-12-24 08:15 +03:00 Europe/Istanbul`: the local day and time, the offset from UTC
  /// then, and the zone.
  public var description: String {
    "\(day.iso) \(hhmm) \(utcOffsetText) \(zone.identifier)"
  }

  /// The offset from UTC in force then, as ISO 8601 writes it: `+03:00`, `-04:30`, `+00:00`.
  public var utcOffsetText: String {
    let offset = zone.secondsFromGMT(for: instant)
    let minutes = abs(offset) / 60
    let two = { (value: Int) in (value < 10 ? "0" : "") + String(value) }
    return "\(offset < 0 ? "-" : "+")\(two(minutes / 60)):\(two(minutes % 60))"
  }
}

extension Airport: CustomStringConvertible {
  /// `IST (Istanbul Airport, Istanbul)`.
  public var description: String { "\(code) (\(name), \(city))" }
}

extension Airline: CustomStringConvertible {
  /// `TK Turkish Airlines`.
  public var description: String { "\(code) \(name)" }
}

extension Aircraft: CustomStringConvertible {
  /// `Airbus A321neo`.
  public var description: String { name }
}

extension Segment: CustomStringConvertible {
  /// `TK1957 IST 2026-12-24 08:15 → AMS 2026-12-24 10:30`, each time local to its airport.
  public var description: String {
    "\(flightNumber) \(origin.code) \(departure.day.iso) \(departure.hhmm) → "
      + "\(destination.code) \(arrival.day.iso) \(arrival.hhmm)"
  }
}

extension Slice: CustomStringConvertible {
  /// `IST → AMS, TK1957+TK1958, 1 stop`.
  public var description: String {
    let stopsText = stops == 0 ? "nonstop" : stops == 1 ? "1 stop" : "\(stops) stops"
    let flights = flightNumbers.map(\.description).joined(separator: "+")
    return "\(origin.code) → \(destination.code), \(flights), \(stopsText)"
  }
}

extension Layover: CustomStringConvertible {
  /// `1h 5m in MUC`, or `10h 5m in LHR/LGW` when the next flight leaves from another airport.
  public var description: String {
    "\(minutes / 60)h \(minutes % 60)m in \(place)"
  }

  /// Where it is: `MUC`, or `LHR/LGW` when the next flight leaves from another airport.
  public var place: String {
    changesAirport
      ? "\(arrivalAirport.code)/\(departureAirport.code)" : arrivalAirport.code.description
  }
}

extension Offer: CustomStringConvertible {
  /// `of-3f9c2a7be14d6085: TK, IST → AMS, TK1957, nonstop; party 2; EUR 660.00` (the party as
  /// `Party` writes it: `2A1C1I` for two adults, a child and an infant); a round trip names both
  /// slices.
  public var description: String {
    let ways = slices.map(\.description).joined(separator: " / ")
    return "\(id): \(airline.code), \(ways); party \(party); \(total)"
  }
}

extension SearchCriteria: CustomStringConvertible {
  /// `IST → AMS 2026-12-24, back 2026-12-31, party 2`.
  public var description: String {
    "\(origin) → \(destination) \(departure.iso)" + (returning.map { ", back \($0.iso)" } ?? "")
      + ", party \(party)"
  }
}

extension PricePerPerson: CustomStringConvertible {
  /// `EUR 330.00 an adult, EUR 247.50 a child`.
  public var description: String {
    let others = [child.map { "\($0) a child" }, infant.map { "\($0) an infant" }]
    return (["\(adult) an adult"] + others.compactMap { $0 }).joined(separator: ", ")
  }
}

extension LineItem: CustomStringConvertible {
  /// `Seat 14A, passenger 1: EUR 12.00`.
  public var description: String { "\(label): \(amount)" }
}
