import Airline
import Domain
import FlowOwner

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `seats OFFER`: the seat map of each slice's first flight, free and taken seats and their
/// prices, for `quote --seat` and `--return-seat`. It only reads: it runs beside the app.
enum SeatsCommand {
  static func run(_ invocation: Invocation, json: Bool) async throws(Failure) {
    let offerID = try QuoteCommand.offerID(invocation)
    let (path, existing) = try DataFolder.openExisting(
      explicit: invocation.value("--data-dir"), airline: invocation.value("--airline-dir"))
    guard let folder = existing else {
      throw DataFolder.noOffer(offerID, in: path)
    }
    let offer = try await folder.availableOffer(offerID)
    let maps: [SeatMap]
    do throws(ServiceError) {
      // A map for a slice the offer does not have is not shown.
      maps = try await folder.airline.travellerSeatMaps(for: offer.id).filter {
        offer.slices.indices.contains($0.slice)
      }
    } catch {
      throw .airline(error)
    }
    if json {
      try Output.json(SeatsReport(offer: offer, maps: maps))
      return
    }
    for (index, map) in maps.enumerated() {
      if index > 0 { Output.line("") }
      Output.line(heading(map, offer: offer))
      for line in grid(map) { Output.line(line) }
      let later = SeatsReport.seatsAtCheckIn(offer, slice: map.slice)
      if !later.isEmpty {
        Output.line("Seats on \(later.joined(separator: " and ")) are given at check-in.")
      }
    }
    Output.line("")
    // The example names the first free seat of each map, so that it can be typed as it is.
    let options = maps.compactMap { map in
      map.seats.first { !$0.occupied }.map {
        "\(map.slice == 0 ? "--seat" : "--return-seat") 1:\($0.designator)"
      }
    }
    Output.paragraph(
      "A letter is a free seat, - a taken one: sold, or held by another traveller's price quote "
        + "until it expires. A price after a row is what each of its seats "
        + "costs a passenger; the other seats are included in the fare. Choose them with "
        + "booking-cli quote \(offer.id) ... "
        + (options.isEmpty ? "--seat N:14A" : options.joined(separator: " ")) + ".",
      // The maps fit an 80-column terminal, and so does what is said under them.
      width: 80)
  }

  /// "Outbound: KL879 IST-AMS 2026-12-24 06:05, Boeing 737 MAX 8, business".
  private static func heading(_ map: SeatMap, offer: Offer) -> String {
    let slice = offer.slices[map.slice]
    let direction = map.slice == 0 ? "Outbound" : "Return"
    let flight = slice.firstSegment
    return "\(direction): \(flight.flightNumber) \(flight.origin.code)-\(flight.destination.code) "
      + "\(OfferReport.local(flight.departure)), \(map.aircraft.name), "
      + SeatsReport.cabin(offer.cabin)
  }

  /// The cabin row by row: a header of seat letters, then each row's number, its seats (the
  /// letter when free, `-` when taken, a wider gap at an aisle), and its kind and price when it
  /// is not a standard seat included in the fare.
  private static func grid(_ map: SeatMap) -> [String] {
    let seats = Dictionary(map.seats.map { ($0.designator, $0) }, uniquingKeysWith: { $1 })
    func cells(_ cell: (String) -> String) -> String {
      map.columns.map { column in
        switch column {
        case .aisle: " "
        case .seat(let letter): cell(letter)
        }
      }.joined(separator: " ")
    }
    var lines = ["row  " + cells { $0 }]
    for row in map.rows {
      var rowSeats: [Seat] = []
      let line = cells { letter in
        guard let character = letter.first,
          let designator = try? SeatDesignator(row: row, letter: character),
          let seat = seats[designator]
        else { return " " }
        rowSeats.append(seat)
        return seat.occupied ? "-" : letter
      }
      let priced = rowSeats.first { $0.price.amount != 0 }
      let kind = rowSeats.first?.kind ?? .standard
      var notes: [String] = []
      if kind != .standard { notes.append(SeatsReport.kind(kind)) }
      if let priced { notes.append(priced.price.formatted()) }
      let number = String(row)
      lines.append(
        String(repeating: " ", count: max(0, 3 - number.count)) + number + "  " + line
          + (notes.isEmpty ? "" : "  " + notes.joined(separator: ", ")))
    }
    return lines
  }
}

/// `seats --json`: the offer and, for each slice, its first flight's seats.
struct SeatsReport: Encodable {
  struct MapReport: Encodable {
    let direction: String
    let flight: String
    let aircraft: SegmentReport.AircraftReport
    /// Left to right, `|` for an aisle: "ABC|DEF".
    let layout: String
    let seats: [SeatReport]
    /// The later flights of the slice, whose seats are given at check-in.
    let seatsAtCheckIn: [String]
  }

  struct SeatReport: Encodable {
    let seat: String
    let row: Int
    let letter: String
    let kind: String
    let free: Bool
    /// Present, and true, for a seat one of this traveller's own quotes holds (taken for any
    /// other quote, theirs too, until it expires): on an airline many travellers share.
    let heldByYou: Bool?
    /// Per passenger; "0.00" when it is included in the fare.
    let price: MoneyReport
  }

  let offer: String
  let cabin: String
  let slices: [MapReport]

  init(offer: Offer, maps: [SeatMap]) {
    self.offer = offer.id.rawValue
    cabin = offer.cabin.rawValue
    slices = maps.map { map in
      MapReport(
        direction: OfferReport.direction(map.slice),
        flight: offer.slices[map.slice].firstSegment.flightNumber.description,
        aircraft: SegmentReport.AircraftReport(code: map.aircraft.code, name: map.aircraft.name),
        layout: map.columns.map { column in
          switch column {
          case .aisle: "|"
          case .seat(let letter): letter
          }
        }.joined(),
        seats: map.seats.map { seat in
          SeatReport(
            seat: seat.designator.description, row: seat.row, letter: String(seat.letter),
            kind: seat.kind.rawValue, free: !seat.occupied,
            heldByYou: seat.heldByYou ? true : nil, price: MoneyReport(seat.price))
        },
        seatsAtCheckIn: Self.seatsAtCheckIn(offer, slice: map.slice))
    }
  }

  /// The flights of `offer`'s slice `slice` after its first, whose seats are given at check-in.
  static func seatsAtCheckIn(_ offer: Offer, slice: Int) -> [String] {
    offer.slices[slice].segments.dropFirst().map(\.flightNumber.description)
  }

  /// "business", "premium economy".
  static func cabin(_ cabin: Cabin) -> String {
    switch cabin {
    case .economy: "economy"
    case .premiumEconomy: "premium economy"
    case .business: "business"
    case .first: "first"
    }
  }

  /// "exit row", "extra legroom".
  static func kind(_ kind: SeatKind) -> String {
    switch kind {
    case .standard: "standard"
    case .extraLegroom: "extra legroom"
    case .exitRow: "exit row"
    }
  }
}
