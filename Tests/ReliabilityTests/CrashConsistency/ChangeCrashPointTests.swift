import Airline
import Domain
import Foundation
import Persistence
import SimulatedAirline
import TestSupport
import Testing

/// Confirming a change killed at each of its durable writes, and the next start's settle killed
/// at each of its own: once everything has run, the booking is either at version 2 with exactly
/// one money record, its seats sold on the new flight and none on the old, or it stands at
/// version 1 with its old seats sold and no money moved, and confirming the quote again then
/// changes it with one money record. Never money without the commit, never two.
@Suite("Crash points of changing")
struct ChangeCrashPointTests {
  /// The confirmation's write order, a case per bullet of
  /// `SimulatedAirline+ChangeConfirming.swift`'s.
  enum Write: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case marker = "1. changing/<reference>"
    case commit = "2. changes/<reference>"
    case money = "3. changeMoney/<reference>-<version>"
    case seats = "4. inventory/<flight> of the new flight, then of the old"
    case settled = "5. remove changing/<reference>"

    var testDescription: String { rawValue }

    /// Whether `step`, as `paycrash` reports it, is one of this bullet's writes.
    func writes(_ step: String) -> Bool {
      switch self {
      case .marker: step.hasPrefix("replace changing/")
      case .commit: step.hasPrefix("replace changes/")
      case .money: step.hasPrefix("replace changeMoney/")
      case .seats: step.hasPrefix("replace inventory/")
      case .settled: step.hasPrefix("remove changing/")
      }
    }
  }

  /// How a booking can stand once everything has run.
  enum Outcome: String, Sendable {
    /// At version 2, the change's money moved once, its seats on the new flight.
    case changed
    /// At version 1, no money moved, its seats on the old flight.
    case standing
    /// Cancelled, with one refund and no change money, no seat sold.
    case cancelled
  }

  /// The pay template with its quote paid and a change quote given (and, when asked, a
  /// cancellation quote before it): the booking's flight moved to `day`.
  struct Template {
    /// The day the booking's flight (booked for 2026-12-24) is moved to.
    static let day = "2026-12-26"

    let pay: PayCrashPointTests.Template
    let reference: BookingReference
    let change: ChangeQuoteID
    let cancellation: CancellationQuoteID?
    /// The inventory record of the booked flight, and of the one the quote moves it to.
    let oldFlight: String
    let newFlight: String

    init(cancellationQuote: Bool = false) async throws {
      pay = try await PayCrashPointTests.Template()
      let airline = SimulatedAirline(
        store: RecordStore(root: pay.root), clock: .fixed(PayCrashPointTests.start))
      let booking = try await airline.pay(
        quoteID: pay.quote,
        method: PaymentCard(number: PayCrashPointTests.good, expiry: "12/30", cvc: "123"),
        idempotencyKey: .random(prefix: "pay"))
      reference = booking.reference
      try #require(
        booking.offer.conditions.changeBeforeDeparture.allowed,
        "the template's fare does not allow a change: \(booking.offer.conditions)")
      cancellation =
        cancellationQuote ? try await airline.quoteCancellation(of: reference).id : nil
      let offers = try await airline.changeOffers(
        for: ChangeCriteria(
          reference: reference, slice: 0, departure: CalendarDay(iso: Self.day)))
      let offer = try #require(offers.first, "no change offers for \(Self.day)")
      let quote = try await airline.quoteChange(offer.id, of: reference)
      try #require(
        quote.total.pays || quote.total.refunds,
        "the change quote moves no money, so no money record can be checked: \(quote.total)")
      try #require(quote.extras.seats(onSlice: 0).count == 2, "\(quote.extras)")
      change = quote.id
      let flights = PayCrashPointTests.records(pay.root, "inventory")
      let reference = reference.rawValue
      oldFlight = try #require(
        flights.first { Self.sold(in: $0.1, to: reference) == 2 }?.0,
        "no flight sells the booking's two seats")
      newFlight = try #require(
        flights.first { _, body in
          ((body["holds"] as? [String: Any]) ?? [:]).values.contains {
            ($0 as? [String: Any])?["quoteID"] as? String == quote.id.rawValue
          }
        }?.0, "no flight holds the change quote's seats")
      try #require(oldFlight != newFlight)
    }

    var arguments: [String] { [reference.rawValue, change.rawValue] }

    /// How many seats of the inventory record `body` are sold to `reference`.
    static func sold(in body: [String: Any], to reference: String) -> Int {
      ((body["sold"] as? [String: Any]) ?? [:]).values.filter {
        ($0 as? [String: Any])?["reference"] as? String == reference
      }.count
    }
  }

  @Test(
    "killed before and after each write of a confirmed change, a case per bullet, and its settle killed too: one outcome, one money record at most",
    arguments: Write.allCases)
  func crashPoint(_ write: Write) async throws {
    try await offTheGlobalExecutor("changeCrashPoints") { try await self.body(write) }
  }

  func body(_ write: Write) async throws {
    let template = try await Template()
    var cleanup = [template.pay.root]
    defer { for path in cleanup { try? FileManager.default.removeItem(atPath: path) } }

    let whole = try template.pay.copy()
    cleanup.append(whole)
    let reference = try PayCrashPointTests.child(
      whole, stop: "none", mode: "change", template.arguments)
    #expect(
      reference.output.contains("changed \(template.reference) to version 2"),
      "\(reference.output)")
    for step in reference.steps {
      let bullets = Write.allCases.filter { $0.writes(step) }
      #expect(bullets.count == 1, "\(step) is written by \(bullets)")
    }
    #expect(reference.steps.contains { write.writes($0) }, "\(write.rawValue) is not written")
    #expect(Self.problems(whole, template, label: "uninterrupted").isEmpty)

    var problems: [String] = []
    var kills = 0
    var settleKills = 0
    for (index, step) in reference.steps.enumerated() where write.writes(step) {
      for phase in ["before", "after"] {
        let root = try template.pay.copy()
        cleanup.append(root)
        let label = "\(phase) \(step)"
        let run = try PayCrashPointTests.child(
          root, stop: "\(phase):\(index + 1)", mode: "change", template.arguments)
        guard run.killed else {
          problems.append("\(label): not killed:\n\(run.output)")
          continue
        }
        kills += 1
        // The next start's settle, whole; then killed at each of its own steps and run again.
        let counted = try template.pay.copy(of: root)
        cleanup.append(counted)
        let settle = try PayCrashPointTests.child(counted, stop: "none", mode: "recover")
        problems += Self.problems(counted, template, label: "\(label), settled")
        for (inner, innerStep) in settle.steps.enumerated() {
          for innerPhase in ["before", "after"] {
            let again = try template.pay.copy(of: root)
            cleanup.append(again)
            let cut = try PayCrashPointTests.child(
              again, stop: "\(innerPhase):\(inner + 1)", mode: "recover")
            guard cut.killed else {
              problems.append("\(label), settle \(innerPhase) \(innerStep): not killed")
              continue
            }
            settleKills += 1
            _ = try PayCrashPointTests.child(again, stop: "none", mode: "recover")
            problems += Self.problems(
              again, template, label: "\(label), settle killed \(innerPhase) \(innerStep)")
          }
        }
      }
    }
    print(
      "[reliability] change crash points at \(write.rawValue): \(kills) kills, "
        + "\(settleKills) more in the next start's settle")
    #expect(kills >= 2)
    // Killed after its commit and before its marker's removal, a change has a settle to kill.
    if write != .marker { #expect(settleKills > 0, "nothing was settled") }
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  /// What is wrong with `root` once settled: an open marker, money without its commit (or
  /// twice), seats that disagree with the outcome; then the quote confirmed again must end
  /// changed, with one money record and the seats on the new flight.
  static func problems(_ root: String, _ template: Template, label: String) -> [String] {
    var problems = outcome(root, template, label: label, allowed: [.changed, .standing])
    guard problems.isEmpty else { return problems }
    do {
      let again = try PayCrashPointTests.child(
        root, stop: "none", mode: "change", template.arguments)
      if !again.output.contains("changed \(template.reference) to version 2") {
        problems.append("\(label): confirming again: \(again.output)")
      }
    } catch {
      problems.append("\(label): confirming again: \(error)")
    }
    return problems
      + outcome(root, template, label: "\(label), confirmed again", allowed: [.changed])
  }

  /// The records' outcome, checked against what each outcome must leave, and against
  /// `allowed`.
  static func outcome(
    _ root: String, _ template: Template, label: String, allowed: Set<Outcome>
  ) -> [String] {
    let reference = template.reference.rawValue
    var problems: [String] = []
    for folder in ["changing", "cancelling"] {
      let open = PayCrashPointTests.records(root, folder).map(\.0)
      if !open.isEmpty { problems.append("\(label): \(folder) still open: \(open)") }
    }
    let changes = PayCrashPointTests.records(root, "changes").first { $0.0 == reference }?.1
    let history = (changes?["history"] as? [[String: Any]]) ?? []
    let versions = history.map { entry in
      let quote = (entry["quote"] as? [String: Any])?["id"] as? String ?? "?"
      return "\(entry["version"] as? Int ?? 0):\(quote)"
    }
    let changed = !history.isEmpty
    if changed, versions != ["2:\(template.change.rawValue)"] {
      problems.append("\(label): changes \(versions), not version 2 by \(template.change)")
    }
    let money = PayCrashPointTests.records(root, "changeMoney").map(\.0)
    let cancellation =
      PayCrashPointTests.records(root, "cancellations").first { $0.0 == reference }?.1
    let cancelled = cancellation?["confirmedAt"] != nil
    let refunds = PayCrashPointTests.records(root, "refunds").map(\.0)
    if changed, money != ["\(reference)-2"] {
      problems.append("\(label): changed with money records \(money)")
    }
    if !changed, !money.isEmpty {
      problems.append("\(label): money \(money) for a booking that was not changed")
    }
    if cancelled, refunds != [reference] {
      problems.append("\(label): cancelled with refunds \(refunds)")
    }
    if !cancelled, !refunds.isEmpty {
      problems.append("\(label): a refund \(refunds) for a booking that was not cancelled")
    }
    if changed, cancelled { problems.append("\(label): both changed and cancelled") }

    let flights = PayCrashPointTests.records(root, "inventory")
    func seats(_ flight: String) -> (sold: Int, party: Bool) {
      guard let body = flights.first(where: { $0.0 == flight })?.1 else { return (0, false) }
      let party = (body["parties"] as? [String: Any])?[reference] != nil
      return (Template.sold(in: body, to: reference), party)
    }
    let elsewhere = flights.filter { flight, body in
      flight != template.oldFlight && flight != template.newFlight
        && (Template.sold(in: body, to: reference) > 0
          || (body["parties"] as? [String: Any])?[reference] != nil)
    }.map(\.0)
    if !elsewhere.isEmpty { problems.append("\(label): seats sold on \(elsewhere)") }
    let old = seats(template.oldFlight)
    let new = seats(template.newFlight)
    let outcome: Outcome = cancelled ? .cancelled : changed ? .changed : .standing
    let expected: (old: (Int, Bool), new: (Int, Bool)) =
      switch outcome {
      case .changed: ((0, false), (2, true))
      case .standing: ((2, true), (0, false))
      case .cancelled: ((0, false), (0, false))
      }
    if old != expected.old || new != expected.new {
      problems.append(
        "\(label): \(outcome.rawValue), yet \(old.sold) seats and party=\(old.party) on the old "
          + "flight, \(new.sold) seats and party=\(new.party) on the new")
    }
    if !allowed.contains(outcome) {
      problems.append("\(label): \(outcome.rawValue), not \(allowed.map(\.rawValue).sorted())")
    }
    return problems
  }
}
