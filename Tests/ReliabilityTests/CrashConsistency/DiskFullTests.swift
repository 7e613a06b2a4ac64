import Airline
import Domain
import FlowOwner
import Foundation
import Persistence
import SimulatedAirline
import TestSupport
import Testing

/// A real full disk: a small tmpfs, filled until only a few pages are free, during Pay.
@Suite("A full disk during Pay")
struct DiskFullTests {
  static let start = Date(timeIntervalSince1970: 1_795_953_600)

  @Test(
    "with 0 to 8 pages free, Pay fails or books; space freed, Pay again books exactly once",
    .enabled(if: TmpfsMount.isAvailable, "needs root and mount -t tmpfs"))
  func payOnAFullDisk() async throws {
    let disk = try TmpfsMount(size: "1m")
    defer { disk.remove() }
    var outcomes: [String] = []
    for free in 0...8 {
      let root = disk.path + "/data-\(free)"
      let airline = SimulatedAirline(store: RecordStore(root: root), clock: .fixed(Self.start))
      _ = try await airline.recoverInterruptedPayments()
      let criteria = try SearchCriteria(
        origin: IATACode("IST"), destination: IATACode("AMS"),
        departure: CalendarDay(iso: "2026-12-24"), party: .adults(1))
      let offer = try #require(try await airline.offers(for: criteria).first)
      let draft = try await airline.createDraft(
        offer: offer,
        passengers: [
          Passenger(
            id: PassengerID("p1"), title: .ms, givenName: "Ada", familyName: "Lovelace",
            dateOfBirth: CalendarDay(iso: "1985-12-10"))
        ], contact: Contact(email: "ada@example.com", phone: "+31201234567"))
      let quote = try await airline.price(draftID: draft.id, extras: .none)
      let card = try PaymentCard(number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123")
      let key = try IdempotencyKey("attempt-\(free)")

      let filler = try disk.fill(leaving: free)
      var first: Booking?
      do throws(ServiceError) {
        first = try await airline.pay(quoteID: quote.id, method: card, idempotencyKey: key)
        outcomes.append("\(free) free: booked")
      } catch {
        let said = "\(error)"
        outcomes.append("\(free) free: \(said.contains("No space left") ? "no space" : said)")
        if case .chargedButNotSaved = error { outcomes[outcomes.count - 1] += " (charged)" }
      }
      try FileManager.default.removeItem(atPath: filler)

      // Space freed: Pay again (in this run, then after a relaunch): one booking.
      let again = try await airline.pay(quoteID: quote.id, method: card, idempotencyKey: key)
      if let first { #expect(again == first) }
      let relaunched = SimulatedAirline(store: RecordStore(root: root), clock: .fixed(Self.start))
      _ = try await relaunched.recoverInterruptedPayments()
      let restored = await BookingFlow.restore(
        BookingSnapshot(criteria: nil, position: .payment(quoteID: quote.id)),
        using: relaunched.services, now: Self.start)
      #expect(restored.flow.path == [.confirmation(again.reference)], "\(free) free")
      let bookings = try FileManager.default.contentsOfDirectory(atPath: root + "/bookings")
        .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
      #expect(bookings == ["\(again.reference).json"], "\(free) pages free")
      try FileManager.default.removeItem(atPath: root)
    }
    print("[reliability] full disk during Pay: \(outcomes.joined(separator: "; "))")
    #expect(
      outcomes.contains { $0.contains("(charged)") }, "no case stopped between charge and booking")
  }
}
