import Domain

/// One step on the booking path. Each case carries exactly what the step before it produced, so a
/// step cannot exist without its input: there is no "payment without a quote".
///
/// The search form is the root under the path and is not a case: an empty path means "searching".
///
/// A step is declared here once: its case (its input), and the cases of the switches below,
/// which the compiler asks for (its kind, the ID of what it carries, what it must follow). Its
/// kind's row in `StepKind.declaration` says where it sits in the flow; the flow's transitions,
/// its rules table and diagram, and the chain check are derived from them.
public enum BookingStep: Hashable, Sendable {
  /// Offers for a search; `chosen`, the offer the panel starts highlighted (a restore: the offer
  /// the path went on with; none in the flow owner's own transitions).
  case results(SearchCriteria, chosen: OfferID? = nil)
  /// Passenger details for the chosen offer; `prefill`, the travellers of a saved draft (a
  /// restore rebuilds the step from the draft; none in the flow owner's own transitions).
  case passengers(Offer, prefill: PassengerPrefill = .empty)
  /// Seats, bags and insurance for a saved draft; `chosen`, what the panel starts with (a
  /// restore: the quote's; none in the flow owner's own transitions: a new draft starts without
  /// seats).
  case extras(BookingDraft, chosen: Extras = .none)
  /// Paying a price-locked quote.
  case payment(Quote)
  /// The paid booking.
  case confirmation(BookingReference)

  /// Which step this is.
  public var kind: StepKind {
    switch self {
    case .results: .results
    case .passengers: .passengers
    case .extras: .extras
    case .payment: .payment
    case .confirmation: .confirmation
    }
  }

  /// The ID of what the step carries, as the log shows it (a search has none of its own).
  public var carriedID: String {
    switch self {
    case .results(let criteria, _):
      "\(criteria.origin)->\(criteria.destination) \(criteria.departure)"
    case .passengers(let offer, _): offer.id.rawValue
    case .extras(let draft, _): draft.id.rawValue
    case .payment(let quote): quote.id.rawValue
    case .confirmation(let reference): reference.rawValue
    }
  }

  /// The step as the output of the step before it pushes it, without what a restore starts it
  /// with (the passengers' prefill, the extras' chosen extras); nil for a step no output pushes
  /// (results start the path, a confirmation stands alone).
  public var asPushed: BookingStep? {
    switch self {
    case .passengers(let offer, _): .passengers(offer)
    case .extras(let draft, _): .extras(draft)
    case .payment: self
    case .results, .confirmation: nil
    }
  }

  /// The offer the step is for (the passengers', and the extras' draft's), else nil: what a
  /// step after the results carries of the flight chosen there.
  public var offer: Offer? {
    switch self {
    case .passengers(let offer, _): offer
    case .extras(let draft, _): draft.offer
    case .results, .payment, .confirmation: nil
    }
  }

  /// The draft the step is for (the extras'), else nil: what a step after the passengers
  /// carries of the travellers saved there.
  public var draft: BookingDraft? {
    switch self {
    case .extras(let draft, _): draft
    case .results, .passengers, .payment, .confirmation: nil
    }
  }

  /// The price-locked quote the step holds, else nil: its price, and its seats held for it until
  /// it expires (the header's countdown, the inspector's held seats, the fare a flow shows).
  public var quote: Quote? {
    switch self {
    case .payment(let quote): quote
    case .results, .passengers, .extras, .confirmation: nil
    }
  }

  /// The booking the step shows (the confirmation's), else nil.
  public var reference: BookingReference? {
    switch self {
    case .confirmation(let reference): reference
    case .results, .passengers, .extras, .payment: nil
    }
  }

  /// The airline's records a step is built from when it is not pushed by the step before it: a
  /// restore's, fetched again, and a new price the traveller accepted.
  public struct Records: Hashable, Sendable {
    /// The offer chosen on the results.
    public var offer: Offer?
    /// The draft the passengers saved, whose travellers a rebuilt passengers step starts with.
    public var draft: BookingDraft?
    /// The seats, bags and insurance a rebuilt extras step starts with.
    public var chosen: Extras
    /// The price-locked quote.
    public var quote: Quote?

    /// Records.
    public init(
      offer: Offer? = nil, draft: BookingDraft? = nil, chosen: Extras = .none, quote: Quote? = nil
    ) {
      self.offer = offer
      self.draft = draft
      self.chosen = chosen
      self.quote = quote
    }
  }

  /// The step of `kind` built from `records`, or nil when the record it carries is not among
  /// them (or `kind` is not on the chain: the search, the results, the confirmation): the
  /// passengers of the offer with the draft's travellers as their prefill, the extras of the
  /// draft starting with `chosen`, the payment of the quote.
  public init?(_ kind: StepKind, from records: Records) {
    switch kind {
    case .passengers:
      guard let offer = records.offer else { return nil }
      self = .passengers(offer, prefill: records.draft.map(PassengerPrefill.init) ?? .empty)
    case .extras:
      guard let draft = records.draft else { return nil }
      self = .extras(draft, chosen: records.chosen)
    case .payment:
      guard let quote = records.quote else { return nil }
      self = .payment(quote)
    case .search, .results, .confirmation: return nil
    }
  }

