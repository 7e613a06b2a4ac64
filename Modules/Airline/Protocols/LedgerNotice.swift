import Domain

/// Something the airline's payment records needed that a person should hear about: said in one
/// line in the header and written to the log.
public enum LedgerNotice: Hashable, Sendable {
  /// A record guarding a payment (`path`) could not be read. Its bytes were copied to
  /// `copiedTo` (nil: they could not be read safely) and what it guarded is asked of the
  /// bookings themselves; until they answer, the quote it guards cannot be paid.
  case unreadableGuard(path: String, copiedTo: String?)
  /// A booking was made, but writing what follows it (its order, closing its intent) failed
  /// with `reason`; the booking stands and the next start finishes the rest.
  case bookkeepingDeferred(reference: BookingReference, reason: String)
}
