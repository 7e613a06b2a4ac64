/// What passengers add to a fare: a seat each, checked bags each, and insurance for the booking.
public struct Extras: Hashable, Sendable, Codable {
  /// The seat chosen for each passenger; a passenger without an entry has no seat chosen.
  public var seats: [PassengerID: SeatDesignator]
  /// Checked bags per passenger; a passenger without an entry has none.
  public var bags: [PassengerID: Int]
  /// Whether travel insurance covers the booking.
  public var insurance: Bool

  /// Extras from their parts (the pricing service checks them against the seat map).
  public init(
    seats: [PassengerID: SeatDesignator] = [:], bags: [PassengerID: Int] = [:],
    insurance: Bool = false
  ) {
    self.seats = seats
    self.bags = bags
    self.insurance = insurance
  }

  /// No seats, no bags, no insurance.
  public static let none = Extras()

  /// All checked bags on the booking.
  public var totalBags: Int { bags.values.reduce(0, +) }
}
