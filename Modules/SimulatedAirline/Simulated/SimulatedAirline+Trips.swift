import Airline
import Domain

extension SimulatedAirline {
  /// The references of every booking kept in `bookings/`, in no order; a list of trips reads
  /// each with `booking(reference:)`. A file whose name is not a reference is skipped.
  public func bookingReferences() async throws(ServiceError) -> [BookingReference] {
    do {
      return try store.ids(of: AirlineRecords.bookings).compactMap { try? BookingReference($0) }
    } catch {
      throw .storage(error.description)
    }
  }
}
