import Domain
import Persistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Who wrote a field of the room's bag last.
public struct RoomWrite: Hashable, Sendable {
  /// The bag's writer: a screen, the price refresh, the promo code, the deep-link handler,
  /// `reset()`.
  public let writer: BookingBag.Writer
  /// The display name of the attendee whose process wrote it.
  public let attendee: String
  /// This write's mark, one per write in the room: a process tells a field another process wrote
  /// since it last looked from one it already holds by it, without comparing values (a value
  /// read back from JSON may differ from the one written in its last digits).
  public let stamp: String

  /// `writer`'s write, in `attendee`'s process, marked `stamp`.
  public init(writer: BookingBag.Writer, attendee: String, stamp: String) {
    self.writer = writer
    self.attendee = attendee
    self.stamp = stamp
  }
}

/// The room's one bag as its file holds it: the bag's data fields, each with who wrote it last.
/// Never the screens: each attendee keeps their own.
public struct RoomBagContents: Hashable, Sendable {
  /// The data fields and their writers. Its screens are not part of the room's bag and are never
  /// written.
  public let bag: BookingBag
  /// Who wrote each field last; a field nobody wrote has none.
  public let writes: [BookingBag.Field: RoomWrite]

  /// `bag`'s data fields, written as `writes` says.
  public init(bag: BookingBag, writes: [BookingBag.Field: RoomWrite]) {
    self.bag = bag
    self.writes = writes
  }

  /// No file yet: every field empty, written by nobody.
  public static let empty = RoomBagContents(bag: BookingBag(), writes: [:])
}

/// Why the room's bag could not be read: one line.
public struct RoomBagProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// The line.
  public let description: String

  /// A problem said as `description`.
  public init(_ description: String) { self.description = description }
}

/// Where the room's bag is kept, for `booking --flow bag` in a workshop room: read before each
/// action that reads or writes the bag, written after each one that changed a field.
public protocol RoomBagStore: Sendable {
  /// Where it is, as the inspector shows it.
  var location: String { get }
  /// What it holds: `RoomBagContents.empty` when there is nothing yet; a failure when it cannot
  /// be read or decoded, which the caller takes as an empty bag, never as part of one.
  func load() -> Result<RoomBagContents, RoomBagProblem>
  /// Replaces what it holds with `contents`, whole. Nil when written, else why not, in one line.
  func save(_ contents: RoomBagContents) -> String?
}

/// The room's bag in one JSON file that every attendee's process reads and writes: the app
/// passes `room-bag.json` in the room's shared airline folder (`fileName`).
///
/// The file holds what the bag holds, the travellers' names and dates of birth (`draft`,
/// `savedTravellers`) and the contact's email (`contactEmail`) among them: that every attendee's
/// screens read them is the lesson, so the workshop's guide tells the presenter to have made-up
/// names typed. It is written with mode 0600 in the room's airline folder (0700, owned by the
/// room's account), which attendees reach only through the app.
///
/// It is written as the record store writes every record (`RecordStore.save`: a temporary file
/// in the same folder, fsync, rename, the folder synced), so two processes writing at once leave
/// the last writer's file, whole, never a torn one. It is read with the store's checks; a file
/// that does not decode in whole is reported and left where it is (the next write replaces it),
/// and nothing of it is used. The JSON is the store's envelope (`schema`, `kind`: the airline
/// folder's name, `data`) around the fields and `writes`, each field's writer, attendee and
/// stamp.
public struct RoomBagFile: RoomBagStore {
  /// The file's name in the room's airline folder.
  public static let fileName = "room-bag.json"
  /// The schema this build writes and reads.
  static let schema = 1

  /// The file's path, as given.
  public let path: String
  private let store: RecordStore
  private let kind: RecordKind
  private let id: String

  /// The file at `path`; a relative path is taken from the current folder. Its name ends in
  /// `.json` (one that does not has `.json` added), and its folder's name is a record folder's
  /// (letters, digits, `-`, `_`, `.`), as `airline` is; a path that breaks either is reported at
  /// each read and write.
  public init(path: String) {
    self.path = path
    var parts: [Substring] = []
    let absolute =
      path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    for part in absolute.split(separator: "/") where part != "." {
      if part == ".." {
        _ = parts.popLast()
      } else {
        parts.append(part)
      }
    }
    let name = parts.popLast().map(String.init) ?? ""
    let folder = parts.popLast().map(String.init) ?? ""
    store = RecordStore(root: "/" + parts.joined(separator: "/"))
    kind = RecordKind(folder: folder, schema: Self.schema)
    id = name.hasSuffix(".json") ? String(name.dropLast(".json".count)) : name
  }

