/// What sort of seat it is, which decides its price.
public enum SeatKind: String, Hashable, Sendable, Codable, CaseIterable {
  case standard
  /// A row with more room for the legs.
  case extraLegroom
  /// Beside an emergency exit: more room, and duties in an evacuation.
  case exitRow
}

/// One seat on a seat map.
public struct Seat: Hashable, Sendable, Codable {
  /// The seat's name, such as `14A`.
  public let designator: SeatDesignator
  /// The kind of seat.
  public let kind: SeatKind
  /// What choosing it costs per passenger (zero for a free seat).
  public let price: Money
  /// Whether another traveller already has it: sold, or held by someone else's price quote.
  public let occupied: Bool
  /// Whether the draft the map was asked for holds it with its latest quote: free to choose
  /// again for that draft, and taken for everyone else.
  public let heldByYou: Bool

  /// A seat.
  public init(
    designator: SeatDesignator, kind: SeatKind, price: Money, occupied: Bool,
    heldByYou: Bool = false
  ) {
    self.designator = designator
    self.kind = kind
    self.price = price
    self.occupied = occupied
    self.heldByYou = heldByYou
  }

  private enum CodingKeys: String, CodingKey { case designator, kind, price, occupied, heldByYou }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      designator: try c.decode(SeatDesignator.self, forKey: .designator),
      kind: try c.decode(SeatKind.self, forKey: .kind),
      price: try c.decode(Money.self, forKey: .price),
      occupied: try c.decode(Bool.self, forKey: .occupied),
      heldByYou: try c.decodeIfPresent(Bool.self, forKey: .heldByYou) ?? false)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(designator, forKey: .designator)
    try c.encode(kind, forKey: .kind)
    try c.encode(price, forKey: .price)
    try c.encode(occupied, forKey: .occupied)
    if heldByYou { try c.encode(heldByYou, forKey: .heldByYou) }
  }

  /// The row number.
  public var row: Int { designator.row }
  /// The seat letter.
  public var letter: Character { designator.letter }
}

/// A column of the cabin drawn left to right: a seat letter, or an aisle.
public enum SeatColumn: Hashable, Sendable, Codable {
  case seat(String)
  case aisle
}

/// The seats of the aircraft of a slice's first flight, as a grid of rows and columns with aisles.
public struct SeatMap: Hashable, Sendable, Codable {
  /// The offer the seats are sold for.
  public let offerID: OfferID
  /// Which slice of the offer: 0 for the outbound, 1 for the return.
  public let slice: Int
  /// The flight the seats are on.
  public let flight: FlightNumber?
  /// The aircraft type.
  public let aircraft: Aircraft
  /// Columns left to right, with aisles, e.g. `A B C | D E F`.
  public let columns: [SeatColumn]
  /// The row numbers in order (some airlines have no row 13).
  public let rows: [Int]
  /// Every seat, in row then column order.
  public let seats: [Seat]

  /// A seat map.
  public init(
    offerID: OfferID, slice: Int = 0, flight: FlightNumber? = nil, aircraft: Aircraft,
    columns: [SeatColumn], rows: [Int], seats: [Seat]
  ) {
    self.offerID = offerID
    self.slice = slice
    self.flight = flight
    self.aircraft = aircraft
    self.columns = columns
    self.rows = rows
    self.seats = seats
  }

  /// The seat called `designator`, if the cabin has one.
  public func seat(_ designator: SeatDesignator) -> Seat? {
    seats.first { $0.designator == designator }
  }

  private enum CodingKeys: String, CodingKey {
    case offerID, slice, flight, aircraft, columns, rows, seats
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      offerID: try c.decode(OfferID.self, forKey: .offerID),
      slice: try c.decodeIfPresent(Int.self, forKey: .slice) ?? 0,
      flight: try c.decodeIfPresent(FlightNumber.self, forKey: .flight),
      aircraft: try c.decode(Aircraft.self, forKey: .aircraft),
      columns: try c.decode([SeatColumn].self, forKey: .columns),
      rows: try c.decode([Int].self, forKey: .rows),
      seats: try c.decode([Seat].self, forKey: .seats))
  }

  /// The rows whose seats are of `kind`.
  public func rows(of kind: SeatKind) -> [Int] {
    rows.filter { row in seats.contains { $0.row == row && $0.kind == kind } }
  }
}
