import Domain
import FlowOwner

/// The words the bag's inspector shows around its fields' names (which are code, and stay as
/// they are), in one language.
public struct BagInspectorWords: Sendable {
  /// The heading over the fields: "bag (BookingBag.shared):".
  public let heading: String
  /// After a field, who wrote it last: "   (last written by price refresh)".
  public let lastWrittenBy: @Sendable (_ writer: String) -> String
  /// After a field of a room's bag, which attendee wrote it last, and where: "   (last written
  /// by Ayşe, results screen)".
  public let lastWrittenByAttendee: @Sendable (_ attendee: String, _ writer: String) -> String
  /// A writer's name in this language ("price refresh").
  public let writer: @Sendable (_ writer: BookingBag.Writer) -> String
  /// The line of the screens saved on disk: "saved screens (on disk) = [results, passengers]".
  public let savedScreens: @Sendable (_ screens: String) -> String
  /// In a room, the line of the room's bag: "the room's bag (on disk) = /srv/room/airline/
  /// room-bag.json, you are Bora".
  public let roomBag: @Sendable (_ location: String, _ attendee: String) -> String
  /// An email's stand-in: the inspector is shown on a projector.
  public let anEmail: String
  /// Extras without a seat.
  public let noSeats: String
  /// "seats 14A 14B".
  public let seats: @Sendable (_ designators: String) -> String
  /// "2 travellers".
  public let travellers: @Sendable (_ count: Int) -> String

  /// The words, each given.
  public init(
    heading: String, lastWrittenBy: @escaping @Sendable (String) -> String,
    lastWrittenByAttendee: @escaping @Sendable (String, String) -> String,
    writer: @escaping @Sendable (BookingBag.Writer) -> String,
    savedScreens: @escaping @Sendable (String) -> String,
    roomBag: @escaping @Sendable (String, String) -> String, anEmail: String, noSeats: String,
    seats: @escaping @Sendable (String) -> String, travellers: @escaping @Sendable (Int) -> String
  ) {
    self.heading = heading
    self.lastWrittenBy = lastWrittenBy
    self.lastWrittenByAttendee = lastWrittenByAttendee
    self.writer = writer
    self.savedScreens = savedScreens
    self.roomBag = roomBag
    self.anEmail = anEmail
    self.noSeats = noSeats
    self.seats = seats
    self.travellers = travellers
  }

  /// English.
  public static let english = BagInspectorWords(
    heading: "bag (BookingBag.shared):",
    lastWrittenBy: { "   (last written by \($0))" },
    lastWrittenByAttendee: { "   (last written by \($0), \($1))" },
    writer: { $0.rawValue },
    savedScreens: { "  saved screens (on disk) = \($0)" },
    roomBag: { "  the room's bag (on disk) = \($0), you are \($1)" },
    anEmail: "(an email)", noSeats: "no seats", seats: { "seats " + $0 },
    travellers: { "\($0) traveller\($0 == 1 ? "" : "s")" })
}

extension BookingBag {
  /// The bag's fields, each with who wrote it last, then the screens open.
  public var inspectorLines: [String] { inspectorLines(.english) }

  /// The bag's fields in `words`' language, each with who wrote it last, then the screens open.
  /// In a room, `attendees` names the attendee who wrote each field last, beside the writer.
  public func inspectorLines(_ words: BagInspectorWords, attendees: [Field: String] = [:])
    -> [String]
  {
    var lines = [words.heading]
    for field in Field.allCases {
      let writer =
        writers[field].map { writer in
          let name = words.writer(writer)
          return attendees[field].map { words.lastWrittenByAttendee($0, name) }
            ?? words.lastWrittenBy(name)
        } ?? ""
      lines.append("  \(field.rawValue) = \(value(of: field, words))\(writer)")
    }
    lines.append("  screens = [\(screens.map(\.description).joined(separator: ", "))]")
    return lines
  }

  /// `field`'s value in a few words; `nil` when it holds none.
  public func value(of field: Field, _ words: BagInspectorWords = .english) -> String {
    switch field {
    case .searchCriteria:
      searchCriteria.map { "\($0.origin)->\($0.destination) \($0.departure)" } ?? "nil"
    case .selectedOffer:
      selectedOffer.map(Self.flights) ?? "nil"
    case .draft:
      draft.map { $0.id.rawValue + " (offer " + $0.offer.id.rawValue + ")" } ?? "nil"
    case .contactEmail:
      // Only whether it is there: the inspector is shown on a projector.
      contactEmail.map { _ in words.anEmail } ?? "nil"
    case .selectedExtras:
      selectedExtras.map { extras in
        let seats = extras.seats.values.map(\.description).sorted().joined(separator: " ")
        return seats.isEmpty ? words.noSeats : words.seats(seats)
      } ?? "nil"
    case .totalPrice: totalPrice.map(\.description) ?? "nil"
    case .quote: quote.map(\.id.rawValue) ?? "nil"
    case .booking: booking.map(\.rawValue) ?? "nil"
    case .savedTravellers:
      savedTravellers.map { words.travellers($0.passengers.count) } ?? "nil"
    case .isFromDeepLink: String(isFromDeepLink)
    }
  }

  /// An offer's flight numbers: "TK1957" or "TK1957+KL1234".
  static func flights(_ offer: Offer) -> String {
    offer.flightNumbers.map(\.description).joined(separator: "+")
  }
}
