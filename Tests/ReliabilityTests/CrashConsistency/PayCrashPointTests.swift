import Airline
import Domain
import FlowOwner
import Foundation
import Persistence
import SimulatedAirline
import TestSupport
import Testing

/// The pay path killed at every durable step, and recovery killed at every one of its own: each
/// point must settle, at the next start, to exactly one booking or none, never a charge without
/// its booking shown, and never two bookings for one draft.
@Suite("Crash points of the pay path")
struct PayCrashPointTests {
  static let start = Date(timeIntervalSince1970: 1_795_953_600)
  static let good = "4242424242424242"
  static let declined = "4000000000000002"

  /// A data directory with an offer, a draft for two and two quotes of that draft: the first
  /// with a seat for each passenger, the second (which holds its draft's seats now) with one.
  struct Template {
    let root: String
    let criteria: SearchCriteria
    let draftID: DraftID
    let quote: QuoteID
    let otherQuote: QuoteID

    init() async throws {
      root = NSTemporaryDirectory() + "booking-paycrash-" + UUID().uuidString
      let airline = SimulatedAirline(
        store: RecordStore(root: root), clock: .fixed(PayCrashPointTests.start))
      criteria = try SearchCriteria(
        origin: IATACode("IST"), destination: IATACode("AMS"),
        departure: CalendarDay(iso: "2026-12-24"), party: .adults(2))
      let offer = try #require(try await airline.offers(for: criteria).first)
      let travellers = try ["Ada", "Grace"].enumerated().map { index, name in
        try Passenger(
          id: PassengerID("p\(index + 1)"), title: .ms, givenName: name, familyName: "Lovelace",
          dateOfBirth: CalendarDay(iso: "1985-12-10"))
      }
      let draft = try await airline.createDraft(
        offer: offer, passengers: travellers,
        contact: Contact(email: "ada@example.com", phone: "+31201234567"))
      draftID = draft.id
      let free = try await airline.seatMaps(for: offer.id)[0].seats.filter { !$0.occupied }
      try #require(free.count >= 3)
      let ids = draft.passengers.map(\.id)
      quote = try await airline.price(
        draftID: draft.id,
        extras: Extras(seats: [ids[0]: free[0].designator, ids[1]: free[1].designator])
      ).id
      otherQuote = try await airline.price(
        draftID: draft.id, extras: Extras(seats: [ids[0]: free[2].designator])
      ).id
    }

    /// A copy of the template (or of `source`) to run one case on.
    func copy(of source: String? = nil) throws -> String {
      let copy = NSTemporaryDirectory() + "booking-paycrash-case-" + UUID().uuidString
      try FileManager.default.copyItem(atPath: source ?? root, toPath: copy)
      return copy
    }
  }

  /// What the child printed and how it ended.
  struct Run {
    let steps: [String]
    let output: String
    let killed: Bool
    /// How it ended: `exit N`, or `signal N`.
    let end: String
  }

