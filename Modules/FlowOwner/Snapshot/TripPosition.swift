import Domain

/// Where the trips screen's own flow was, for a booking opened in it (`TripFlow`): the booking,
/// and the cancellation quote on screen, if the flow was at it. IDs only, as the booking flow's
/// position is: the booking and the quote are fetched again on restore.
public struct TripPosition: Hashable, Sendable, Codable {
  /// The booking opened.
  public let reference: BookingReference
  /// The cancellation quote on screen; nil at the booking itself (or its end).
  public let cancellation: CancellationQuoteID?

  /// A position at `reference`, at its cancellation quote `cancellation` when given.
  public init(reference: BookingReference, cancellation: CancellationQuoteID? = nil) {
    self.reference = reference
    self.cancellation = cancellation
  }
}

extension BookingSnapshot {
  /// This snapshot with the trips screen's position `trip` (nil: none open).
  public func with(trip: TripPosition?) -> BookingSnapshot {
    BookingSnapshot(criteria: criteria, position: position, trip: trip)
  }
}
