import Domain
import FlowOwner
import Foundation
import Persistence
import TestSupport
import Testing
import Workshop

/// The room's bag on disk (`RoomBagFile`): the bag's data fields and who wrote each, read back
/// whole or not at all, written so that no reader ever finds a torn file.
@Suite("The room's bag file")
struct RoomBagFileTests {
  let folder: String
  let file: RoomBagFile
  let bag: BookingBag
  let writes: [BookingBag.Field: RoomWrite]

  init() throws {
    folder = NSTemporaryDirectory() + "room-bag-" + UUID().uuidString + "/airline"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    file = RoomBagFile(path: folder + "/" + RoomBagFile.fileName)
    let criteria = try Fixture.criteria()
    let offer = try Fixture.offer("offer-a")
    let draft = try Fixture.draft("draft-a", for: offer)
    let quote = try Fixture.quote("quote-a", for: draft)
    var bag = BookingBag()
    _ = bag.searchSubmitted(criteria)
    _ = bag.offerSelected(offer, from: .results(criteria))
    _ = bag.passengersSaved(draft, from: .passengers(offer, prefill: .empty))
    _ = bag.extrasPriced(quote, from: .extras(draft))
    _ = bag.paid(try Fixture.reference(), from: .payment(quote))
    bag.travellersSaved()
    self.bag = bag
    var writes: [BookingBag.Field: RoomWrite] = [:]
    for field in BookingBag.Field.allCases {
      guard let writer = bag.writers[field] else { continue }
      writes[field] = RoomWrite(
        writer: writer, attendee: field == .selectedOffer ? "Ayşe" : "Bora",
        stamp: "s-\(field.rawValue)")
    }
    self.writes = writes
  }

  /// Removes the room's folder.
  func remove() {
    try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent)
  }

  /// Every data field of `bag`, and who wrote it: what the room's bag holds.
  static func data(_ bag: BookingBag) -> [AnyHashable] {
    [
      AnyHashable(bag.searchCriteria), AnyHashable(bag.selectedOffer), AnyHashable(bag.draft),
      AnyHashable(bag.contactEmail), AnyHashable(bag.selectedExtras),
      AnyHashable(bag.totalPrice), AnyHashable(bag.quote), AnyHashable(bag.booking),
      AnyHashable(bag.savedTravellers), AnyHashable(bag.isFromDeepLink),
      AnyHashable(bag.writers),
    ]
  }

  /// The file's bytes.
  func bytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: file.path)) }

  @Test("a missing file is an empty bag")
  func missingIsEmpty() throws {
    defer { remove() }
    let read = try file.load().get()
    #expect(read == .empty)
    #expect(read.bag.inspectorLines.dropFirst().allSatisfy { !$0.contains("last written") })
  }

  @Test("every data field comes back as written, with its writer, attendee and stamp")
  func roundTrip() throws {
    defer { remove() }
    #expect(file.save(RoomBagContents(bag: bag, writes: writes)) == nil)
    let read = try file.load().get()
    #expect(Self.data(read.bag) == Self.data(bag))
    #expect(read.writes == writes)
    #expect(read.writes[.selectedOffer]?.attendee == "Ayşe")
    #expect(read.bag.screens.isEmpty, "the screens are each attendee's own")
  }

  @Test(
    "the file holds the data and who wrote it, never the screens; and the travellers' names, as the bag does"
  )
  func whatTheFileHolds() throws {
    defer { remove() }
    #expect(file.save(RoomBagContents(bag: bag, writes: writes)) == nil)
    let text = String(decoding: try bytes(), as: UTF8.self)
    #expect(!text.contains("screens"), "\(text)")
    #expect(text.contains("\"attendee\" : \"Ayşe\""), "\(text)")
    #expect(text.contains("\"writer\" : \"results screen\""), "\(text)")
    // What the bag holds, the file holds: the workshop's guide has made-up names typed.
    let email = try Fixture.contact().email
    #expect(text.contains("Lovelace") && text.contains(email), "\(text)")
    let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions]
    #expect((mode as? NSNumber)?.intValue == 0o600)
    let left = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(left == [RoomBagFile.fileName], "no temporary file is left: \(left)")
  }

  @Test("a file that is not JSON is reported, and left for the next write to replace")
  func notJSON() throws {
    defer { remove() }
    let garbage = Data("{\"bag\": torn".utf8)
    try garbage.write(to: URL(fileURLWithPath: file.path))
    let problem = try #require(file.load().problem)
    #expect(problem.description.contains("room-bag.json could not be read"), "\(problem)")
    #expect(try bytes() == garbage, "left where it is")
    #expect(file.save(RoomBagContents(bag: bag, writes: writes)) == nil)
    #expect(Self.data(try file.load().get().bag) == Self.data(bag))
  }

  @Test(
    "a file with one part that does not decode is not trusted in part",
    arguments: [
      ("\"writer\" : \"results screen\"", "\"writer\" : \"the intern\""),
      ("\"selectedOffer\" : {", "\"selectedOffer\" : 7, \"was\" : {"),
      ("\"isFromDeepLink\" : false", "\"isFromDeepLink\" : \"no\""),
      (
        "\"writes\" : {",
        "\"writes\" : {\"promoCode\" : {\"attendee\" : \"Ayşe\", \"stamp\" : \"s\", "
          + "\"writer\" : \"promo code\"}, "
      ),
    ])
  func partlyBroken(edit: (String, String)) throws {
    defer { remove() }
    #expect(file.save(RoomBagContents(bag: bag, writes: writes)) == nil)
    let text = String(decoding: try bytes(), as: UTF8.self)
    #expect(text.contains(edit.0), "\(text)")
    try Data(text.replacingOccurrences(of: edit.0, with: edit.1).utf8)
      .write(to: URL(fileURLWithPath: file.path))
    let problem = try #require(file.load().problem, "nothing of it is used")
    #expect(problem.description.contains("could not be read"), "\(problem)")
  }

  @Test("two writers at once: the file is always one whole write, the last one")
  func concurrentWriters() async throws {
    defer { remove() }
    let (file, bag) = (file, bag)
    let other = BookingBag()
    let writes = writes
    await withTaskGroup(of: Void.self) { group in
      for writer in 0..<2 {
        group.addTask {
          for round in 0..<15 {
            let stamp = RoomWrite(writer: .reset, attendee: "w\(writer)", stamp: "\(round)")
            let contents =
              writer == 0
              ? RoomBagContents(bag: bag, writes: writes)
              : RoomBagContents(bag: other, writes: [.booking: stamp])
            _ = file.save(contents)
          }
        }
      }
      group.addTask {
        for _ in 0..<30 {
          if case .failure(let problem) = file.load() { Issue.record("torn: \(problem)") }
        }
      }
    }
    let last = try file.load().get()
    #expect(last.writes == writes || last.writes[.booking]?.stamp == "14")
    let left = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(left == [RoomBagFile.fileName], "no temporary file is left: \(left)")
  }

  @Test("a path with . and .. in it names the same file")
  func dotsInThePath() throws {
    defer { remove() }
    let dotted = RoomBagFile(path: folder + "/./../airline/" + RoomBagFile.fileName)
    #expect(dotted.save(RoomBagContents(bag: bag, writes: writes)) == nil)
    #expect(Self.data(try file.load().get().bag) == Self.data(bag))
  }
}

extension Result {
  /// The failure, nil on success.
  fileprivate var problem: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}
