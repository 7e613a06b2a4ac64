import Airline
import Domain

extension SimulatedAirline {
  /// Every booking in `bookings/`, newest written first, from the folder's listing alone (no
  /// booking is read). A file whose name is not a reference is skipped.
  public func bookingList() async throws(ServiceError) -> [BookingListing] {
    do {
      return try store.listing(of: AirlineRecords.bookings).compactMap { listing in
        guard let reference = try? BookingReference(listing.id) else { return nil }
        return BookingListing(reference: reference, recordedAt: listing.written)
      }
    } catch {
      throw .store(error)
    }
  }
}
