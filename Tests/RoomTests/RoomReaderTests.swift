import Airline
import Domain
import FlowOwner
import Foundation
import Persistence
import Program
import Room
import Session
import SimulatedAirline
import Testing

/// A room on disk with attendees booking on its airline in this process, as their apps would.
struct TestRoom {
  /// 2026-11-29 12:00:00 UTC.
  static let start = Date(timeIntervalSince1970: 1_795_953_600)
  static func card() throws -> PaymentCard {
    try PaymentCard(number: "4242424242424242", expiry: "12/30", cvc: "123")
  }

  let room: RoomDirectory
  let clock = ManualClock(TestRoom.start)

  init() throws {
    room = RoomDirectory(root: NSTemporaryDirectory() + "booking-room-" + UUID().uuidString)
    for folder in [room.airline, room.attendees] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    try Data("Flow workshop\n".utf8).write(to: URL(fileURLWithPath: room.nameFile))
  }

  func remove() { try? FileManager.default.removeItem(atPath: room.root) }

  /// The attendee of a made-up key numbered `number`: their data directory made, their name
  /// saved when given.
  func attendee(_ number: Int, name: String?) throws -> (
    directory: String, airline: SimulatedAirline
  ) {
    let key = try AttendeeKey(
      fingerprint: "SHA256:" + String(repeating: "k", count: 40) + "\(number)")
    let directory = room.attendeeDirectory(key)
    try FileManager.default.createDirectory(
      atPath: directory + "/session", withIntermediateDirectories: true)
    let store = RecordStore(root: directory)
    if let name { try AttendeeName(name).save(in: store) }
    let airline = SimulatedAirline(
      store: RecordStore(root: room.airline), clock: clock.wallClock,
      configuration: .init(
        latency: .none, priceChanges: .never,
        traveller: .of(dataDirectory: directory, airlineDirectory: room.airline, making: true)))
    return (directory, airline)
  }

  func save(_ snapshot: BookingSnapshot, in directory: String) {
    #expect(SessionFile(store: RecordStore(root: directory)).save(snapshot) == nil)
  }

  func log(_ lines: [String], in directory: String) throws {
    try FileManager.default.createDirectory(
      atPath: directory + "/log", withIntermediateDirectories: true)
    let text = lines.map { "2026-11-29T12:00:00Z " + $0 + "\n" }.joined()
    try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/log/booking.log"))
  }

  static func criteria() throws -> SearchCriteria {
    try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"),
      departure: CalendarDay(iso: "2026-12-24"), party: .adults(1))
  }

  static func passenger(_ given: String) throws -> [Passenger] {
    [
      try Passenger(
        id: PassengerID("p1"), title: .ms, givenName: given, familyName: "Lovelace",
        dateOfBirth: CalendarDay(iso: "1985-12-10"))
    ]
  }

  static func contact() throws -> Contact {
    try Contact(email: "ada@example.com", phone: "+31201234567")
  }
}

