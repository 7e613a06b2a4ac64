/// What passengers add to a fare: a seat each on every slice, checked bags each, and insurance
/// for the booking.
public struct Extras: Hashable, Sendable, Codable {
  /// The seat chosen for each passenger on the outbound's first flight; a passenger without an
  /// entry has no seat chosen.
  public var seats: [PassengerID: SeatDesignator]
  /// The seat chosen for each passenger on the return's first flight (round trips only).
  public var returnSeats: [PassengerID: SeatDesignator]
  /// Checked bags per passenger, for the whole trip; a passenger without an entry has none.
  public var bags: [PassengerID: Int]
  /// Whether travel insurance covers the booking.
  public var insurance: Bool

  /// Extras from their parts (the pricing service checks them against the seat maps).
  public init(
    seats: [PassengerID: SeatDesignator] = [:],
    returnSeats: [PassengerID: SeatDesignator] = [:], bags: [PassengerID: Int] = [:],
    insurance: Bool = false
  ) {
    self.seats = seats
    self.returnSeats = returnSeats
    self.bags = bags
    self.insurance = insurance
  }

  /// No seats, no bags, no insurance.
  public static let none = Extras()

  /// All checked bags on the booking.
  public var totalBags: Int { bags.values.reduce(0, +) }

  /// The seats chosen on `slice` (0 the outbound, 1 the return).
  public func seats(onSlice slice: Int) -> [PassengerID: SeatDesignator] {
    slice == 0 ? seats : returnSeats
  }

  /// Sets the seat of `passenger` on `slice`; nil clears it.
  public mutating func setSeat(
    _ seat: SeatDesignator?, for passenger: PassengerID, onSlice slice: Int
  ) {
    if slice == 0 { seats[passenger] = seat } else { returnSeats[passenger] = seat }
  }

  private enum CodingKeys: String, CodingKey { case seats, returnSeats, bags, insurance }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      seats: try c.decodeIfPresent([PassengerID: SeatDesignator].self, forKey: .seats) ?? [:],
      returnSeats: try c.decodeIfPresent([PassengerID: SeatDesignator].self, forKey: .returnSeats)
        ?? [:],
      bags: try c.decodeIfPresent([PassengerID: Int].self, forKey: .bags) ?? [:],
      insurance: try c.decodeIfPresent(Bool.self, forKey: .insurance) ?? false)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(seats, forKey: .seats)
    if !returnSeats.isEmpty { try c.encode(returnSeats, forKey: .returnSeats) }
    try c.encode(bags, forKey: .bags)
    try c.encode(insurance, forKey: .insurance)
  }
}
