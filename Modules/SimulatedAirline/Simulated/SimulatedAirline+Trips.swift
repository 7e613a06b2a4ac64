import Airline
import Domain
import Persistence

extension SimulatedAirline {
  /// Every booking in `bookings/`, newest written first, from the bookings' index
  /// (`ledger/bookings.listing`, see `ListingIndex`) when it is current, else from the folder's
  /// listing (no booking is read). The index is written again only under the ledger lock, and
  /// only by an airline that repairs (`Configuration.repairs`): while another process pays, or
  /// for a process that only reads, the folder answers and nothing is written. A file whose name is not
  /// a reference is skipped.
  public func bookingList() async throws(ServiceError) -> [BookingListing] {
    do {
      let index = AirlineRecords.bookingsIndex
      let listed: [RecordStore.Listing]
      if let current = try store.currentListing(through: index) {
        listed = current
      } else if configuration.repairs, case .locked(let lock) = lockLedger() {
        listed = try withExtendedLifetime(lock) { () throws(StoreError) in
          try store.listing(through: index)
        }
      } else {
        listed = try store.listing(of: AirlineRecords.bookings)
      }
      // On an airline shared by many travellers, only this one's: each booking's draft says
      // whose it is. An airline that is its traveller's own data directory lists every booking.
      let shared = configuration.traveller.map { !$0.ownsUnclaimed } ?? false
      return listed.compactMap { listing in
        guard let reference = try? BookingReference(listing.id) else { return nil }
        if shared {
          guard
            let booking = try? store.loadIfPresent(
              Booking.self, id: listing.id, kind: AirlineRecords.bookings, policy: .report),
            isMine(booking.draftID)
          else { return nil }
        }
        return BookingListing(reference: reference, recordedAt: listing.written)
      }
    } catch {
      throw .store(error)
    }
  }

  /// Writes `booking`, then, when it is new and the bookings' index was current before the
  /// write, its line in the index. A crash between the two leaves the index stale (the folder's
  /// time moved), and the next listing rebuilds it; should the folder's time not have moved (two
  /// writes within one tick of the file system's clock), the payment's intent, still there, has
  /// the next settle drop the index (`rollForward`). A booking written again (from its claim or
  /// its charge) leaves the index stale, rebuilt by the next listing.
  func saveBooking(_ booking: Booking) throws(StoreError) {
    let id = booking.reference.rawValue
    let current =
      store.indexIsCurrent(AirlineRecords.bookingsIndex)
      && !((try? store.exists(id: id, kind: AirlineRecords.bookings)) ?? true)
    try store.save(booking, id: id, kind: AirlineRecords.bookings)
    store.appendToIndex(AirlineRecords.bookingsIndex, id: id, wasCurrent: current)
  }
}
