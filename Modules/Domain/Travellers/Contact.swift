/// How the airline reaches the person who booked.
public struct Contact: Hashable, Sendable, Codable {
  /// An email address, trimmed.
  public let email: String
  /// A phone number as digits with an optional leading `+`, e.g. `+905321234567`.
  public let phone: String

  /// Validates both: the email has one `@`, a local part and a dotted domain; the phone has 7 to
  /// 15 digits (spaces, `-`, `(`, `)` and `.` between them are dropped).
  public init(email: String, phone: String) throws(DomainError) {
    self.email = try Self.validatedEmail(email)
    self.phone = try Self.validatedPhone(phone)
  }

  /// The trimmed email, or `invalidEmail`.
  public static func validatedEmail(_ raw: String) throws(DomainError) -> String {
    let email = raw.trimmingSpaces()
    let parts = email.split(separator: "@", omittingEmptySubsequences: false)
    guard email.count <= 254, parts.count == 2 else { throw .invalidEmail(raw) }
    let local = parts[0]
    let domain = parts[1]
    let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
    let printable: (Character) -> Bool = { character in
      character.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F }
        && !"()<>,;:\\\"[]".contains(character)
    }
    guard !local.isEmpty, local.count <= 64, local.allSatisfy(printable),
      labels.count >= 2, labels.allSatisfy({ !$0.isEmpty && $0.allSatisfy(printable) }),
      (labels.last?.count ?? 0) >= 2
    else { throw .invalidEmail(raw) }
    return email
  }

  /// The phone as digits with an optional leading `+`, or `invalidPhone`.
  public static func validatedPhone(_ raw: String) throws(DomainError) -> String {
    let trimmed = raw.trimmingSpaces()
    let plus = trimmed.hasPrefix("+")
    let body = plus ? trimmed.dropFirst() : Substring(trimmed)
    var digits = ""
    for character in body {
      if character.isASCII, character.isNumber {
        digits.append(character)
      } else if !" -().".contains(character) {
        throw .invalidPhone(raw)
      }
    }
    guard (7...15).contains(digits.count) else { throw .invalidPhone(raw) }
    return (plus ? "+" : "") + digits
  }

  private enum CodingKeys: String, CodingKey { case email, phone }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try self.init(
      email: c.decode(String.self, forKey: .email), phone: c.decode(String.self, forKey: .phone))
  }
}
