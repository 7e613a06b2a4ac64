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

    /// The offer the position names, if it names one.
    public var offerID: OfferID? {
      switch self {
      case .passengers(let offer), .extras(_, let offer?), .payment(_, _, let offer?): offer
      case .search, .results, .extras, .payment, .confirmation: nil
      }
    }

    /// The draft the position names, if it names one.
    public var draftID: DraftID? {
      switch self {
      case .extras(let draft, _), .payment(_, let draft?, _): draft
      case .search, .results, .passengers, .payment, .confirmation: nil
      }
    }

    /// The quote the position names, if it names one.
    public var quoteID: QuoteID? {
      switch self {
      case .payment(let quote, _, _): quote
      case .search, .results, .passengers, .extras, .confirmation: nil
      }
    }

    /// The booking the position names, if it names one.
    public var reference: BookingReference? {
      switch self {
      case .confirmation(let reference): reference
      case .search, .results, .passengers, .extras, .payment: nil
      }
    }

    /// Whether the position names what the airline holds for the traveller: a price-locked
    /// quote, or a booking.
    public var namesQuoteOrBooking: Bool { quoteID != nil || reference != nil }

    /// The IDs of the records the position names (an offer, a draft, a quote, a booking), by
    /// what each is: "offer", "draft", "quote", "booking".
    public var recordIDs: [String: String] {
      var ids: [String: String] = [:]
      ids["offer"] = offerID?.rawValue
      ids["draft"] = draftID?.rawValue
      ids["quote"] = quoteID?.rawValue
      ids["booking"] = reference?.rawValue
      return ids
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
        .payment(
          quoteID: quote.id, draftID: quote.draftID,
          offerID: path.lazy.compactMap(\.draft).first { $0.id == quote.draftID }?.offer.id)
      case .confirmation(let reference): .confirmation(reference: reference)
      }
    return BookingSnapshot(criteria: criteria, position: position)
  }
}
