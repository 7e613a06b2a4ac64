import Airline
import Domain
import FlowOwner
import SimulatedAirline

/// `airports` and `search`: finding a flight.
enum SearchCommands {
  /// `airports QUERY`: the built-in airports matching a code, city or name.
  static func airports(_ invocation: Invocation, json: Bool) throws(Failure) {
    let query = try invocation.words("QUERY")[0]
    let found = AirportDirectory.builtIn.search(query, limit: 20)
    if json {
      try Output.json(found.map(AirportReport.init))
      return
    }
    guard !found.isEmpty else {
      print("No airport matches '\(query)'.")
      return
    }
    Output.table(
      ["CODE", "CITY", "COUNTRY", "ZONE", "NAME"],
      found.map {
        [$0.code.rawValue, $0.city, $0.countryCode, $0.timeZoneID, $0.name]
      })
  }

  /// `search FROM TO DATE [-n N] [--sort price|departure|duration] [--nonstop]`.
  static func search(_ invocation: Invocation, json: Bool) async throws(Failure) {
    let words = try invocation.words("FROM", "TO", "DATE")
    let origin = try code(words[0], "FROM")
    let destination = try code(words[1], "TO")
    let day: CalendarDay
    do {
      day = try CalendarDay(iso: words[2])
    } catch {
      throw .usage("DATE '\(words[2])' is not a day like 2026-12-24")
    }
    let countText = invocation.value("-n") ?? invocation.value("--passengers") ?? "1"
    guard let count = Int(countText), Party.seatRange.contains(count) else {
      throw .usage("-n takes a number of passengers from 1 to 9, not '\(countText)'")
    }
    let sortText = invocation.value("--sort") ?? "price"
    guard let sort = OfferSort(rawValue: sortText) else {
      throw .usage("--sort takes price, departure or duration, not '\(sortText)'")
    }
    let criteria: SearchCriteria
    do throws(DomainError) {
      criteria = try SearchCriteria(
        origin: origin, destination: destination, departure: day, party: .adults(count))
    } catch {
      throw .usage(error.description)
    }
    // No lock: a search only saves offers, as the app's searches do, so it runs beside the app.
    let folder = try DataFolder.open(explicit: invocation.value("--data-dir"), locking: .none)
    var offers: [Offer]
    do throws(ServiceError) {
      offers = try await folder.calls.offers(for: criteria)
    } catch {
      // A search reads no record: the airline's storage failed to write the offers.
      switch error {
      case .storage(let reason), .cannotWrite(let reason):
        throw .unusable("the offers could not be saved in \(folder.path): \(reason)")
      default: break
      }
      throw .airline(error)
    }
    if invocation.has("--nonstop") { offers = offers.filter { $0.stops == 0 } }
    offers = sort.sorted(offers)
    if json {
      try Output.json(offers.map(OfferReport.init))
      return
    }
    guard !offers.isEmpty else {
      print("No flights from \(origin) to \(destination) on \(day).")
      return
    }
    Output.table(
      [
        "OFFER", "AIRLINE", "FLIGHTS", "DEPARTS", "ARRIVES", "DURATION", "STOPS", "PER PERSON",
        "TOTAL",
      ],
      offers.map { offer in
        [
          offer.id.rawValue, offer.airline.name,
          offer.flightNumbers.map(\.description).joined(separator: "+"),
          OfferReport.local(offer.departure), OfferReport.local(offer.outbound.arrival),
          OfferReport.duration(offer.durationMinutes), String(offer.stops),
          offer.pricePerAdult.formatted(), offer.total.formatted(),
        ]
      })
  }

  private static func code(_ text: String, _ name: String) throws(Failure) -> IATACode {
    do {
      return try IATACode(text)
    } catch {
      throw .usage("\(name) '\(text)' is not an airport code like IST (try: booking-cli airports)")
    }
  }
}
