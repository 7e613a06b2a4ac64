import Domain
import FlowOwner
import Persistence
import Program
import Session
import SimulatedAirline
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the presenter's view shows of a room: each attendee, and the cabins of the flights
/// they book. Built from the attendees' own files (their display name, saved session and event
/// log) and the airline's inventory; never a passenger's name, an email or a card.
public struct RoomPicture: Hashable, Sendable {
  /// One attendee.
  public struct Attendee: Hashable, Sendable {
    /// Their folder's name (from their key's fingerprint).
    public var key: String
    /// The name they chose; nil before they chose one.
    public var name: String?
    /// The step their saved session is at; nil before their first save.
    public var step: StepKind?
    /// The draft their path books, when it has one.
    public var draftID: DraftID?
    /// Their booking, once paid.
    public var booking: BookingReference?
    /// Whether their app is open, as their log's last start and exit say.
    public var connected: Bool
    /// The latest drop their log holds: a reply or transition the flow dropped, with its
    /// reason, or a connection lost.
    public var lastDrop: String?

    /// An attendee.
    public init(
      key: String, name: String? = nil, step: StepKind? = nil, draftID: DraftID? = nil,
      booking: BookingReference? = nil, connected: Bool = false, lastDrop: String? = nil
    ) {
      self.key = key
      self.name = name
      self.step = step
      self.draftID = draftID
      self.booking = booking
      self.connected = connected
      self.lastDrop = lastDrop
    }
  }

  /// The room's name.
  public var name: String
  /// The attendees, by name.
  public var attendees: [Attendee]
  /// The cabins of the flights the attendees' drafts and bookings seat.
  public var cabins: [CabinFloor]

  /// A picture.
  public init(name: String, attendees: [Attendee] = [], cabins: [CabinFloor] = []) {
    self.name = name
    self.attendees = attendees
    self.cabins = cabins
  }

  /// The seats `attendee`'s draft holds at `now`, in seat order, with when the first hold lapses.
  public func holds(of attendee: Attendee, at now: Date) -> (
    seats: [SeatDesignator], expiresAt: Date?
  ) {
    guard let draft = attendee.draftID, attendee.booking == nil else { return ([], nil) }
    var seats: [SeatDesignator] = []
    var expiry: Date?
    for cabin in cabins {
      for (seat, hold) in cabin.held where hold.draftID == draft && hold.expiresAt > now {
        seats.append(seat)
        expiry = min(expiry ?? hold.expiresAt, hold.expiresAt)
      }
    }
    return (seats.sorted { $0.description < $1.description }, expiry)
  }
}

/// Reads a room's picture from its files, again only what changed since its last read: the
/// presenter's view calls it every few tenths of a second, and an idle attendee costs three
/// `lstat`s. Reads only.
public final class RoomReader: Sendable {
  /// The room read.
  public let room: RoomDirectory

  private struct Seen: Sendable {
    var stamps: [FileStamp?]
    var attendee: RoomPicture.Attendee
  }

  private struct Cache: Sendable {
    var attendees: [String: Seen] = [:]
    var bookingDrafts: [BookingReference: DraftID] = [:]
    var quoteDrafts: [QuoteID: DraftID] = [:]
    var inventory: FileStamp?
    var floorsFor: [DraftID] = []
    var floors: [CabinFloor] = []
    var floorsRead: Date?
  }

  private let cache = Mutex(Cache())

  /// A reader of `room`.
  public init(room: RoomDirectory) { self.room = room }

