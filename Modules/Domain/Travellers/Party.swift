/// Who travels, as chosen at search: adults (12 or older), children (2 to 11) and infants (under
/// 2, each on an adult's lap). Airlines price and seat a party by these counts.
public struct Party: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Travellers 12 or older on the day of departure.
  public let adults: Int
  /// Travellers 2 to 11.
  public let children: Int
  /// Travellers under 2, on an adult's lap: at most one per adult.
  public let infants: Int

  /// The allowed numbers of seats (adults and children).
  public static let seatRange = 1...9

  /// Validates the party: at least one adult, no negative counts, at most one infant per adult
  /// and 1 to 9 seats.
  public init(adults: Int, children: Int = 0, infants: Int = 0) throws(DomainError) {
    guard adults >= 0, children >= 0, infants >= 0 else {
      throw .passengerCountOutOfRange(min(adults, children, infants))
    }
    guard Self.seatRange.contains(adults + children) else {
      throw .passengerCountOutOfRange(adults + children)
    }
    guard adults >= 1 else { throw .noAdultInParty }
    guard infants <= adults else { throw .moreInfantsThanAdults(infants: infants, adults: adults) }
    self.adults = adults
    self.children = children
    self.infants = infants
  }

  /// A party of `count` adults.
  public static func adults(_ count: Int) throws(DomainError) -> Party {
    try Party(adults: count)
  }

  /// One adult.
  public static let one = Party(unchecked: 1, 0, 0)

  private init(unchecked adults: Int, _ children: Int, _ infants: Int) {
    self.adults = adults
    self.children = children
    self.infants = infants
  }

  /// Seats the party takes: adults and children.
  public var seats: Int { adults + children }
  /// Everyone who travels, infants included.
  public var travellers: Int { seats + infants }

  /// The type of each traveller in the order a booking lists them: adults, then children, then
  /// infants.
  public var types: [PassengerType] {
    Array(repeating: .adult, count: adults) + Array(repeating: .child, count: children)
      + Array(repeating: .infant, count: infants)
  }

  /// How many of `type` travel.
  public func count(of type: PassengerType) -> Int {
    switch type {
    case .adult: adults
    case .child: children
    case .infant: infants
    }
  }

  /// The short form logs and keys use: "2" for two adults alone, "2A1C1I" for two adults, a
  /// child and an infant.
  public var description: String {
    guard children > 0 || infants > 0 else { return "\(adults)" }
    return "\(adults)A" + (children > 0 ? "\(children)C" : "") + (infants > 0 ? "\(infants)I" : "")
  }

  private enum CodingKeys: String, CodingKey { case adults, children, infants }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try self.init(
      adults: c.decode(Int.self, forKey: .adults),
      children: c.decodeIfPresent(Int.self, forKey: .children) ?? 0,
      infants: c.decodeIfPresent(Int.self, forKey: .infants) ?? 0)
  }
}
