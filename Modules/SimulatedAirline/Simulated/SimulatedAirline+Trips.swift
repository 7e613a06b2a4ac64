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

  /// Every booking in `bookings/`, newest written first, from the folder's listing alone (no
  /// booking is read). A file whose name is not a reference is skipped.
  public func bookingList() async throws(ServiceError) -> [BookingListing] {
    do {
      return try store.listing(of: AirlineRecords.bookings).compactMap { listing in
        guard let reference = try? BookingReference(listing.id) else { return nil }
        return BookingListing(reference: reference, recordedAt: listing.written)
      }
    } catch {
      throw .storage(error.description)
    }
  }
}
