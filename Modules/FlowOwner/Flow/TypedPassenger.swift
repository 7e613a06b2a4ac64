import Domain

/// One passenger's fields as a form shows them, valid or not.
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
