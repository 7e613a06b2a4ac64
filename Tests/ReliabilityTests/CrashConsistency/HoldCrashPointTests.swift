import Airline
import Domain
import Foundation
import Persistence
import SimulatedAirline
import TestSupport
import Testing

/// Quoting with seats killed at each of its durable writes: the next start never shows a seat
/// in two live holds or bookings, a seat its quote does not hold is free for others, and every
/// hold lets go of its seat once its quote expires.
@Suite("Crash points of holding seats")
struct HoldCrashPointTests {
  /// Quoting with seats' write order, a case per bullet of `SimulatedAirline+Inventory.swift`'s.
  enum Write: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case quote = "1. quotes/<quote>"
    case holds = "2. inventory/<flight> of each slice whose holds change"

    var testDescription: String { rawValue }

    /// Whether `step`, as `paycrash` reports it, is one of this bullet's writes.
    func writes(_ step: String) -> Bool {
      switch self {
      case .quote: step.hasPrefix("replace quotes/")
      case .holds: step.hasPrefix("replace inventory/")
      }
    }
  }

  @Test(
    "killed before and after each write of a quote holding seats, a case per bullet; every durable step is one bullet's",
    arguments: Write.allCases)
  func crashPoint(_ write: Write) async throws {
    try await offTheGlobalExecutor("holdCrashPoints") { try await self.body(write) }
  }

  func body(_ write: Write) async throws {
    let template = try await PayCrashPointTests.Template()
    var cleanup = [template.root]
    defer { for path in cleanup { try? FileManager.default.removeItem(atPath: path) } }
    let start = PayCrashPointTests.start
    let airline = SimulatedAirline(store: RecordStore(root: template.root), clock: .fixed(start))
    let draft = try await airline.draft(id: template.draftID)
    let free = try await airline.seatMaps(for: draft.offer.id)[0].seats.filter { !$0.occupied }
    // Two seats no quote of the template holds.
    let seats = Array(free.suffix(2).map(\.designator))
    try #require(seats.count == 2)
    let arguments = [template.draftID.rawValue] + seats.map(\.description)

    let whole = try template.copy()
    cleanup.append(whole)
    let reference = try PayCrashPointTests.child(whole, stop: "none", mode: "price", arguments)
    #expect(reference.output.contains("quoted "), "\(reference.output)")
    #expect(reference.steps.contains { $0.hasPrefix("replace inventory/") }, "\(reference.steps)")
    for step in reference.steps {
      let bullets = Write.allCases.filter { $0.writes(step) }
      #expect(bullets.count == 1, "\(step) is written by \(bullets)")
    }
    var problems: [String] = []
    var kills = 0
    for (index, step) in reference.steps.enumerated() where write.writes(step) {
      for phase in ["before", "after"] {
        let root = try template.copy()
        cleanup.append(root)
        let run = try PayCrashPointTests.child(
          root, stop: "\(phase):\(index + 1)", mode: "price", arguments)
        guard run.killed else {
          problems.append("\(phase) \(step): not killed:\n\(run.output)")
          continue
        }
        kills += 1
        problems += await Self.relaunch(root, draft: draft, seats: seats, label: "\(phase) \(step)")
      }
    }
    print("[reliability] hold crash points at \(write.rawValue): \(kills) kills")
    #expect(kills >= 2)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  /// After the crash: another traveller's draft asks for the two seats; the answer must agree
  /// with what the records hold, a quote of the crashed draft (if written) pays or says taken,
  /// and once every quote has expired both seats are free for the other traveller.
  static func relaunch(_ root: String, draft: BookingDraft, seats: [SeatDesignator], label: String)
    async -> [String]
  {
    var problems: [String] = []
    let clock = ManualClock(PayCrashPointTests.start)
    let airline = SimulatedAirline(store: RecordStore(root: root), clock: clock.wallClock)
    do {
      _ = try await airline.recoverInterruptedPayments()
      let held = try await airline.seatMaps(for: draft.offer.id, heldFor: draft.id)[0]
      let theirs = try await airline.seatMaps(for: draft.offer.id)[0]
      for seat in seats {
        let own = held.seat(seat)
        let shown = theirs.seat(seat)
        // Held by the crashed draft: its own, taken for others; else free for both.
        if own?.heldByYou == true, shown?.occupied != true {
          problems.append("\(label): \(seat) is held but shown free to others")
        }
        if own?.heldByYou != true, shown?.occupied == true {
          problems.append("\(label): \(seat) is taken but no one holds it")
        }
      }
      let other = try await airline.createDraft(
        offer: draft.offer,
        passengers: [
          Passenger(
            id: PassengerID("p1"), title: .mr, givenName: "Alan", familyName: "Turing",
            dateOfBirth: CalendarDay(iso: "1980-06-23")),
          Passenger(
            id: PassengerID("p2"), title: .ms, givenName: "Joan", familyName: "Clarke",
            dateOfBirth: CalendarDay(iso: "1981-06-24")),
        ], contact: Contact(email: "alan@example.com", phone: "+31201234567"))
      let first = try PassengerID("p1")
      let second = try PassengerID("p2")
      let wanted = Extras(seats: [first: seats[0]])
      let heldNow = held.seat(seats[0])?.heldByYou == true
      do throws(ServiceError) {
        _ = try await airline.price(draftID: other.id, extras: wanted)
        if heldNow { problems.append("\(label): a held seat was given to another draft") }
      } catch .seatTaken {
        if !heldNow { problems.append("\(label): a free seat was refused") }
      } catch {
        problems.append("\(label): \(error)")
      }
      // The crashed quote, if it was written: paid, it sells its seats when it holds them, and
      // says they are taken when it does not (the other draft has the first now).
      let crashed = PayCrashPointTests.records(root, "quotes").filter { _, body in
        let chosen = ((body["extras"] as? [String: Any])?["seats"] as? [String: String]) ?? [:]
        return body["draftID"] as? String == draft.id.rawValue
          && chosen.values.contains(seats[0].description)
      }
      var sold = false
      for (id, _) in crashed {
        let quoteID = try QuoteID(id)
        let card = try PaymentCard(number: PayCrashPointTests.good, expiry: "12/30", cvc: "123")
        do throws(ServiceError) {
          _ = try await airline.pay(
            quoteID: quoteID, method: card, idempotencyKey: .random(prefix: "pay"))
          sold = true
          if !heldNow { problems.append("\(label): a quote that held nothing took a taken seat") }
        } catch .seatTaken {
          if heldNow { problems.append("\(label): a quote was refused the seats it held") }
        } catch {
          problems.append("\(label): paying the crashed quote: \(error)")
        }
      }
      // Every quote expired: unless the crashed quote was paid just now, nothing keeps the
      // second seat.
      clock.advance(by: 16 * 60)
      if !sold {
        do throws(ServiceError) {
          _ = try await airline.price(
            draftID: other.id, extras: Extras(seats: [second: seats[1]]))
        } catch {
          problems.append("\(label): after every quote expired: \(error)")
        }
      }
    } catch {
      problems.append("\(label): \(error)")
    }
    return problems
  }
}
