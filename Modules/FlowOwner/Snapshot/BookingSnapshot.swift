import Domain

/// What survives the process: the search and the position on the path, as IDs.
///
/// Never names, contact data, card data or prices: prices and availability are fetched again on
/// restore, and personal data stays in the airline's draft.
public struct BookingSnapshot: Hashable, Sendable, Codable {
  /// Where the flow was.
  public enum Position: Hashable, Sendable, Codable {
    case search
    case results
    case passengers(offerID: OfferID)
    /// The draft, and its offer (absent in older snapshots), for a resume to fall back to the
    /// passengers of that offer when the draft is gone.
    case extras(draftID: DraftID, offerID: OfferID? = nil)
    /// The quote, its draft and the draft's offer (absent in a payment link and in older
    /// snapshots), so a resume can fetch the quote and the draft at once, and fall back to the
    /// furthest of them still there.
    case payment(quoteID: QuoteID, draftID: DraftID? = nil, offerID: OfferID? = nil)
    case confirmation(reference: BookingReference)

    /// The kind of step this position names.
    public var kind: StepKind {
      switch self {
      case .search: .search
      case .results: .results
      case .passengers: .passengers
      case .extras: .extras
      case .payment: .payment
      case .confirmation: .confirmation
      }
    }
  }

  /// The search that started the flow. Absent at the search form, after paying, and in a snapshot
  /// made from a deep link, where `restore` derives it from the fetched offer.
  public let criteria: SearchCriteria?
  /// Where the flow was.
  public let position: Position

  /// A snapshot.
  public init(criteria: SearchCriteria?, position: Position) {
    self.criteria = criteria
    self.position = position
  }

  /// The search form, nothing to resume.
  public static let search = BookingSnapshot(criteria: nil, position: .search)
}

extension BookingFlow {
  /// The snapshot of the current path.
  public var snapshot: BookingSnapshot {
    var criteria: SearchCriteria?
    if case .results(let searched, _)? = path.first { criteria = searched }
    let position: BookingSnapshot.Position =
      switch path.last {
      case nil: .search
      case .results: .results
      case .passengers(let offer, _): .passengers(offerID: offer.id)
      case .extras(let draft, _): .extras(draftID: draft.id, offerID: draft.offer.id)
      case .payment(let quote):
        .payment(quoteID: quote.id, draftID: quote.draftID, offerID: offerOfExtras)
      case .confirmation(let reference): .confirmation(reference: reference)
      }
    return BookingSnapshot(criteria: criteria, position: position)
  }

  /// The offer of the extras step's draft, if the path has one.
  private var offerOfExtras: OfferID? {
    for step in path {
      if case .extras(let draft, _) = step { return draft.offer.id }
    }
    return nil
  }
}
