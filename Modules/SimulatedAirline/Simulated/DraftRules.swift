import Airline
import Domain

/// The airline's rules for who may travel together on one booking.
enum DraftRules {
  /// Checks the passenger list against `offer` on `today`, naming the first rule broken.
  static func check(_ passengers: [Passenger], for offer: Offer, today: CalendarDay)
    throws(ServiceError)
  {
    guard passengers.count == offer.passengerCount else {
      throw .invalidPassengers(
        "This fare is for \(offer.passengerCount) passenger\(offer.passengerCount == 1 ? "" : "s");"
          + " \(passengers.count) were given.")
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
    let types = passengers.map { $0.type(on: departure) }
    let adults = types.filter { $0 == .adult }.count
    let infants = types.filter { $0 == .infant }.count
    guard adults > 0 else {
      throw .invalidPassengers("At least one passenger must be an adult (12 or older on the day).")
    }
    guard infants <= adults else {
      throw .invalidPassengers(
        "Each infant (under 2) travels on an adult's lap: \(infants) infants, \(adults) adults.")
    }
  }
}
