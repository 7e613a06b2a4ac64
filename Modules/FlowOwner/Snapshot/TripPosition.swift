import Domain

/// Where the trips screen's own flow is (`TripFlow`), as a snapshot keeps it: the booking opened,
/// and the quote on screen or the change searched, by ID and criteria only. A resume fetches
/// each again.
public struct TripPosition: Hashable, Sendable, Codable {
  /// How far into a change the flow was.
  public enum ChangeStep: String, Hashable, Sendable, Codable {
    /// Choosing the day.
    case search
    /// Choosing a flight among the change offers.
    case offers
    /// At a change quote (`changeQuote`).
    case quote
  }

  /// The booking opened.
  public let reference: BookingReference
  /// The cancellation quote on screen; nil at the booking itself (or its end).
  public let cancellation: CancellationQuoteID?
  /// The change searched, when the flow was in a change.
  public let change: ChangeCriteria?
  /// How far into that change.
  public let changeStep: ChangeStep?
  /// The change quote on screen.
  public let changeQuote: ChangeQuoteID?

  /// A position at `reference`, at its cancellation quote `cancellation` when given, or in a
  /// change of it.
  public init(
    reference: BookingReference, cancellation: CancellationQuoteID? = nil,
    change: ChangeCriteria? = nil, changeStep: ChangeStep? = nil,
    changeQuote: ChangeQuoteID? = nil
  ) {
    self.reference = reference
    self.cancellation = cancellation
    self.change = change
    self.changeStep = change == nil ? nil : changeStep ?? .search
    self.changeQuote = change == nil ? nil : changeQuote
  }
}

extension BookingSnapshot {
  /// This snapshot with the trips screen's position `trip` (nil: none open).
  public func with(trip: TripPosition?) -> BookingSnapshot {
    BookingSnapshot(criteria: criteria, position: position, trip: trip)
  }
}
