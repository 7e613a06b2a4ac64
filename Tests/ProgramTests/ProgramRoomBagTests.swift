import Canvas
import Foundation
import Program
import TestSupport
import Testing
import Workshop

/// `--flow bag` in a workshop room, in process: two attendees, each with their own program,
/// data directory and screens, on the room's one airline and the room's one bag file. What one
/// writes, the other's screens read.
@MainActor
@Suite("The room's bag, in process")
struct ProgramRoomBagTests {
  /// The room's folder: `airline/` (the shared airline, and the bag's file in it).
  let room = NSTemporaryDirectory() + "booking-room-" + UUID().uuidString
  var airline: String { room + "/airline" }
  var bagFile: RoomBagFile { RoomBagFile(path: airline + "/" + RoomBagFile.fileName) }

  /// `name`'s `booking --flow bag` in the room, started.
  func attendee(_ name: String, _ more: [String] = [], root: String? = nil) async throws
    -> BagRun
  {
    let run = try BagRun(
      ["--latency", "0", "--flow", "bag"] + more, root: root, airlineRoot: airline,
      room: RoomBag(file: bagFile, attendee: name))
    await run.start()
    return run
  }

  /// Removes the room and the attendees' data directories.
  func remove(_ runs: BagRun...) {
    for run in runs { run.remove() }
    try? FileManager.default.removeItem(atPath: room)
  }

