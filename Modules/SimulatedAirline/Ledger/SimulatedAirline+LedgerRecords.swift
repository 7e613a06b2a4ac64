import Airline
import Domain
import Persistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The ledger's records read and written: guard records read with their copies, bookings,
/// removals and new references.
extension SimulatedAirline {
  /// What reading a guard record found.
  enum GuardRead<Value> {
    case missing
    case found(Value)
    /// Unreadable: its bytes were copied aside and it was left where it is.
    case unreadable(StoreError)
  }

  /// The record of what key `id` did: `payments/<id>`, or, when that is gone or cannot be read,
  /// its copy `charges/<id>`, which every charge writes right after it (and which is then
  /// written back). A key record that cannot be read with no copy beside it records no charge
  /// the airline sealed: a refusal, a mark of a cut-off attempt, or a file planted where a
  /// payment stopped before its charge. It is answered as missing, its bytes kept aside, so
  /// nothing is booked on it; only a copy that cannot be read either leaves it undecided.
  func readCharge(_ id: String) throws(ServiceError) -> GuardRead<PaymentRecord> {
    let record = try readGuard(PaymentRecord.self, id: id, kind: AirlineRecords.payments)
    if case .found = record { return record }
    switch try readGuard(PaymentRecord.self, id: id, kind: AirlineRecords.charges) {
    case .found(let copy):
      try save(copy, id: id, kind: AirlineRecords.payments)
      return .found(copy)
    case .missing:
      return .missing
    case .unreadable:
      return record
    }
  }

  /// Reads a record that guards money: an unreadable one stays in place (its bytes copied aside)
  /// until the question it answered has been asked of the bookings; it is reported.
  func readGuard<Value: Decodable>(_ type: Value.Type, id: String, kind: RecordKind)
    throws(ServiceError) -> GuardRead<Value>
  {
    do {
      guard let value = try store.loadIfPresent(type, id: id, kind: kind, policy: .keepInPlace)
      else { return .missing }
      return .found(value)
    } catch {
      guard case .corruptKept(let path, _, let copiedTo) = error else {
        throw .storage(error.description)
      }
      notices.yield(.unreadableGuard(path: path, copiedTo: copiedTo))
      return .unreadable(error)
    }
  }

  /// Booking `reference`; one that is missing or unreadable while its charge stands is written
  /// again from the charge (and its draft and quote). An unreadable one that cannot be is left
  /// where it is (its bytes copied aside), and the error says so. The charges are scanned for
  /// that once per process: every later booking that cannot be read costs one read. Runs under
  /// the ledger lock.
  func loadBooking(_ reference: BookingReference) throws(ServiceError) -> Booking {
    let found = try readGuard(Booking.self, id: reference.rawValue, kind: AirlineRecords.bookings)
    if case .found(let booking) = found { return booking }
    guard !ledgerScanned else {
      if case .unreadable(let error) = found { throw .storage(error.description) }
      throw .bookingNotFound(reference)
    }
    ledgerScanned = true
    do {
      let ledger = try scanLedger(ledgerIDs())
      if ledger.orders.values.contains(where: { $0.reference == reference }),
        case .found(let booking) = try readGuard(
          Booking.self, id: reference.rawValue, kind: AirlineRecords.bookings)
      {
        return booking
      }
    } catch {
      if case .unreadable(let unreadable) = found {
        throw .storage(
          "\(unreadable.description) It could not be written again from its payment: \(error)")
      }
      throw error
    }
    if case .unreadable(let error) = found { throw .storage(error.description) }
    throw .bookingNotFound(reference)
  }

  func writeBooking(_ booking: Booking) throws(ServiceError) {
    do {
      try saveBooking(booking)
    } catch {
      throw .store(error)
    }
  }

  /// Step 6, with no fsync of the folder: an intent a power cut brings back beside its claim (or
  /// after its release) is settled again, and settling one is idempotent.
  func removeIntent(_ draft: DraftID) throws(ServiceError) {
    try delete(draft.rawValue, AirlineRecords.intents, syncingFolder: false)
  }

  func delete(_ id: String, _ kind: RecordKind, syncingFolder: Bool = true)
    throws(ServiceError)
  {
    do {
      try store.delete(id: id, kind: kind, syncingFolder: syncingFolder)
    } catch {
      throw .store(error)
    }
  }

  func exists(_ reference: BookingReference, _ kind: RecordKind) throws(ServiceError)
    -> Bool
  {
    try exists(reference.rawValue, kind)
  }

  func exists(_ id: String, _ kind: RecordKind) throws(ServiceError) -> Bool {
    do {
      return try store.exists(id: id, kind: kind)
    } catch {
      throw .store(error)
    }
  }

  /// A record locator not yet used, from letters and digits that cannot be misread (no 0/O, 1/I).
  func newReference() throws(ServiceError) -> BookingReference {
    let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20 {
      let text = String(
        (0..<6).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
      guard let reference = try? BookingReference(text) else { continue }
      if try !exists(reference, AirlineRecords.bookings) { return reference }
    }
    throw .storage("no free booking reference could be found")
  }
}