  /// The room as its files are now, holds judged at `now`.
  public func read(now: Date) -> RoomPicture {
    var attendees: [RoomPicture.Attendee] = []
    for folder in RoomFiles.names(in: room.attendees) where AttendeeKey(folderName: folder) != nil {
      attendees.append(attendee(folder))
    }
    attendees.sort {
      ($0.name?.lowercased() ?? "\u{10FFFF}", $0.key) < (
        $1.name?.lowercased() ?? "\u{10FFFF}", $1.key
      )
    }
    let drafts = attendees.compactMap(\.draftID)
    // The inventory folder's own stamp changes with every record renamed into it.
    let inventoryStamp = RoomFiles.folderStamp(room.airline + "/inventory")
    let floors = cache.withLock { cache -> [CabinFloor]? in
      let fresh =
        cache.floorsFor == drafts && cache.inventory == inventoryStamp
        && cache.floorsRead.map { now.timeIntervalSince($0) < 5 } == true
      return fresh ? cache.floors : nil
    }
    let cabins =
      floors
      ?? SimulatedAirline.cabinFloors(airlineDirectory: room.airline, drafts: drafts, now: now)
    if floors == nil {
      cache.withLock {
        $0.floorsFor = drafts
        $0.inventory = inventoryStamp
        $0.floors = cabins
        $0.floorsRead = now
      }
    }
    return RoomPicture(name: room.name(), attendees: attendees, cabins: cabins)
  }

  /// An attendee, read again only when one of their three files changed.
  private func attendee(_ folder: String) -> RoomPicture.Attendee {
    let directory = room.attendees + "/" + folder
    let paths = [
      directory + "/session/attendee.json",
      directory + "/session/" + RecordKind.snapshotID + ".json",
      directory + "/" + EventLog.folder + "/" + EventLog.name,
    ]
    let stamps = paths.map(RoomFiles.stamp)
    if let seen = cache.withLock({ $0.attendees[folder] }), seen.stamps == stamps {
      return seen.attendee
    }
    let store = RecordStore(root: directory)
    var attendee = RoomPicture.Attendee(key: folder)
    attendee.name = AttendeeName.saved(in: store)?.text
    if let snapshot = try? store.loadIfPresent(
      BookingSnapshot.self, id: RecordKind.snapshotID, kind: SessionFile.kind, policy: .report)
    {
      attendee.step = snapshot.position.kind
      let position = snapshot.position
      attendee.booking = position.reference
      attendee.draftID =
        position.draftID ?? position.quoteID.flatMap(quoteDraft)
        ?? position.reference.flatMap(bookingDraft)
    }
    if let tail = RoomFiles.read(paths[2], limit: 16 * 1024, fromEnd: true) {
      let lines = String(decoding: tail, as: UTF8.self).split(separator: "\n")
      (attendee.connected, attendee.lastDrop) = Self.summary(of: lines)
    }
    cache.withLock { $0.attendees[folder] = Seen(stamps: stamps, attendee: attendee) }
    return attendee
  }

  private func quoteDraft(_ quote: QuoteID) -> DraftID? {
    if let known = cache.withLock({ $0.quoteDrafts[quote] }) { return known }
    let draft = SimulatedAirline.draftID(ofQuote: quote, airlineDirectory: room.airline)
    if let draft { cache.withLock { $0.quoteDrafts[quote] = draft } }
    return draft
  }

  private func bookingDraft(_ reference: BookingReference) -> DraftID? {
    if let known = cache.withLock({ $0.bookingDrafts[reference] }) { return known }
    let draft = SimulatedAirline.draftID(ofBooking: reference, airlineDirectory: room.airline)
    if let draft { cache.withLock { $0.bookingDrafts[reference] = draft } }
    return draft
  }

  /// From an event log's last lines (each `<UTC time> <line>`): whether the app is open (its
  /// last start has no exit after it), and the latest drop, with its reason.
  static func summary(of lines: [Substring]) -> (connected: Bool, lastDrop: String?) {
    var connected = false
    var lastDrop: String?
    for line in lines {
      guard let space = line.firstIndex(of: " ") else { continue }
      let text = line[line.index(after: space)...]
      if text.hasPrefix("start: ") {
        connected = true
      } else if text.hasPrefix("exit") {
        connected = false
        if text.hasPrefix("exit: hung up") || text.hasPrefix("exit on signal 1:") {
          lastDrop = "connection lost"
        }
      } else if text.hasPrefix("flow: dropped ") {
        lastDrop = String(text.dropFirst("flow: ".count))
      }
    }
    return (connected, lastDrop)
  }
}
