import Airline
import Domain
import FlowOwner
import SimulatedAirline

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
      Output.line("No airport matches '\(query)'.")
      return
    }
    Output.table(
      ["CODE", "CITY", "COUNTRY", "ZONE", "NAME"],
      found.map {
        [$0.code.rawValue, $0.city, $0.countryCode, $0.timeZoneID, $0.name]
      })
  }

  /// `search FROM TO DATE [--return DATE] [--adults N] [--children N] [--infants N]
  /// [--sort price|departure|duration] [--nonstop] [--wide]`; `-n N` (`--passengers N`) is
  /// `--adults N`.
  static func search(_ invocation: Invocation, json: Bool) async throws(Failure) {
    let words = try invocation.words("FROM", "TO", "DATE")
    let origin = try code(words[0], "FROM")
    let destination = try code(words[1], "TO")
    let day = try self.day(words[2], "DATE")
    var returning: CalendarDay?
    if let text = invocation.value("--return") { returning = try self.day(text, "--return") }
    let sortText = invocation.value("--sort") ?? "price"
    guard let sort = OfferSort(rawValue: sortText) else {
      throw .usage("--sort takes price, departure or duration, not '\(sortText)'")
    }
    let party = try self.party(invocation)
    let criteria: SearchCriteria
    do throws(DomainError) {
      criteria = try SearchCriteria(
        origin: origin, destination: destination, departure: day, returning: returning,
        party: party)
    } catch {
      throw .usage(error.description)
    }
    // No lock: a search only saves offers, as the app's searches do, so it runs beside the app.
    let folder = try DataFolder.open(
      explicit: invocation.value("--data-dir"), airline: invocation.value("--airline-dir"),
      locking: .none)
    var offers: [Offer]
    do throws(ServiceError) {
      offers = try await folder.calls.offers(for: criteria)
    } catch {
      // A search reads no record: the airline's storage failed to write the offers.
      switch error {
      case .storage(let reason), .cannotWrite(let reason):
        throw .unusable("the offers could not be saved in \(folder.path): \(reason)")
      case .unknownAirport(let code):
        let word = code == origin ? "FROM" : "TO"
        throw .usage(
          "\(word) '\(code)': no airport has that code (try: booking-cli airports \(code))")
      case .dayPassed(let passed):
        throw .usage("DATE '\(passed)' has passed: search for a day from today on")
      case .beyondBookingWindow(let far):
        // The airline names the day too far: the departure, else the return.
        let word = far == returning && far != day ? "--return" : "DATE"
        throw .usage(
          "\(word) '\(far)' is too far ahead: flights are sold up to "
            + "\(SearchCriteria.bookingWindowDays) days ahead")
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
      let back = returning.map { ", returning \($0)" } ?? ""
      Output.line("No flights from \(origin) to \(destination) on \(day)\(back).")
      return
    }
    let wide = invocation.has("--wide")
    table(offers, roundTrip: criteria.isRoundTrip, wide: wide)
    let pays = "\(TripText.party(party)) \(party.travellers == 1 ? "pays" : "pay")"
    Output.paragraph(
      wide
        ? "PER ADULT is one adult's fare for the whole trip, before taxes; TOTAL is what \(pays), "
          + "taxes and fees included."
        : "TOTAL is what \(pays), taxes and fees included; --wide adds the airline and the fare "
          + "per adult.")
  }

  /// The offers, one row each; a round trip's return on a second row under its outbound, the
  /// WAY column saying which is which (OUT, BACK). The columns fit a 100-column terminal (a
  /// projector's): the arrival is a time, "+1" when it lands the next day. `wide` adds the
  /// airline's name, the fare per adult and the arrival's date.
  private static func table(_ offers: [Offer], roundTrip: Bool, wide: Bool) {
    var header =
      wide
      ? ["OFFER", "AIRLINE", "FLIGHTS", "DEPARTS", "ARRIVES", "DURATION", "STOPS", "PER ADULT"]
      : ["OFFER", "FLIGHTS", "DEPARTS", "ARRIVES", "DURATION", "STOPS"]
    header.append("TOTAL")
    if roundTrip { header.insert("WAY", at: wide ? 2 : 1) }
    var rows: [[String]] = []
    for offer in offers {
      for (index, slice) in offer.slices.enumerated() {
        var row = [index == 0 ? offer.id.rawValue : ""]
        if wide { row.append(index == 0 ? offer.airline.name : "") }
        if roundTrip { row.append(index == 0 ? "OUT" : "BACK") }
        row += [
          TripText.flights(slice), OfferReport.local(slice.departure),
          wide ? OfferReport.local(slice.arrival) : TripText.arrivalTime(slice),
          OfferReport.duration(slice.durationMinutes),
          ([String(slice.stops)] + slice.stopAirports.map(\.code.rawValue)).joined(separator: " "),
        ]
        if wide { row.append(index == 0 ? offer.pricePerAdult.formatted() : "") }
        row.append(index == 0 ? offer.total.formatted() : "")
        rows.append(row)
      }
    }
    Output.table(header, rows)
  }

  /// Who travels: `--adults` (or `-n`, `--passengers`, its older names; one of them at most),
  /// `--children` and `--infants`, checked as the search form checks them.
  private static func party(_ invocation: Invocation) throws(Failure) -> Party {
    let adultOptions = ["--adults", "-n", "--passengers"].filter { invocation.values[$0] != nil }
    if adultOptions.count > 1 {
      throw .usage(
        "\(adultOptions.joined(separator: " and ")) both give the number of adults: give one")
    }
    let adults = try count(invocation, adultOptions.first ?? "--adults", default: 1)
    let children = try count(invocation, "--children", default: 0)
    let infants = try count(invocation, "--infants", default: 0)
    do throws(DomainError) {
      return try Party(adults: adults, children: children, infants: infants)
    } catch {
      throw .usage(error.description)
    }
  }

  /// The whole number given to `option`, or `defaultCount` when it is not given.
  private static func count(_ invocation: Invocation, _ option: String, default defaultCount: Int)
    throws(Failure) -> Int
  {
    guard let text = invocation.value(option) else { return defaultCount }
    guard let count = Int(text), count >= 0 else {
      throw .usage("\(option) takes a whole number from 0, not '\(text)'")
    }
    return count
  }

  private static func day(_ text: String, _ name: String) throws(Failure) -> CalendarDay {
    do {
      return try CalendarDay(iso: text)
    } catch {
      throw .usage("\(name) '\(text)' is not a day like 2026-12-24")
    }
  }

  private static func code(_ text: String, _ name: String) throws(Failure) -> IATACode {
    do {
      return try IATACode(text)
    } catch {
      throw .usage("\(name) '\(text)' is not an airport code like IST (try: booking-cli airports)")
    }
  }
}
