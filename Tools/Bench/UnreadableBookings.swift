import Airline
import Domain
import Foundation
import Persistence
import SimulatedAirline

/// The first payment of a process whose data directory holds `unreadable` booking files that
/// cannot be read and no index of its orders (written before the ledger kept one, or removed):
/// the charge indexes the orders from every booking first. Each run is a directory of its own,
/// so each payment is a first one.
func firstPayFigure(
  unreadable: Int, scratch: String, clock: ManualClock, criteria: SearchCriteria,
  passengers: [Passenger], contact: Contact, card: PaymentCard, runs: Int
) async throws -> Measurement {
  var samples: [Double] = []
  for run in 0..<runs {
    let root = scratch + "/first-pay-\(unreadable)-\(run)"
    let setUp = SimulatedAirline(store: RecordStore(root: root), clock: clock.wallClock)
    guard let offer = try await setUp.offers(for: criteria).first else { fail("no offer") }
    let draft = try await setUp.createDraft(offer: offer, passengers: passengers, contact: contact)
    let quote = try await setUp.price(draftID: draft.id, extras: .none)
    try FileManager.default.createDirectory(
      atPath: root + "/bookings", withIntermediateDirectories: true)
    let alphabet: [Character] = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    for index in 0..<unreadable {
      let letters: [Character] = (0..<5).map { (place: Int) -> Character in
        alphabet[(index >> (place * 5)) & 31]
      }
      let text = "U" + String(letters)
      try Data("garbage\n".utf8).write(to: URL(fileURLWithPath: root + "/bookings/\(text).json"))
    }
    try? FileManager.default.removeItem(atPath: root + "/ledger/orders-index.json")
    let airline = SimulatedAirline(store: RecordStore(root: root), clock: clock.wallClock)
    let start = DispatchTime.now().uptimeNanoseconds
    _ = try await airline.pay(
      quoteID: quote.id, method: card, idempotencyKey: IdempotencyKey("first-\(run)"))
    samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    let copies = try FileManager.default.contentsOfDirectory(atPath: root + "/bookings")
      .filter { $0.contains(".corrupt-") }.count
    if copies > 0, run == 0 { print("  (\(copies) copies of unreadable bookings written)") }
    try? FileManager.default.removeItem(atPath: root)
  }
  return Measurement(
    name: "first pay beside \(unreadable.formatted()) unreadable bookings, orders not indexed",
    samples: samples, unit: "ms", target: "-")
}
