/// How a passenger is addressed.
public enum Title: String, Hashable, Sendable, Codable, CaseIterable {
  case mr, mrs, ms, miss, mstr, mx, dr

  /// The titles airline forms offer a passenger of `type` (all of them while the type is not
  /// known yet): Mr, Mrs, Ms, Miss, Mx, Dr for an adult; Miss and Mstr for a child or an infant.
  public static func choices(for type: PassengerType?) -> [Title] {
    switch type {
    case .adult?: [.mr, .mrs, .ms, .miss, .mx, .dr]
    case .child?, .infant?: [.miss, .mstr]
    case nil: allCases
    }
  }

  /// Whether a passenger of `type` may hold this title.
  public func fits(_ type: PassengerType) -> Bool { Self.choices(for: type).contains(self) }
}

/// The fare type of a passenger, decided by age on the day of departure.
public enum PassengerType: String, Hashable, Sendable, Codable, CaseIterable {
  /// 12 or older on the departure day.
  case adult
  /// 2 to 11.
  case child
  /// Under 2, travelling on an adult's lap.
  case infant

  /// The type of someone born on `birth` who travels on `departure`.
  public init(bornOn birth: CalendarDay, travellingOn departure: CalendarDay) {
    switch birth.wholeYears(until: departure) {
    case ..<2: self = .infant
    case 2..<12: self = .child
    default: self = .adult
    }
  }
}

/// A person travelling on a booking.
public struct Passenger: Hashable, Sendable, Codable, Identifiable {
  /// The passenger's ID within the booking.
  public let id: PassengerID
  /// How they are addressed.
  public let title: Title
  /// Given (first) name as on the travel document.
  public let givenName: String
  /// Family (last) name as on the travel document.
  public let familyName: String
  /// Date of birth.
  public let dateOfBirth: CalendarDay

  /// Validates both names: letters (any script), spaces, `-`, `'` and `.`, 1 to 50 characters.
  public init(
    id: PassengerID, title: Title, givenName: String, familyName: String,
    dateOfBirth: CalendarDay
  ) throws(DomainError) {
    self.id = id
    self.title = title
    self.givenName = try PersonName.validated(givenName, field: "Given name")
    self.familyName = try PersonName.validated(familyName, field: "Family name")
    self.dateOfBirth = dateOfBirth
  }

  /// The fare type on the day of `departure`.
  public func type(on departure: CalendarDay) -> PassengerType {
    PassengerType(bornOn: dateOfBirth, travellingOn: departure)
  }

  /// `raw` as a name on a travel document (trimmed, inner spaces collapsed), or `invalidName`.
  public static func validatedName(_ raw: String, field: String) throws(DomainError) -> String {
    try PersonName.validated(raw, field: field)
  }

  /// "Given Family".
  public var fullName: String { "\(givenName) \(familyName)" }

  /// Who the passenger is, whatever their title or ID: the names in any case and the date of
  /// birth. Two passengers with the same person are one traveller given twice.
  public var person: String {
    [givenName, familyName, dateOfBirth.iso].map { $0.lowercased() }.joined(separator: "|")
  }

  private enum CodingKeys: String, CodingKey {
    case id, title, givenName, familyName, dateOfBirth
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try self.init(
      id: c.decode(PassengerID.self, forKey: .id), title: c.decode(Title.self, forKey: .title),
      givenName: c.decode(String.self, forKey: .givenName),
      familyName: c.decode(String.self, forKey: .familyName),
      dateOfBirth: c.decode(CalendarDay.self, forKey: .dateOfBirth))
  }
}

/// The rule for names on travel documents.
enum PersonName {
  /// `raw` trimmed and with inner runs of spaces collapsed, or `invalidName`.
  static func validated(_ raw: String, field: String) throws(DomainError) -> String {
    let words = raw.split(whereSeparator: { $0 == " " || $0 == "\t" })
    let name = words.joined(separator: " ")
    let allowed = name.unicodeScalars.allSatisfy { scalar in
      switch scalar.properties.generalCategory {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
        .nonspacingMark, .spacingMark:
        true
      default:
        scalar == " " || scalar == "-" || scalar == "'" || scalar == "." || scalar == "’"
      }
    }
    guard !name.isEmpty, name.count <= 50, allowed,
      name.unicodeScalars.first?.properties.isAlphabetic == true
    else { throw .invalidName(field: field, value: raw) }
    return name
  }
}
