#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The folders of a workshop room (`Tools/scripts/room up` makes them): one airline every
/// attendee books on, and a data directory per attendee, named by their ssh key.
///
/// - `airline/`: the shared airline's records (`--airline-dir`), and the room's bag
///   (`room-bag.json`) when the room runs `--flow bag`.
/// - `attendees/<key>/`: an attendee's data directory: their session, log and display name.
/// - `name`: the room's name, one line, for the presenter's view.
public struct RoomDirectory: Hashable, Sendable {
  /// The room's folder.
  public let root: String

  /// The room at `root`.
  public init(root: String) {
    var root = root
    while root.count > 1, root.hasSuffix("/") { root.removeLast() }
    self.root = root
  }

  /// The airline every attendee books on.
  public var airline: String { root + "/airline" }
  /// The attendees' data directories.
  public var attendees: String { root + "/attendees" }
  /// The room's one bag (`--flow bag` in a room).
  public var bagFile: String { airline + "/room-bag.json" }
  /// The file holding the room's name.
  public var nameFile: String { root + "/name" }

  /// The data directory of the attendee whose ssh key has `fingerprint`.
  public func attendeeDirectory(_ fingerprint: AttendeeKey) -> String {
    attendees + "/" + fingerprint.folderName
  }

  /// The room's name as `room up` wrote it, or "Workshop room" when there is none.
  public func name() -> String {
    guard let bytes = RoomFiles.read(nameFile, limit: 4096),
      let first = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first
    else { return "Workshop room" }
    let name = String(first.filter { !$0.isNewline && !($0.asciiValue.map { $0 < 32 } ?? false) })
    return name.isEmpty ? "Workshop room" : String(name.prefix(60))
  }
}

/// An attendee's ssh key, by its SHA256 fingerprint as sshd gives it (`SHA256:` and 43
/// characters of base64): the attendee's name on the machine.
public struct AttendeeKey: Hashable, Sendable, CustomStringConvertible {
  /// The fingerprint without its `SHA256:` prefix, in URL-safe base64 (`+` as `-`, `/` as
  /// `_`): the attendee's folder.
  public let folderName: String

  /// Why a fingerprint is refused.
  public struct Problem: Error, CustomStringConvertible {
    public let description: String
  }

  /// The key with `fingerprint` (`SHA256:…`, as sshd's `%f` gives it).
  public init(fingerprint: String) throws(Problem) {
    guard fingerprint.hasPrefix("SHA256:") else {
      throw Problem(
        description: "an ssh key's fingerprint starts with SHA256:, not '\(fingerprint.prefix(20))'"
      )
    }
    let body = fingerprint.dropFirst("SHA256:".count)
    let allowed = body.allSatisfy { character in
      guard let ascii = character.asciiValue else { return false }
      return (ascii >= 48 && ascii <= 57) || (ascii >= 65 && ascii <= 90)
        || (ascii >= 97 && ascii <= 122) || character == "+" || character == "/"
        || character == "="
    }
    guard allowed, (16...64).contains(body.count) else {
      throw Problem(
        description: "'\(fingerprint.prefix(80))' is not an ssh key's SHA256 fingerprint")
    }
    folderName = String(
      body.compactMap { character -> Character? in
        switch character {
        case "+": "-"
        case "/": "_"
        case "=": nil
        default: character
        }
      })
  }

  /// The key whose folder is `folderName`, as listed in the room's `attendees/`; nil for a name
  /// no fingerprint makes.
  public init?(folderName: String) {
    let allowed = folderName.allSatisfy { character in
      guard let ascii = character.asciiValue else { return false }
      return (ascii >= 48 && ascii <= 57) || (ascii >= 65 && ascii <= 90)
        || (ascii >= 97 && ascii <= 122) || character == "-" || character == "_"
    }
    guard allowed, (16...64).contains(folderName.count) else { return nil }
    self.folderName = folderName
  }

  public var description: String { folderName }
}
