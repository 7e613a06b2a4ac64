import Airline
import Domain

/// The airline's rules for who may travel together on one booking.
enum DraftRules {
  /// Checks the passenger list against `offer` on `today`, naming the first rule broken.
  static func check(_ passengers: [Passenger], for offer: Offer, today: CalendarDay)
    throws(ServiceError)
  {
    let party = offer.party
    guard passengers.count == party.travellers else {
      throw .invalidPassengers(
        "This fare is for \(count(party.travellers, "passenger", "passengers"));"
          + " \(passengers.count) \(passengers.count == 1 ? "was" : "were") given.")
    }
    let departure = offer.departure.day
    for passenger in passengers {
      guard passenger.dateOfBirth < today else {
        throw .invalidPassengers(
          "\(passenger.fullName)'s date of birth \(passenger.dateOfBirth) is not in the past.")
      }
      guard passenger.dateOfBirth.wholeYears(until: departure) < 120 else {
        throw .invalidPassengers(
          "\(passenger.fullName)'s date of birth \(passenger.dateOfBirth) is more than 120 years ago."
        )
      }
    }
    var people = Set<String>()
    for passenger in passengers {
      // One person is one traveller: the same names (in any case) and date of birth twice is
      // one person given twice, whatever their titles or IDs.
      guard people.insert(passenger.person).inserted else {
        throw .invalidPassengers(
          "\(passenger.fullName), born \(passenger.dateOfBirth), is given twice: each traveller "
            + "is one passenger.")
      }
    }
    let types = passengers.map { $0.type(on: departure) }
    let adults = types.filter { $0 == .adult }.count
    let infants = types.filter { $0 == .infant }.count
    let given = types.count - adults - infants
    if (adults, given, infants) != (party.adults, party.children, party.infants) {
      throw .invalidPassengers(
        "This fare is for \(describe(party.adults, party.children, party.infants)); on the day of"
          + " departure the dates of birth make \(describe(adults, given, infants)).")
    }
    // The party guarantees these; a fare from elsewhere is held to them too.
    guard adults > 0 else {
      throw .invalidPassengers("At least one passenger must be an adult (12 or older on the day).")
    }
    guard infants <= adults else {
      throw .invalidPassengers(
        "Each infant (under 2) travels on an adult's lap: \(describe(adults, 0, infants)).")
    }
  }

  /// "2 adults, 1 child and 1 infant"; the counts that are 0 are left out (all 0: "no one").
  private static func describe(_ adults: Int, _ children: Int, _ infants: Int) -> String {
    let parts = [
      (adults, "adult", "adults"), (children, "child", "children"), (infants, "infant", "infants"),
    ]
    .filter { $0.0 > 0 }.map { count($0.0, $0.1, $0.2) }
    guard let last = parts.last else { return "no one" }
    return parts.count == 1 ? last : parts.dropLast().joined(separator: ", ") + " and " + last
  }

  /// "1 adult", "2 adults": the count and the word for it.
  static func count(_ count: Int, _ one: String, _ many: String) -> String {
    "\(count) \(count == 1 ? one : many)"
  }
}
