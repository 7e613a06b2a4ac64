/// What proves that a record was written by the holder of a key, and not changed since: a seal
/// over the record's bytes and its path, made and checked by whoever holds the key (the
/// simulated airline's `AirlineSeal`, an HMAC-SHA256 from the system's libcrypto). The store
/// knows only where the seal goes in a file; the key and the cryptography are the holder's.
///
/// A sealed file is the record exactly as an unsealed store writes it, with one more member
/// last, after its sorted keys: `"seal" : "<64 hex digits>"`. The seal covers the file's path
/// relative to the data directory (`quotes/qt-….json`), a newline, and the file without that
/// member: a record moved to another name, or edited in any byte, no longer matches.
public struct RecordSeal: Sendable {
  /// The folders whose records are sealed (the airline's); others are written and read plain.
  public let folders: Set<String>
  /// The seal of a message, as 64 lowercase hex digits; nil when none can be made (the key is
  /// missing, or libcrypto failed), and the write then fails.
  let sign: @Sendable ([UInt8]) -> String?
  /// Whether a seal is the message's (compared in constant time by the holder).
  let verify: @Sendable ([UInt8], String) -> Bool
  /// Called before a sealed folder's record is read or written: the holder readies its key
  /// (and seals what was there before it had one) before any file is looked at.
  let prepare: @Sendable () -> Void

  /// A seal for `folders`, made by `sign` and checked by `verify`, its key readied by `prepare`.
  public init(
    folders: Set<String>, sign: @escaping @Sendable ([UInt8]) -> String?,
    verify: @escaping @Sendable ([UInt8], String) -> Bool,
    prepare: @escaping @Sendable () -> Void = {}
  ) {
    self.folders = folders
    self.sign = sign
    self.verify = verify
    self.prepare = prepare
  }

  /// What opening a file found.
  enum Opened {
    case sealed
    /// No seal at the end of the file.
    case unsealed
    /// A seal that is not the file's.
    case mismatch
  }

  private static let head = Array(",\n  \"seal\" : \"".utf8)
  private static let tail = Array("\"\n}\n".utf8)
  private static let close = Array("\n}\n".utf8)
  private static let digits = 64

  /// `file` (an unsealed record as the store encodes it, ending in `\n}\n`) with its seal for
  /// `relative`; nil when no seal can be made.
  func sealed(_ file: [UInt8], at relative: String) -> [UInt8]? {
    guard file.count > Self.close.count, file.suffix(Self.close.count).elementsEqual(Self.close),
      let seal = sign(Self.message(file, relative)), seal.utf8.count == Self.digits
    else { return nil }
    return Array(file.dropLast(Self.close.count)) + Self.head + Array(seal.utf8) + Self.tail
  }

  /// Whether `file` carries its own seal for `relative`; the unsealed bytes are what was sealed.
  func open(_ file: [UInt8], at relative: String) -> Opened {
    let member = Self.head.count + Self.digits + Self.tail.count
    guard file.count > member, file.suffix(Self.tail.count).elementsEqual(Self.tail) else {
      return .unsealed
    }
    let start = file.count - member
    guard file[start..<(start + Self.head.count)].elementsEqual(Self.head) else {
      return .unsealed
    }
    let seal = file[(start + Self.head.count)..<(file.count - Self.tail.count)]
    guard seal.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
      return .unsealed
    }
    let unsealed = Array(file[..<start]) + Self.close
    return verify(Self.message(unsealed, relative), String(decoding: seal, as: UTF8.self))
      ? .sealed : .mismatch
  }

  /// `file` without its seal member, when it ends in one; else `file` as it is.
  static func withoutSeal(_ file: [UInt8]) -> [UInt8] {
    let member = head.count + digits + tail.count
    guard file.count > member, file.suffix(tail.count).elementsEqual(tail) else { return file }
    let start = file.count - member
    guard file[start..<(start + head.count)].elementsEqual(head) else { return file }
    return Array(file[..<start]) + close
  }

  private static func message(_ file: [UInt8], _ relative: String) -> [UInt8] {
    Array(relative.utf8) + [0x0A] + file
  }
}
