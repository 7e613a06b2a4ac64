/// Why a string cannot be used as a record file or folder name.
enum NameProblem: Equatable, Sendable {
  case empty
  case disallowedCharacter
  case tooLong(Int)
  case leadingDot
  case doubleDot

  /// Longest accepted name; with the store's prefixes and suffixes it stays under NAME_MAX.
  static let maxLength = 128

  /// The first rule `name` breaks, or nil when it is a safe file name.
  static func find(in name: String) -> NameProblem? {
    let bytes = name.utf8
    if bytes.isEmpty { return .empty }
    // Byte-wise on purpose: any non-ASCII byte, NUL, slash, backslash or space is refused.
    if !bytes.allSatisfy(isAllowed) { return .disallowedCharacter }
    if bytes.count > maxLength { return .tooLong(bytes.count) }
    if bytes.first == UInt8(ascii: ".") { return .leadingDot }
    if name.contains("..") { return .doubleDot }
    return nil
  }

  var explanation: String {
    switch self {
    case .empty:
      "it is empty"
    case .disallowedCharacter:
      "only letters, digits, '-', '_' and '.' may be used"
    case .tooLong(let count):
      "it is \(count) characters long and at most \(Self.maxLength) are allowed"
    case .leadingDot:
      "it may not start with '.'"
    case .doubleDot:
      "it may not contain '..'"
    }
  }

  private static func isAllowed(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
      UInt8(ascii: "."):
      true
    default:
      false
    }
  }
}
