import Domain

/// What survives the process: the search and the position on the path, as IDs.
///
/// Never names, contact data, card data or prices: prices and availability are fetched again on
/// restore, and personal data stays in the airline's draft.
public struct BookingSnapshot: Hashable, Sendable, Codable {
  /// Where the flow was: the kind of step, and the IDs of the airline's records the path held
  /// up to it (what each step on the path carries: `BookingStep.offer`, `draft`, `quote`,
  /// `reference`).
  ///
  /// Written as earlier versions wrote it, the kind's name holding the IDs
  /// (`{"payment": {"quoteID": …, "draftID": …, "offerID": …}}`). A position is read only if it
  /// names the record its kind carries (`StepDeclaration.carries`) and none that a later step
  /// carries (`StepKind.namedRecords`); anything else is a corrupt file.
  public struct Position: Hashable, Sendable {
    /// The kind of step this position names.
    public let kind: StepKind
    /// The offer the position names, if it names one.
    public let offerID: OfferID?
    /// The draft the position names, if it names one.
    public let draftID: DraftID?
    /// The quote the position names, if it names one.
    public let quoteID: QuoteID?
    /// The booking the position names, if it names one.
    public let reference: BookingReference?

    /// A position at `kind` naming these records; nil when they are not what a position at
    /// `kind` names (see the type's comment).
    public init?(
      kind: StepKind, offerID: OfferID? = nil, draftID: DraftID? = nil, quoteID: QuoteID? = nil,
      reference: BookingReference? = nil
    ) {
      let named: [(CarriedRecord, Bool)] = [
        (.offer, offerID != nil), (.draft, draftID != nil), (.quote, quoteID != nil),
        (.booking, reference != nil),
      ]
      let allowed = kind.namedRecords
      for (record, present) in named where present && !allowed.contains(record) { return nil }
      if let own = kind.declaration.carries, !named.contains(where: { $0 == (own, true) }) {
        return nil
      }
      self.kind = kind
      self.offerID = offerID
      self.draftID = draftID
      self.quoteID = quoteID
      self.reference = reference
    }

    /// At the search form.
    public static let search = Position(uncheckedKind: .search)
    /// At the results of the saved search.
    public static let results = Position(uncheckedKind: .results)
    /// At the passengers of an offer.
    public static func passengers(offerID: OfferID) -> Position {
      Position(uncheckedKind: .passengers, offerID: offerID)
    }
    /// At the extras of a draft, and its offer (absent in older snapshots), for a resume to fall
    /// back to the passengers of that offer when the draft is gone.
    public static func extras(draftID: DraftID, offerID: OfferID? = nil) -> Position {
      Position(uncheckedKind: .extras, offerID: offerID, draftID: draftID)
    }
    /// At the payment of a quote, its draft and the draft's offer (absent in a payment link and
    /// in older snapshots), so a resume can fetch the quote and the draft at once, and fall back
    /// to the furthest of them still there.
    public static func payment(
      quoteID: QuoteID, draftID: DraftID? = nil, offerID: OfferID? = nil
    ) -> Position {
      Position(uncheckedKind: .payment, offerID: offerID, draftID: draftID, quoteID: quoteID)
    }
    /// At the confirmation of a booking.
    public static func confirmation(reference: BookingReference) -> Position {
      Position(uncheckedKind: .confirmation, reference: reference)
    }

    /// A position as a path derives it, which a valid chain makes one a position at `kind` names.
    init(
      uncheckedKind kind: StepKind, offerID: OfferID? = nil, draftID: DraftID? = nil,
      quoteID: QuoteID? = nil, reference: BookingReference? = nil
    ) {
      self.kind = kind
      self.offerID = offerID
      self.draftID = draftID
      self.quoteID = quoteID
      self.reference = reference
    }

    /// Whether the position names what the airline holds for the traveller: a price-locked
    /// quote, or a booking.
    public var namesQuoteOrBooking: Bool { quoteID != nil || reference != nil }

    /// The IDs of the records the position names (an offer, a draft, a quote, a booking), by
    /// what each is: "offer", "draft", "quote", "booking".
    public var recordIDs: [String: String] {
      var ids: [String: String] = [:]
      ids[CarriedRecord.offer.rawValue] = offerID?.rawValue
      ids[CarriedRecord.draft.rawValue] = draftID?.rawValue
      ids[CarriedRecord.quote.rawValue] = quoteID?.rawValue
      ids[CarriedRecord.booking.rawValue] = reference?.rawValue
      return ids
    }
  }

  /// The search that started the flow. Absent at the search form, after paying, and in a snapshot
  /// made from a deep link, where `restore` derives it from the fetched offer.
  public let criteria: SearchCriteria?
  /// Where the flow was.
  public let position: Position
  /// Where the trips screen's own flow was, when a booking was open in it (at the search form
  /// or a confirmation); absent otherwise, and in snapshots written before it was kept.
  public let trip: TripPosition?

  /// A snapshot.
  public init(criteria: SearchCriteria?, position: Position, trip: TripPosition? = nil) {
    self.criteria = criteria
    self.position = position
    self.trip = trip
  }

  /// The search form, nothing to resume.
  public static let search = BookingSnapshot(criteria: nil, position: .search)
}

extension BookingSnapshot.Position: Codable {
  private struct Key: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  private enum IDKey: String, CodingKey {
    case offerID, draftID, quoteID, reference
  }

  /// Reads `{"<kind>": {<IDs>}}`: one kind, named as `StepKind` writes it.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    guard container.allKeys.count == 1, let key = container.allKeys.first else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "a position names one step"))
    }
    guard let kind = StepKind.allCases.first(where: { $0.description == key.stringValue }) else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: container, debugDescription: "no kind of step is named \(key.stringValue)")
    }
    let ids = try container.nestedContainer(keyedBy: IDKey.self, forKey: key)
    let position = Self(
      kind: kind, offerID: try ids.decodeIfPresent(OfferID.self, forKey: .offerID),
      draftID: try ids.decodeIfPresent(DraftID.self, forKey: .draftID),
      quoteID: try ids.decodeIfPresent(QuoteID.self, forKey: .quoteID),
      reference: try ids.decodeIfPresent(BookingReference.self, forKey: .reference))
    guard let position else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: container,
        debugDescription: "a position at \(kind) names other records than \(kind) may")
    }
    self = position
  }

  /// Writes `{"<kind>": {<IDs>}}`, the IDs it does not name left out.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    var ids = container.nestedContainer(
      keyedBy: IDKey.self, forKey: Key(stringValue: kind.description))
    try ids.encodeIfPresent(offerID, forKey: .offerID)
    try ids.encodeIfPresent(draftID, forKey: .draftID)
    try ids.encodeIfPresent(quoteID, forKey: .quoteID)
    try ids.encodeIfPresent(reference, forKey: .reference)
  }
}

extension BookingFlow {
  /// The snapshot of the current path: its search, the current step's kind and the ID of every
  /// record the path carries (the last step's that carries each).
  public var snapshot: BookingSnapshot {
    var criteria: SearchCriteria?
    if case .results(let searched, _)? = path.first { criteria = searched }
    let steps = path.reversed()
    let position =
      BookingSnapshot.Position(
        uncheckedKind: current, offerID: steps.lazy.compactMap(\.offer).first?.id,
        draftID: steps.lazy.compactMap(\.draft).first?.id, quoteID: path.heldQuote?.id,
        reference: path.last?.reference)
    return BookingSnapshot(criteria: criteria, position: position)
  }
}
