import Airline
import Canvas
import Domain
import FlowOwner
import Foundation
import Launch
import Persistence
import Presentation
import Program
import Session
import SimulatedAirline
import TestSupport
import Testing

extension Run {
  nonisolated static let payingCard = "4242424242424242"
  nonisolated static let declinedCard = "4000000000000002"

  // MARK: - The start, in parts

  /// Draws the first frame without doing the start's work: a restore stays open (the screen says
  /// it is resuming) until `finishStart`. Returns the restored path's save, which an end while
  /// resuming closes.
  func startHeld() async -> RestoredSave {
    let save = RestoredSave()
    program.restoredSave = save
    program.run()
    await settle()
    return save
  }

  /// The start's work (payments a crash cut off, the restore) and the restored path's save
  /// through `save`, not yet handed to the program.
  func startWork(_ save: RestoredSave) async -> (found: Startup.Found, saved: SessionSave?) {
    let found = await restore()
    return (found, startup.save(found, through: session, restoredSave: save))
  }

  /// The start's work without the restored path's save.
  func restore() async -> Startup.Found {
    await app.startWork().value
  }

  /// Draws the first frame, restores and hands the restored flow over, as `booking` does, with
  /// the restored path's save left for `saveRestored`: until then its frame is drawn, not shown.
  func restoreHeld() async -> (save: RestoredSave, found: Startup.Found) {
    let save = await startHeld()
    let found = await restore()
    startup.deliver(found, to: program)
    await settle()
    return (save, found)
  }

  /// The restored path's save through `save`, handed to the program; then runs to rest.
  func saveRestored(_ found: Startup.Found, through save: RestoredSave) async {
    program.restoredPathSaved(startup.save(found, through: session, restoredSave: save))
    await settle()
  }

  /// Hands the start's work to the program, as `booking` does: the restored flow, then its
  /// path's save; then runs to rest.
  func deliver(_ work: (found: Startup.Found, saved: SessionSave?)) async {
    if startup.restoring == nil { program.startFresh() }
    startup.deliver(work.found, to: program)
    program.restoredPathSaved(work.saved)
    await settle()
  }

  // MARK: - Files in the data directory

  /// The bytes of `relativePath` under the data directory, if it is there.
  func bytes(_ relativePath: String) -> Data? {
    FileManager.default.contents(atPath: root + "/" + relativePath)
  }

  /// The saved session's bytes.
  var snapshotBytes: Data? { bytes("session/snapshot.json") }

  /// Every regular file under the data directory, relative to it.
  func files() -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
    var files: [String] = []
    while let path = enumerator.nextObject() as? String {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        files.append(path)
      }
    }
    return files.sorted()
  }

  /// The saved session's position, read from the file.
  var savedPosition: BookingSnapshot.Position? { session.load().snapshot?.position }

  /// The quote the saved session holds, if it is at a step holding one (the payment).
  var savedQuoteID: QuoteID? { savedPosition?.quoteID }

  // MARK: - Reading the screen

  /// The first word after a form label at the start of a panel row ("│From          IST ..."),
  /// or "" when the field is empty (blank, or drawn as a row of underscores); nil when there is
  /// no such row.
  nonisolated static func field(_ label: String, in screen: String) -> String? {
    for line in screen.split(separator: "\n") {
      let row = line.drop { $0 == "│" || $0 == " " }
      guard row.hasPrefix(label + " ") else { continue }
      let value = row.dropFirst(label.count).drop { $0 == " " }
      let word = value.prefix { $0 != " " && $0 != "│" }
      return word.allSatisfy { $0 == "_" } ? "" : String(word)
    }
    return nil
  }

  /// The first screen row (from 0) containing `text`.
  nonisolated static func row(containing text: String, in screen: String) -> Int? {
    screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
      $0.contains(text)
    }
  }

  /// The booking reference on the confirmation screen ("J Y W 8 Z T" → "JYW8ZT").
  nonisolated static func reference(in screen: String) -> String? {
    guard
      let match = screen.firstMatch(
        of: #/Booking reference[^\n]*\n[│ ]*((?:[A-Z0-9] ){5}[A-Z0-9])(?:\s|│|$)/#)
    else { return nil }
    return match.output.1.filter { $0 != " " }
  }

  /// The "Price held mm:ss" countdown in the header (the first row), in seconds.
  nonisolated static func headerCountdown(in screen: String) -> Int? {
    let header = screen.prefix { $0 != "\n" }
    guard let match = header.firstMatch(of: #/Price held (\d\d):(\d\d)/#),
      let minutes = Int(match.output.1), let seconds = Int(match.output.2)
    else { return nil }
    return minutes * 60 + seconds
  }

  /// The seat the Seats list shows for `traveller` ("1C"), or nil ("no seat").
  nonisolated static func seat(of traveller: Traveller, in screen: String) -> String? {
    let pattern = try? Regex<(Substring, Substring)>(
      "\\d \(traveller.fullName)  (\\d+[A-Z])(?:\\s|$)")
    guard let pattern, let match = screen.firstMatch(of: pattern) else { return nil }
    return String(match.output.1)
  }

  // MARK: - A quote made outside the app

  /// A quote for Ada on the cheapest IST to AMS offer three weeks after `now`, made through the
  /// airline on the data directory `root` as `booking-cli quote` makes one; its pay link.
  static func quoteForAda(root: String, now: Date = Run.start, arguments: [String] = [])
    async throws -> String
  {
    let airline = try Run(arguments, root: root, now: now).airline
    let day = CalendarDay(now.addingTimeInterval(21 * 86_400), in: .utc)
    let criteria = try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"), departure: day, party: .adults(1))
    let offer = try #require(try await airline.offers(for: criteria).first)
    let ada = try Passenger(
      id: PassengerID("p1"), title: .ms, givenName: "Ada", familyName: "Lovelace",
      dateOfBirth: CalendarDay(iso: "1990-05-04"))
    let contact = try Contact(email: "ada@example.com", phone: "+44 20 7946 0000")
    let draft = try await airline.createDraft(offer: offer, passengers: [ada], contact: contact)
    let quote = try await airline.price(draftID: draft.id, extras: Extras())
    return DeepLink.pay(quote.id).url
  }
}
