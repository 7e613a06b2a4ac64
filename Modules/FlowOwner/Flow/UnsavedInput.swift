import Domain

/// One passenger's fields as typed, valid or not: what a passengers form held when its step left
/// the path before its details were saved.
public struct TypedPassenger: Hashable, Sendable {
  public var title: Title?
  public var givenName: String
  public var familyName: String
  /// As typed, not yet a date.
  public var dateOfBirth: String

  /// A passenger's fields as typed.
  public init(title: Title?, givenName: String, familyName: String, dateOfBirth: String) {
    self.title = title
    self.givenName = givenName
    self.familyName = familyName
    self.dateOfBirth = dateOfBirth
  }

  /// Whether nothing was typed.
  public var isBlank: Bool {
    title == nil && givenName.isEmpty && familyName.isEmpty && dateOfBirth.isEmpty
  }
}

/// The passengers and contact fields of a passengers step as typed, valid or not. In memory only:
/// never in a snapshot, and never printed (its descriptions name only how many passengers).
public struct TypedTravellers: Hashable, Sendable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  public var passengers: [TypedPassenger]
  public var email: String
  public var phone: String

  /// The fields as typed.
  public init(passengers: [TypedPassenger], email: String, phone: String) {
    self.passengers = passengers
    self.email = email
    self.phone = phone
  }

  /// Whether nothing was typed in any field.
  public var isBlank: Bool { passengers.allSatisfy(\.isBlank) && email.isEmpty && phone.isEmpty }

  public var description: String { "TypedTravellers(\(passengers.count) passengers, hidden)" }
  public var debugDescription: String { description }
  public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

/// A card's number and expiry as typed, handed to the next payment step. It has no place for the
/// security code, which is always typed again. In memory only: never in a snapshot, and never
/// printed (its descriptions show the last four digits).
public struct CardPrefill: Hashable, Sendable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  public var number: String
  public var expiry: String

  /// A card's number and expiry as typed.
  public init(number: String, expiry: String) {
    self.number = number
    self.expiry = expiry
  }

  public var description: String {
    let digits = number.filter(\.isNumber)
    return "CardPrefill(••••\(String(digits.suffix(4))))"
  }
  public var debugDescription: String { description }
  public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

/// What a step held, typed and not saved, when it left the path: the flow keeps it for the next
/// step of the same kind (`BookingFlow.keepUnsaved(_:from:)`).
public enum UnsavedInput: Hashable, Sendable {
  /// A passengers step's fields; `.empty` when nothing was typed.
  case travellers(PassengerPrefill)
  /// A payment step's number and expiry; nil when both were empty.
  case card(CardPrefill?)
}
