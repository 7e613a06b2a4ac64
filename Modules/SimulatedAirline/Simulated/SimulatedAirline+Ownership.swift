import Airline
import Domain
import Persistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The traveller's ID in their data directory (`session/traveller.json`).
struct TravellerRecord: Codable, Sendable {
  let id: TravellerID
}

extension SimulatedAirline.Configuration.Ownership {
  /// The traveller of the data directory at `dataDirectory`, booking on the airline whose
  /// records are at `airlineDirectory`; nil where the two are one folder (the default): that
  /// airline is the traveller's own, and every record in it theirs.
  ///
  /// On an airline of its own folder, the traveller's ID is made at their first start
  /// (`session/traveller.json`, written atomically) when `making`; a reader that may not write
  /// gets an ID no record names, and so finds nothing of anyone's.
  public static func of(dataDirectory: String, airlineDirectory: String, making: Bool) -> Self? {
    guard !Self.sameFolder(dataDirectory, airlineDirectory) else { return nil }
    let store = RecordStore(root: dataDirectory)
    let kind = RecordKind.session(schema: 1)
    if let found = try? store.loadIfPresent(TravellerRecord.self, id: "traveller", kind: kind) {
      return Self(id: found.id, ownsUnclaimed: false)
    }
    let made = TravellerID.random(prefix: "tr")
    if making {
      try? store.save(TravellerRecord(id: made), id: "traveller", kind: kind)
    }
    return Self(id: made, ownsUnclaimed: false)
  }

  /// Whether two paths name one folder (the same file once their links are resolved), or, when
  /// either does not exist yet, are the same path.
  static func sameFolder(_ first: String, _ second: String) -> Bool {
    var a = stat()
    var b = stat()
    guard stat(first, &a) == 0, stat(second, &b) == 0 else {
      func trimmed(_ path: String) -> Substring {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return path
      }
      return trimmed(first) == trimmed(second)
    }
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino
  }
}