  static func child(_ root: String, stop: String, mode: String, _ extra: [String] = []) throws
    -> Run
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try ToolBinary.path("paycrash"))
    process.arguments = [root, String(start.timeIntervalSince1970), stop, mode] + extra
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    let steps = text.split(separator: "\n").filter { $0.hasPrefix("step ") }.map {
      $0.split(separator: " ", maxSplits: 2).last.map(String.init) ?? ""
    }
    let killed =
      process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
    let how = process.terminationReason == .uncaughtSignal ? "signal" : "exit"
    return Run(
      steps: steps, output: text, killed: killed, end: "\(how) \(process.terminationStatus)")
  }

  /// Each readable record of `folder` under `root`: its ID and its payload.
  static func records(_ root: String, _ folder: String) -> [(String, [String: Any])] {
    let path = root + "/" + folder
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.compactMap { name in
      guard let data = FileManager.default.contents(atPath: path + "/" + name),
        let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let body = json["data"] as? [String: Any]
      else { return nil }
      return (String(name.dropLast(5)), body)
    }
  }

  /// The bookings on disk for the draft, and the charges (key records that booked).
  static func ledger(_ root: String, draft: DraftID) -> (bookings: [String], charged: [String]) {
    func records(_ folder: String) -> [(String, [String: Any])] { Self.records(root, folder) }
    let bookings = records("bookings").filter { ($0.1["draftID"] as? String) == draft.rawValue }
      .map(\.0)
    let charged = records("payments").compactMap { _, body -> String? in
      guard let outcome = body["outcome"] as? [String: Any],
        let booked = outcome["booked"] as? [String: Any]
      else { return nil }
      return booked["_0"] as? String
    }
    return (bookings.sorted(), charged.sorted())
  }

  /// What the inventory says against the bookings: a seat sold to a booking that does not
  /// exist, a seat in two bookings, or a booking whose seats are not sold to it.
  static func seatProblems(_ root: String) -> [String] {
    func bodies(_ folder: String) -> [(String, [String: Any])] { records(root, folder) }
    var problems: [String] = []
    var soldTo: [String: String] = [:]
    for (flight, body) in bodies("inventory") {
      for (seat, sale) in body["sold"] as? [String: [String: Any]] ?? [:] {
        let reference = sale["reference"] as? String ?? "?"
        soldTo["\(flight)/\(seat)"] = reference
        if !FileManager.default.fileExists(atPath: "\(root)/bookings/\(reference).json") {
          problems.append("seat \(seat) of \(flight) is sold to \(reference), which has no booking")
        }
      }
    }
    var seatsBooked: [String: String] = [:]
    for (reference, booking) in bodies("bookings") {
      let extras = booking["extras"] as? [String: Any]
      let seats = (extras?["seats"] as? [String: String] ?? [:]).values
      for seat in seats {
        let owners = soldTo.filter { $0.key.hasSuffix("/\(seat)") && $0.value == reference }
        if owners.isEmpty {
          problems.append("booking \(reference)'s seat \(seat) is not sold to it")
        }
        if let other = seatsBooked[seat], other != reference {
          problems.append("seat \(seat) is in bookings \(other) and \(reference)")
        }
        seatsBooked[seat] = reference
      }
    }
    return problems
  }

  /// Relaunches on `root` in this process (recovery, restore, retry with the same key, the pay
  /// link, another key, the other quote) and returns the problems found.
  static func relaunch(
    _ root: String, _ template: Template, key: String, card: String, label: String
  ) async -> [String] {
    var problems: [String] = []
    func problem(_ text: String) { problems.append("\(label): \(text)") }
    let airline = SimulatedAirline(store: RecordStore(root: root), clock: .fixed(start))
    do {
      let recovered = try await airline.recoverInterruptedPayments()
      for payment in recovered {
        if case .unresolved(let reason) = payment.outcome { problem("unresolved: \(reason)") }
      }
      let afterStart = ledger(root, draft: template.draftID)
      if afterStart.bookings.count > 1 { problem("two bookings: \(afterStart.bookings)") }
      if afterStart.charged != afterStart.bookings {
        problem("charges \(afterStart.charged) but bookings \(afterStart.bookings) after start")
      }
      problems += seatProblems(root).map { "\(label): after start: \($0)" }
      let intents = (try? FileManager.default.contentsOfDirectory(atPath: root + "/intents")) ?? []
      if intents.contains(where: { $0.hasSuffix(".json") && !$0.hasPrefix(".") }) {
        problem("an intent is still open after start: \(intents)")
      }

      // The saved session at payment resumes at the confirmation once a booking exists.
      let saved = BookingSnapshot(
        criteria: template.criteria,
        position: .payment(quoteID: template.quote, draftID: template.draftID))
      let restored = await BookingFlow.restore(saved, using: airline.services, now: start)
      if let booked = afterStart.bookings.first {
        if restored.flow.path != [.confirmation(try BookingReference(booked))] {
          problem("resumed at \(restored.flow.current), not the confirmation of \(booked)")
        }
      } else if restored.flow.current != .payment {
        problem("resumed at \(restored.flow.current) with nothing booked: \(restored.outcome)")
      }

      // Paying again with the same key gives the one booking.
      let method = try PaymentCard(number: card, expiry: "12/30", cvc: "123")
      let attempt = try IdempotencyKey(key)
      let goodCard = try PaymentCard(number: good, expiry: "12/30", cvc: "123")
      if card == declined {
        do throws(ServiceError) {
          _ = try await airline.pay(
            quoteID: template.quote, method: method, idempotencyKey: attempt)
          problem("a declined card booked")
        } catch .cardDeclined {
        } catch {
          problem("a declined card retried: \(error)")
        }
        _ = try await airline.pay(
          quoteID: template.quote, method: goodCard, idempotencyKey: IdempotencyKey("\(key)-good"))
      } else {
        let booking = try await airline.pay(
          quoteID: template.quote, method: method, idempotencyKey: attempt)
        if let booked = afterStart.bookings.first, booking.reference.rawValue != booked {
          problem("the retry booked \(booking.reference), not the \(booked) already made")
        }
      }
      let afterRetry = ledger(root, draft: template.draftID)
      guard afterRetry.bookings.count == 1, afterRetry.charged == afterRetry.bookings,
        let reference = afterRetry.bookings.first.flatMap({ try? BookingReference($0) })
      else {
        problem("after the retry: bookings \(afterRetry.bookings), charges \(afterRetry.charged)")
        return problems
      }

      // The payment link opens that booking; no other key, no other quote pays the draft again.
      let link = await BookingFlow.restore(
        BookingSnapshot(criteria: nil, position: .payment(quoteID: template.quote)),
        using: airline.services, now: start)
      if link.flow.path != [.confirmation(reference)] {
        problem("the pay link opened \(link.flow.current): \(link.outcome)")
      }
      for quote in [template.quote, template.otherQuote] {
        let another = try IdempotencyKey("another-\(quote)")
        do throws(ServiceError) {
          _ = try await airline.pay(quoteID: quote, method: goodCard, idempotencyKey: another)
          problem("quote \(quote) was paid again")
        } catch .quoteAlreadyPaid(let found) where found == reference {
        } catch {
          problem("quote \(quote) with another key: \(error)")
        }
      }
      let final = ledger(root, draft: template.draftID)
      if final.bookings != [reference.rawValue] || final.charged != final.bookings {
        problem("at the end: bookings \(final.bookings), charges \(final.charged)")
      }
      problems += seatProblems(root).map { "\(label): at the end: \($0)" }
    } catch {
      problem("relaunch failed: \(error)")
    }
    return problems
  }

  /// The pay path's write order, a case per bullet of `SimulatedAirline+Payments.swift`'s: the
  /// durable steps `paycrash` reports (`replace KIND/ID`, `remove KIND/ID`) that each bullet
  /// writes.
  enum Write: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case index = "0. ledger/orders-index (once, before a data directory's first charge)"
    case intent = "1. intents/<draft>"
    case order = "2. orders/<draft>"
    case inventory = "2b. inventory/<flight>"
    case charge = "3. payments/<key>, then charges/<key>"
    case booking = "4. bookings/<reference>"
    case claim = "5. claims/<draft>"
    case settled = "6. remove intents/<draft>"

    var testDescription: String { rawValue }

    /// Whether `step`, as `paycrash` reports it, is one of this bullet's writes.
    func writes(_ step: String) -> Bool {
      switch self {
      case .index: step.hasPrefix("replace ledger/orders-index")
      case .intent: step.hasPrefix("replace intents/")
      case .order: step.hasPrefix("replace orders/")
      case .inventory: step.hasPrefix("replace inventory/")
      case .charge: step.hasPrefix("replace payments/") || step.hasPrefix("replace charges/")
      case .booking: step.hasPrefix("replace bookings/")
      case .claim: step.hasPrefix("replace claims/")
      case .settled: step.hasPrefix("remove intents/")
      }
    }
  }

  @Test("every durable step of paying, a good card's and a declined one's, is one bullet's")
  func everyStepIsABullet() async throws {
    try await offTheGlobalExecutor("everyStepIsABullet") {
      let template = try await Template()
      defer { try? FileManager.default.removeItem(atPath: template.root) }
      for card in [Self.good, Self.declined] {
        let key = card == Self.good ? "attempt-good" : "attempt-declined"
        let whole = try template.copy()
        defer { try? FileManager.default.removeItem(atPath: whole) }
        let reference = try Self.child(
          whole, stop: "none", mode: "pay", [template.quote.rawValue, key, card])
        #expect(
          reference.steps.count >= (card == Self.good ? 9 : 2), "\(key): \(reference.steps)")
        for step in reference.steps {
          let bullets = Write.allCases.filter { $0.writes(step) }
          #expect(bullets.count == 1, "\(key): \(step) is written by \(bullets)")
        }
        if card == Self.good {
          for write in Write.allCases {
            #expect(
              reference.steps.contains { write.writes($0) }, "\(write.rawValue) is not written")
          }
        }
      }
    }
  }

  @Test(
    "killed before and after each write of the pay path's order, and at each step of settling at the next start",
    arguments: Write.allCases)
  func crashPoint(_ write: Write) async throws {
    try await offTheGlobalExecutor("crashPoint") { try await self.crashPointBody(write) }
  }

  /// The test, run off the global executor: its waits for child processes (or its CPU)
  /// would hold one of that executor's threads.
  func crashPointBody(_ write: Write) async throws {
    let template = try await Template()
    var cleanup = [template.root]
    defer { for path in cleanup { try? FileManager.default.removeItem(atPath: path) } }
    var problems: [String] = []
    var kills = 0
    var recoveryKills = 0
    var cases = 0
    var payPoints: [String: [String]] = [:]

    for card in [Self.good, Self.declined] {
      let key = card == Self.good ? "attempt-good" : "attempt-declined"
      let payArguments = [template.quote.rawValue, key, card]
      let whole = try template.copy()
      cleanup.append(whole)
      let reference = try Self.child(whole, stop: "none", mode: "pay", payArguments)
      #expect(
        reference.output.contains(card == Self.good ? "booked " : "refused "), "\(reference.output)"
      )
      payPoints[key] = reference.steps
      for (index, step) in reference.steps.enumerated() where write.writes(step) {
        for phase in ["before", "after"] {
          let root = try template.copy()
          cleanup.append(root)
          let run = try Self.child(root, stop: "\(phase):\(index + 1)", mode: "pay", payArguments)
          guard run.killed else {
            problems.append("\(key) \(phase) \(step): the child was not killed:\n\(run.output)")
            continue
          }
          kills += 1
          let label = "\(key) killed \(phase) \(step)"
          // As the crash left it, for the next start to be killed at each of its own steps.
          let crashed = try template.copy(of: root)
          cleanup.append(crashed)
          cases += 1
          problems += await Self.relaunch(root, template, key: key, card: card, label: label)

          let counted = try template.copy(of: crashed)
          cleanup.append(counted)
          let settle = try Self.child(counted, stop: "none", mode: "recover")
          for (inner, innerStep) in settle.steps.enumerated() {
            for innerPhase in ["before", "after"] {
              let again = try template.copy(of: crashed)
              cleanup.append(again)
              let killedAgain = try Self.child(
                again, stop: "\(innerPhase):\(inner + 1)", mode: "recover")
              guard killedAgain.killed else { continue }
              recoveryKills += 1
              cases += 1
              problems += await Self.relaunch(
                again, template, key: key, card: card,
                label: "\(label), then the start killed \(innerPhase) \(innerStep)")
            }
          }
        }
      }
    }
    let steps = payPoints.map {
      "\($0.key): \($0.value.filter(write.writes).joined(separator: ", "))"
    }
    print(
      "[reliability] pay crash points at \(write.rawValue): \(steps.sorted().joined(separator: "; ")); "
        + "\(kills) kills in the pay path, \(recoveryKills) more in the next start's settling; "
        + "\(cases) cases each relaunched, resumed, retried with the same key, opened by link and "
        + "paid with another key and quote")
    #expect(kills > 0, "\(write.rawValue) was killed at")
    if write != .index {
      #expect(recoveryKills > 0, "some starts had something to settle")
    }
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }
}
