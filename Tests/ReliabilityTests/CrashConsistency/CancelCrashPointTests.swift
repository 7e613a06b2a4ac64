import Airline
import Domain
import Foundation
import Persistence
import SimulatedAirline
import TestSupport
import Testing

/// Confirming a cancellation killed at each of its durable writes, and the next start's settle
/// killed at each of its own: once everything has run, the booking is either cancelled with
/// exactly one refund and its seats free, or it stands with its seats sold and no refund, and
/// confirming the quote again then cancels it with one refund. Never a refund without its
/// commit, never two.
@Suite("Crash points of cancelling")
struct CancelCrashPointTests {
  /// The confirmation's write order, a case per bullet of `SimulatedAirline+Cancelling.swift`'s.
  enum Write: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case marker = "1. cancelling/<reference>"
    case commit = "2. cancellations/<reference>"
    case refund = "3. refunds/<reference>"
    case seats = "4. inventory/<flight> of each slice"
    case settled = "5. remove cancelling/<reference>"

    var testDescription: String { rawValue }

    /// Whether `step`, as `paycrash` reports it, is one of this bullet's writes.
    func writes(_ step: String) -> Bool {
      switch self {
      case .marker: step.hasPrefix("replace cancelling/")
      case .commit: step.hasPrefix("replace cancellations/")
      case .refund: step.hasPrefix("replace refunds/")
      case .seats: step.hasPrefix("replace inventory/")
      case .settled: step.hasPrefix("remove cancelling/")
      }
    }
  }

  /// The pay template with its quote paid and a cancellation quote given.
  struct Template {
    let pay: PayCrashPointTests.Template
    let reference: BookingReference
    let cancellation: CancellationQuoteID

    init() async throws {
      pay = try await PayCrashPointTests.Template()
      let airline = SimulatedAirline(
        store: RecordStore(root: pay.root), clock: .fixed(PayCrashPointTests.start))
      let booking = try await airline.pay(
        quoteID: pay.quote,
        method: PaymentCard(number: PayCrashPointTests.good, expiry: "12/30", cvc: "123"),
        idempotencyKey: .random(prefix: "pay"))
      reference = booking.reference
      cancellation = try await airline.quoteCancellation(of: reference).id
    }

    var arguments: [String] { [reference.rawValue, cancellation.rawValue] }
  }

  @Test(
    "killed before and after each write of a confirmed cancellation, a case per bullet, and its settle killed too: one outcome, one refund at most",
    arguments: Write.allCases)
  func crashPoint(_ write: Write) async throws {
    try await offTheGlobalExecutor("cancelCrashPoints") { try await self.body(write) }
  }

  func body(_ write: Write) async throws {
    let template = try await Template()
    var cleanup = [template.pay.root]
    defer { for path in cleanup { try? FileManager.default.removeItem(atPath: path) } }

    let whole = try template.pay.copy()
    cleanup.append(whole)
    let reference = try PayCrashPointTests.child(
      whole, stop: "none", mode: "cancel", template.arguments)
    #expect(reference.output.contains("cancelled \(template.reference)"), "\(reference.output)")
    for step in reference.steps {
      let bullets = Write.allCases.filter { $0.writes(step) }
      #expect(bullets.count == 1, "\(step) is written by \(bullets)")
    }
    #expect(Self.problems(whole, template, label: "uninterrupted").isEmpty)

    var problems: [String] = []
    var kills = 0
    for (index, step) in reference.steps.enumerated() where write.writes(step) {
      for phase in ["before", "after"] {
        let root = try template.pay.copy()
        cleanup.append(root)
        let label = "\(phase) \(step)"
        let run = try PayCrashPointTests.child(
          root, stop: "\(phase):\(index + 1)", mode: "cancel", template.arguments)
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
            _ = try PayCrashPointTests.child(again, stop: "none", mode: "recover")
            problems += Self.problems(
              again, template, label: "\(label), settle killed \(innerPhase) \(innerStep)")
          }
        }
      }
    }
    print("[reliability] cancel crash points at \(write.rawValue): \(kills) kills")
    #expect(kills >= 2)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  /// What is wrong with `root` once settled: an open marker, a refund without its commit (or
  /// two), seats that disagree with the outcome; then the quote confirmed again must end
  /// cancelled with one refund and the seats free.
  static func problems(_ root: String, _ template: Template, label: String) -> [String] {
    var problems = outcome(root, template, label: label, mustBeCancelled: false)
    guard problems.isEmpty else { return problems }
    do {
      let again = try PayCrashPointTests.child(
        root, stop: "none", mode: "cancel", template.arguments)
      if !again.output.contains("cancelled \(template.reference)") {
        problems.append("\(label): confirming again: \(again.output)")
      }
    } catch {
      problems.append("\(label): confirming again: \(error)")
    }
    return problems
      + outcome(root, template, label: "\(label), confirmed again", mustBeCancelled: true)
  }

  /// The records' outcome, checked.
  static func outcome(_ root: String, _ template: Template, label: String, mustBeCancelled: Bool)
    -> [String]
  {
    let reference = template.reference.rawValue
    var problems: [String] = []
    let open = PayCrashPointTests.records(root, "cancelling").map(\.0)
    if !open.isEmpty { problems.append("\(label): still cancelling \(open)") }
    let record = PayCrashPointTests.records(root, "cancellations").first { $0.0 == reference }?.1
    let committed = record?["confirmedAt"] != nil
    let refunds = PayCrashPointTests.records(root, "refunds").map(\.0)
    if committed, refunds != [reference] {
      problems.append("\(label): cancelled with refunds \(refunds)")
    }
    if !committed, !refunds.isEmpty {
      problems.append("\(label): a refund \(refunds) for a booking that was not cancelled")
    }
    if mustBeCancelled, !committed { problems.append("\(label): not cancelled") }
    let flights = PayCrashPointTests.records(root, "inventory")
    let sold = flights.flatMap { _, body in
      ((body["sold"] as? [String: Any]) ?? [:]).values.compactMap {
        ($0 as? [String: Any])?["reference"] as? String
      }
    }.filter { $0 == reference }
    let party = flights.contains { _, body in
      (body["parties"] as? [String: Any])?[reference] != nil
    }
    if committed, !sold.isEmpty || party {
      problems.append("\(label): cancelled, yet \(sold.count) seats and party=\(party) sold")
    }
    if !committed, sold.count != 2 || !party {
      problems.append("\(label): standing, yet \(sold.count) seats and party=\(party) sold")
    }
    return problems
  }
}