@Suite("The room's picture, read from its files")
struct RoomReaderTests {
  @Test(
    "each attendee's name, step, held seats and booking, and the cabin with held and sold seats apart"
  )
  func readsTheRoom() async throws {
    let test = try TestRoom()
    defer { test.remove() }
    let criteria = try TestRoom.criteria()
    // Ayşe holds a seat at payment; Bora paid for another; Cem is at the results; the fourth
    // has not chosen a name.
    let ayse = try test.attendee(1, name: "Ayşe")
    let offers = try await ayse.airline.offers(for: criteria)
    let offer = try #require(offers.first { $0.stops == 0 })
    let map = try #require(try await ayse.airline.seatMaps(for: offer.id).first)
    let free = map.seats.filter { !$0.occupied }.map(\.designator)
    let draftA = try await ayse.airline.createDraft(
      offer: offer, passengers: TestRoom.passenger("Ada"), contact: TestRoom.contact())
    let quoteA = try await ayse.airline.price(
      draftID: draftA.id, extras: Extras(seats: [draftA.passengers[0].id: free[0]]))
    test.save(
      BookingSnapshot(
        criteria: criteria, position: .payment(quoteID: quoteA.id, draftID: draftA.id)),
      in: ayse.directory)
    try test.log(
      [
        "start: booking 0.1.0, en",
        "flow: dropped a reply for step extras#4: that step has left the path",
      ], in: ayse.directory)

    let bora = try test.attendee(2, name: "Bora")
    let draftB = try await bora.airline.createDraft(
      offer: offer, passengers: TestRoom.passenger("Grace"), contact: TestRoom.contact())
    let quoteB = try await bora.airline.price(
      draftID: draftB.id, extras: Extras(seats: [draftB.passengers[0].id: free[1]]))
    let booking = try await bora.airline.pay(
      quoteID: quoteB.id, method: TestRoom.card(), idempotencyKey: .random(prefix: "pay"))
    test.save(
      BookingSnapshot(criteria: nil, position: .confirmation(reference: booking.reference)),
      in: bora.directory)
    try test.log(["start: booking 0.1.0, en", "exit: hung up at confirmation"], in: bora.directory)

    let cem = try test.attendee(3, name: "Cem")
    test.save(BookingSnapshot(criteria: criteria, position: .results), in: cem.directory)
    _ = try test.attendee(4, name: nil)

    let now = test.clock.now.addingTimeInterval(60)
    let picture = RoomReader(room: test.room).read(now: now)
    #expect(picture.name == "Flow workshop")
    #expect(picture.attendees.map(\.name) == ["Ayşe", "Bora", "Cem", nil])
    #expect(picture.attendees.map(\.step) == [.payment, .confirmation, .results, nil])
    #expect(picture.attendees.map(\.connected) == [true, false, false, false])
    #expect(
      picture.attendees.map(\.lastDrop) == [
        "dropped a reply for step extras#4: that step has left the path", "connection lost", nil,
        nil,
      ])
    #expect(picture.attendees[1].booking == booking.reference)
    let held = picture.holds(of: picture.attendees[0], at: now)
    #expect(held.seats == [free[0]])
    #expect(held.expiresAt == quoteA.expiresAt)
    #expect(picture.holds(of: picture.attendees[1], at: now).seats.isEmpty)
    // One cabin: the flight both book, with Ayşe's hold and Bora's sale apart.
    #expect(picture.cabins.count == 1)
    let cabin = try #require(picture.cabins.first)
    #expect(cabin.held.keys.sorted { $0.description < $1.description } == [free[0]])
    #expect(cabin.sold == [free[1]: draftB.id])
    #expect(cabin.held[free[0]]?.draftID == draftA.id)
    // Past the quote's expiry, the hold is gone from the picture.
    let later = quoteA.expiresAt.addingTimeInterval(1)
    #expect(picture.holds(of: picture.attendees[0], at: later).seats.isEmpty)
    // Nothing of a passenger's: no name, email or card in what the view is given. The card's
    // digits are looked for as a card shows them: a record's random ID may hold "4242".
    let text = "\(picture)"
    let card = ["4242424242424242", "4242 4242", "•••• 4242", "\"4242\"", "|4242|", "lastFour"]
    for secret in ["Ada", "Grace", "Lovelace", "ada@example.com"] + card {
      #expect(!text.contains(secret), "\(secret)")
    }
  }

  @Test("an attendee whose files did not change is not read again; one whose session did is")
  func readsOnlyWhatChanged() async throws {
    let test = try TestRoom()
    defer { test.remove() }
    let cem = try test.attendee(3, name: "Cem")
    test.save(
      BookingSnapshot(criteria: try TestRoom.criteria(), position: .results), in: cem.directory)
    let reader = RoomReader(room: test.room)
    #expect(reader.read(now: TestRoom.start).attendees.map(\.step) == [.results])
    test.save(BookingSnapshot.search, in: cem.directory)
    #expect(reader.read(now: TestRoom.start).attendees.map(\.step) == [.search])
  }
}