  public var location: String { path }

  public func load() -> Result<RoomBagContents, RoomBagProblem> {
    do throws(StoreError) {
      // `report`: a file that does not decode is left for the next write to replace.
      let record = try store.loadIfPresent(RoomBagRecord.self, id: id, kind: kind, policy: .report)
      return .success(record?.contents ?? .empty)
    } catch {
      return .failure(RoomBagProblem(error.description))
    }
  }

  public func save(_ contents: RoomBagContents) -> String? {
    do throws(StoreError) {
      try store.save(RoomBagRecord(contents), id: id, kind: kind)
      return nil
    } catch {
      return error.description
    }
  }
}

/// The room's bag as JSON: the ten fields (a nil one left out) and `writes`, keyed by field.
/// Decoding checks every part and fails as a whole: an unknown field or writer, or a value that
/// does not decode, leaves nothing to use.
struct RoomBagRecord: Codable {
  let contents: RoomBagContents

  init(_ contents: RoomBagContents) { self.contents = contents }

  /// The saved travellers: the bag's own type is not `Codable`.
  private struct Travellers: Codable {
    let passengers: [Passenger]
    let contact: Contact
  }

  /// A field's last write.
  private struct Write: Codable {
    let writer: String
    let attendee: String
    let stamp: String
  }

  private enum CodingKeys: String, CodingKey {
    case searchCriteria, selectedOffer, draft, contactEmail, selectedExtras, totalPrice, quote
    case booking, savedTravellers, isFromDeepLink, writes
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    var writes: [BookingBag.Field: RoomWrite] = [:]
    for (name, write) in try container.decode([String: Write].self, forKey: .writes) {
      guard let field = BookingBag.Field(rawValue: name) else {
        throw DecodingError.dataCorruptedError(
          forKey: .writes, in: container, debugDescription: "'\(name)' is not a field of the bag")
      }
      guard let writer = BookingBag.Writer(rawValue: write.writer) else {
        throw DecodingError.dataCorruptedError(
          forKey: .writes, in: container,
          debugDescription: "'\(write.writer)' is not a writer of the bag")
      }
      writes[field] = RoomWrite(writer: writer, attendee: write.attendee, stamp: write.stamp)
    }
    let travellers = try container.decodeIfPresent(Travellers.self, forKey: .savedTravellers)
    let bag = BookingBag(
      searchCriteria: try container.decodeIfPresent(SearchCriteria.self, forKey: .searchCriteria),
      selectedOffer: try container.decodeIfPresent(Offer.self, forKey: .selectedOffer),
      draft: try container.decodeIfPresent(BookingDraft.self, forKey: .draft),
      contactEmail: try container.decodeIfPresent(String.self, forKey: .contactEmail),
      selectedExtras: try container.decodeIfPresent(Extras.self, forKey: .selectedExtras),
      totalPrice: try container.decodeIfPresent(Money.self, forKey: .totalPrice),
      quote: try container.decodeIfPresent(Quote.self, forKey: .quote),
      booking: try container.decodeIfPresent(BookingReference.self, forKey: .booking),
      savedTravellers: travellers.map {
        BookingBag.SavedTravellers(passengers: $0.passengers, contact: $0.contact)
      },
      isFromDeepLink: try container.decode(Bool.self, forKey: .isFromDeepLink),
      writers: writes.mapValues(\.writer))
    contents = RoomBagContents(bag: bag, writes: writes)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    let bag = contents.bag
    try container.encodeIfPresent(bag.searchCriteria, forKey: .searchCriteria)
    try container.encodeIfPresent(bag.selectedOffer, forKey: .selectedOffer)
    try container.encodeIfPresent(bag.draft, forKey: .draft)
    try container.encodeIfPresent(bag.contactEmail, forKey: .contactEmail)
    try container.encodeIfPresent(bag.selectedExtras, forKey: .selectedExtras)
    try container.encodeIfPresent(bag.totalPrice, forKey: .totalPrice)
    try container.encodeIfPresent(bag.quote, forKey: .quote)
    try container.encodeIfPresent(bag.booking, forKey: .booking)
    try container.encodeIfPresent(
      bag.savedTravellers.map { Travellers(passengers: $0.passengers, contact: $0.contact) },
      forKey: .savedTravellers)
    try container.encode(bag.isFromDeepLink, forKey: .isFromDeepLink)
    var writes: [String: Write] = [:]
    for (field, write) in contents.writes {
      writes[field.rawValue] = Write(
        writer: write.writer.rawValue, attendee: write.attendee, stamp: write.stamp)
    }
    try container.encode(writes, forKey: .writes)
  }
}