  /// Why this step cannot follow `previous` (nil: at the start of the path), or nil when it can:
  /// it follows the kind its declaration names, and carries that step's output (the offer
  /// answers the search, the draft is for that offer, the quote for that draft).
  public func mismatch(after previous: BookingStep?) -> String? {
    switch self {
    case .results:
      return previous == nil ? nil : "results start the path"
    case .passengers(let offer, _):
      guard case .results(let criteria, _)? = previous else { return "passengers follow results" }
      return BookingFlow.mismatch(offer, for: criteria)
    case .extras(let draft, _):
      guard case .passengers(let offer, _)? = previous else { return "extras follow passengers" }
      return draft.offer.id == offer.id ? nil : "the draft is for offer \(draft.offer.id)"
    case .payment(let quote):
      guard case .extras(let draft, _)? = previous else { return "payment follows extras" }
      return quote.draftID == draft.id ? nil : "the quote is for draft \(quote.draftID)"
    case .confirmation:
      return previous == nil ? nil : "a confirmation stands alone"
    }
  }
}

/// The kinds of step, in flow order; `search` is the root under the path.
public enum StepKind: Int, Hashable, Sendable, Codable, CaseIterable, Comparable,
  CustomStringConvertible
{
  case search, results, passengers, extras, payment, confirmation

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String {
    switch self {
    case .search: "search"
    case .results: "results"
    case .passengers: "passengers"
    case .extras: "extras"
    case .payment: "payment"
    case .confirmation: "confirmation"
    }
  }

  /// Where this kind of step sits in the flow: the table the transitions, the rules and the
  /// diagram are derived from.
  public var declaration: StepDeclaration {
    switch self {
    case .search: StepDeclaration(carries: nil, arrival: nil)
    case .results: StepDeclaration(carries: nil, arrival: nil)
    case .passengers:
      StepDeclaration(carries: .offer, arrival: .init(output: "offerSelected", from: .results))
    case .extras:
      StepDeclaration(carries: .draft, arrival: .init(output: "passengersSaved", from: .passengers))
    case .payment:
      StepDeclaration(carries: .quote, arrival: .init(output: "extrasPriced", from: .extras))
    case .confirmation: StepDeclaration(carries: .booking, arrival: nil, hasWayBack: false)
    }
  }

  /// The kinds on a path before payment, in order: the steps that each push the next.
  public static var chain: [StepKind] {
    allCases.filter { $0 == .results || $0.declaration.arrival != nil }
  }

  /// The first kind on the chain carrying `record` as its own (an offer: the passengers), or nil.
  public static func firstCarrying(_ record: CarriedRecord) -> StepKind? {
    chain.first { $0.declaration.carries == record }
  }

  /// The first kind on the chain holding a quote (the payment), or nil.
  public static var firstHoldingQuote: StepKind? { firstCarrying(.quote) }

  /// The kind this kind's output pushes: the one whose declaration says it arrives from this
  /// kind; nil when no output of this kind pushes a step (paying and starting over replace the
  /// path instead).
  public var next: StepKind? { Self.allCases.first { $0.declaration.arrival?.from == self } }

  /// The records a position at this kind may name: what this kind carries, and what each kind
  /// before it on the chain carries.
  public var namedRecords: Set<CarriedRecord> {
    let before = Self.chain.filter { $0 < self }.compactMap(\.declaration.carries)
    return Set(before + [declaration.carries].compactMap { $0 })
  }
}

/// A record of the airline's that a step carries as its own: the one its step pushes with.
public enum CarriedRecord: String, Hashable, Sendable, CaseIterable {
  case offer, draft, quote, booking
}

extension StepKind {
  /// Read by its name ("payment"), as it is written; a number, as earlier versions wrote it (its
  /// place in the flow of those versions, kept here as they had it), still reads.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let name = try? container.decode(String.self) {
      guard let kind = Self.allCases.first(where: { $0.description == name }) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "no kind of step is named \(name)")
      }
      self = kind
      return
    }
    let number = try container.decode(Int.self)
    let written: [StepKind] = [.search, .results, .passengers, .extras, .payment, .confirmation]
    guard written.indices.contains(number) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "no kind of step is number \(number)")
    }
    self = written[number]
  }

  /// Written by its name, so a step added between two others renumbers nothing on disk (a
  /// journal's header names the step a kept session is at).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

/// One kind of step's place in the flow.
public struct StepDeclaration: Hashable, Sendable {
  /// How a step of this kind is pushed: by the output of the step before it.
  public struct Arrival: Hashable, Sendable {
    /// The output, as the log and the rules name it ("offerSelected").
    public let output: String
    /// The kind of step that produces it, which this kind follows on the path.
    public let from: StepKind
  }

  /// The record a step of this kind carries as its own (the passengers', the offer; the
  /// payment's, the quote), which a saved position names; nil for the search and the results.
  public let carries: CarriedRecord?
  /// How it is pushed; nil for a step that starts a path (results, by a search; the
  /// confirmation, by paying) and for the search form.
  public let arrival: Arrival?
  /// Whether Esc leaves it for the step before (after paying there is no way back).
  public let hasWayBack: Bool

  /// A declaration.
  public init(carries: CarriedRecord?, arrival: Arrival?, hasWayBack: Bool = true) {
    self.carries = carries
    self.arrival = arrival
    self.hasWayBack = hasWayBack
  }
}

extension [BookingStep] {
  /// The quote the path holds: the last step's that holds one (`BookingStep.quote`), else nil.
  /// Looked for from the end, one step at a time: asked on every tick of a countdown.
  public var heldQuote: Quote? {
    var index = endIndex
    while index > startIndex {
      index -= 1
      if let quote = self[index].quote { return quote }
    }
    return nil
  }
}
