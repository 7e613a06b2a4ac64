/// An offer with its passengers and contact, saved by the airline before extras and payment.
public struct BookingDraft: Hashable, Sendable, Codable, Identifiable {
  /// The draft's ID.
  public let id: DraftID
  /// The offer being booked.
  public let offer: Offer
  /// The passengers, each once: the offer's party (up to 9 seats and an infant per adult).
  public let passengers: [Passenger]
  /// Who the airline contacts.
  public let contact: Contact

  /// Validates the passenger list: 1 to 18 passengers (9 seats and their infants), no ID twice.
  public init(id: DraftID, offer: Offer, passengers: [Passenger], contact: Contact)
    throws(DomainError)
  {
    guard (1...18).contains(passengers.count) else {
      throw .passengerCountOutOfRange(passengers.count)
    }
    var seen = Set<PassengerID>()
    for passenger in passengers where !seen.insert(passenger.id).inserted {
      throw .duplicatePassenger(passenger.id)
    }
    self.id = id
    self.offer = offer
    self.passengers = passengers
    self.contact = contact
  }

  private enum CodingKeys: String, CodingKey { case id, offer, passengers, contact }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try self.init(
      id: c.decode(DraftID.self, forKey: .id), offer: c.decode(Offer.self, forKey: .offer),
      passengers: c.decode([Passenger].self, forKey: .passengers),
      contact: c.decode(Contact.self, forKey: .contact))
  }
}