  @Test(
    "Ayşe chooses a flight, and it reaches Bora's payment screen: one bag for the room, the last writer wins"
  )
  func oneBagForTheRoom() async throws {
    let bora = try await attendee("Bora")
    let ayse = try await attendee("Ayşe")
    defer { remove(bora, ayse) }
    await bora.bookUntilPayment()
    let boraQuote = try #require(Self.paymentTitle(in: bora.text), "\(bora.text)")

    // Ayşe, on her own screens, takes the second flight of the same search.
    await ayse.searchIstanbulToAmsterdam()
    #expect(ayse.text.contains("┌ Results · "), "\(ayse.text)")
    await ayse.press(.down, .enter)
    let passengers = ayse.text
    let chosen = try #require(ProgramBagTests.chosenFlight(in: passengers), "\(passengers)")
    // The bag "helps": its draft, Bora's, fills her form with Bora's traveller.
    #expect(passengers.contains("Lovelace"), "Bora's traveller on Ayşe's screen:\n\(passengers)")
    for _ in 0..<6 { await ayse.press(.tab) }
    await ayse.press(.enter)
    #expect(ayse.text.contains("┌ Extras · "), "\(ayse.text)")
    await ayse.continueToPayment()
    let ayseQuote = try #require(Self.paymentTitle(in: ayse.text), "\(ayse.text)")
    #expect(ayseQuote != boraQuote)

    // Bora types nothing: the countdown's next second draws his screens from the room's bag.
    #expect(Self.paymentTitle(in: bora.text) == boraQuote)
    #expect(ProgramBagTests.tripBar(in: bora.text)?.flight != chosen.flight, "\(bora.text)")
    await bora.advance(by: 1)
    let after = bora.text
    #expect(Self.paymentTitle(in: after) == ayseQuote, "Ayşe's flight at Bora's payment:\n\(after)")
    #expect(after.contains("Card number"), "\(after)")
    #expect(ProgramBagTests.tripBar(in: after)?.flight == chosen.flight, "\(after)")

    await bora.press(.function(2))
    let inspector = bora.text
    #expect(inspector.contains("(last written by Ayşe, results screen)"), "\(inspector)")
    #expect(inspector.contains("(last written by Ayşe, extras screen)"), "\(inspector)")
    // The whole inspector, as the box scrolls through it.
    let lines = bora.program.store.state.inspectorLines
    #expect(lines.contains("  the room's bag (on disk) = \(bagFile.path), you are Bora"))
    #expect(
      lines.contains { $0.hasPrefix("  the room's bag: results screen wrote selectedOffer = ") },
      "the events:\n\(lines.joined(separator: "\n"))")
    // The airline is shared too, and keeps each traveller's quotes their own: it refuses
    // Bora's Pay on Ayşe's quote, and hers goes through.
    await bora.press(.character(" "))
    await bora.pay()
    #expect(bora.text.contains("was found") && !bora.text.contains("Booked!"), "\(bora.text)")
    await ayse.pay()
    #expect(ayse.text.contains("Booked!"), "\(ayse.text)")
    // The event log keeps no names.
    #expect(!bora.log.lines.contains { $0.contains("Ayşe") }, "\(bora.log.lines)")
  }

  @Test("the inspector names the attendee and the writer of each field, in Turkish too")
  func inspectorNamesTheAttendee() async throws {
    let ayse = try await attendee("Ayşe")
    let bora = try await attendee("Bora", ["--lang", "tr"])
    defer { remove(ayse, bora) }
    await ayse.searchIstanbulToAmsterdam()
    await ayse.chooseOffer()
    await ayse.press(.function(2))
    let hers = ayse.text
    let flight = try #require(
      hers.firstMatch(of: #/selectedOffer = (\S+)   \(last written by Ayşe, results screen\)/#),
      "\(hers)"
    ).output.1
    #expect(hers.contains("searchCriteria = IST->AMS"), "\(hers)")
    #expect(hers.contains("(last written by Ayşe, search screen)"), "\(hers)")
    #expect(hers.contains("draft = nil"), "\(hers)")
    await bora.press(.function(2))
    let his = bora.text
    #expect(
      his.contains("selectedOffer = \(flight)   (son yazan: Ayşe, sonuçlar ekranı)"), "\(his)")
    #expect(
      bora.program.store.state.inspectorLines.contains(
        "  odanın çantası (diskte) = \(bagFile.path), siz: Bora"))
  }

  @Test("a room's bag that cannot be read is said in the header and taken as empty, not in part")
  func unreadableIsEmpty() async throws {
    let bora = try await attendee("Bora")
    defer { remove(bora) }
    await bora.bookUntilPayment()
    #expect(bora.text.contains("Card number"), "\(bora.text)")
    try Data("{\"data\": {\"selectedOffer\": ".utf8)
      .write(to: URL(fileURLWithPath: bagFile.path))

    await bora.press(.function(2))
    let inspector = bora.text
    for field in ["searchCriteria", "selectedOffer", "draft", "quote", "totalPrice"] {
      #expect(inspector.contains("\(field) = nil"), "\(field):\n\(inspector)")
    }
    #expect(inspector.contains("screens = [results, passengers, extras, payment]"))
    await bora.press(.character(" "))
    let screen = bora.text
    #expect(screen.contains("The room's bag could not be read, and is taken as empty"))
    #expect(!screen.contains("Card number"), "the payment screen reads nil:\n\(screen)")
    #expect(
      bora.log.lines.contains { $0.hasPrefix("notice: The room's bag could not be read") },
      "\(bora.log.lines)")
  }

  @Test("a start after a kill, in a room: the screens come back over the room's bag, and it pays")
  func relaunchReadsTheRoom() async throws {
    let bora = try await attendee("Bora")
    defer { remove(bora) }
    await bora.bookUntilPayment()
    let quote = try #require(Self.paymentTitle(in: bora.text), "\(bora.text)")

    // The first run is never ended: a second start on the same data directory is the relaunch
    // after `kill -9`.
    let again = try await attendee("Bora", root: bora.root)
    #expect(Self.paymentTitle(in: again.text) == quote, "\(again.text)")
    await again.pay()
    #expect(again.text.contains("Booked!"), "\(again.text)")
    let written = try bagFile.load().get()
    #expect(written.writes[.booking]?.writer == .paymentScreen)
    #expect(written.writes[.booking]?.attendee == "Bora")
  }

  /// A room's bag whose writes fail, as a full disk fails them.
  struct FullDisk: RoomBagStore {
    var location: String { "(a full disk)" }
    func load() -> Result<RoomBagContents, RoomBagProblem> { .success(.empty) }
    func save(_ contents: RoomBagContents) -> String? { "No space left on device" }
  }

  @Test("a room's bag that cannot be written is said once, and the bag is what the room holds")
  func unwritable() async throws {
    let bora = try BagRun(
      ["--latency", "0", "--flow", "bag"], airlineRoot: airline,
      room: RoomBag(file: FullDisk(), attendee: "Bora"))
    await bora.start()
    defer { remove(bora) }
    await bora.searchIstanbulToAmsterdam()
    await bora.press(.escape)
    await bora.press(.control("s"))
    let said = bora.log.lines.filter {
      $0 == "notice: The room's bag could not be written: No space left on device"
    }
    #expect(said.count == 1, "\(bora.log.lines)")
    // What was not written is not in the room's bag: the results screen reads nil.
    #expect(bora.text.contains("This screen reads the bag, and the bag is empty"), "\(bora.text)")
  }

  /// The payment panel's title after "Payment · ": the price of the quote it shows.
  nonisolated static func paymentTitle(in screen: String) -> String? {
    screen.firstMatch(of: #/┌ Payment · (.+?) ─/#).map { String($0.output.1) }
  }
}
