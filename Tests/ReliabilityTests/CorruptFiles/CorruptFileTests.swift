import Airline
import Domain
import FlowOwner
import Foundation
import Persistence
import SimulatedAirline
import TestSupport
import Testing

@Suite("Corrupt record files")
struct CorruptFileTests {
  static let cases = 1_000
  static let seed: UInt64 = 0xC022_0975_F11E

  /// The record files broken in turn.
  enum Target: String, CaseIterable {
    case snapshot, draft, quote, offer, booking
  }

  /// What loading a broken file gave.
  enum Outcome {
    /// A record; whether it saves and loads back equal (a valid value, not a half-decoded one).
    case record(roundTrips: Bool)
    case store(StoreError)
    case service(ServiceError)
  }

  /// Real records made by the airline, and a snapshot saved the way the app saves it.
  struct Records {
    let world: HeadlessWorld
    let offer: Offer
    let draft: BookingDraft
    let quote: Quote
    let booking: Booking
    let scratch: RecordStore

    static let snapshotKind = RecordKind.session(schema: BookingSnapshot.schema)

    static func make(in world: HeadlessWorld) async throws -> Records {
      let offer = try await world.offer()
      let draft = try await world.airline.createDraft(
        offer: offer, passengers: world.travellers(1), contact: world.contact())
      let map = try #require(try await world.airline.seatMaps(for: offer.id).first)
      let seat = try #require(map.seats.first { !$0.occupied })
      let passenger = try PassengerID("p1")
      let quote = try await world.airline.price(
        draftID: draft.id,
        extras: Extras(seats: [passenger: seat.designator], bags: [passenger: 1], insurance: true))
      let card = try PaymentCard(number: "4242424242424242", expiry: "12/30", cvc: "123")
      let booking = try await world.airline.pay(
        quoteID: quote.id, method: card, idempotencyKey: IdempotencyKey("corrupt-1"))
      try world.store.save(
        BookingSnapshot(criteria: world.criteria(), position: .payment(quoteID: quote.id)),
        id: RecordKind.snapshotID, kind: snapshotKind)
      return Records(
        world: world, offer: offer, draft: draft, quote: quote, booking: booking,
        scratch: RecordStore(root: world.root + "-scratch"))
    }

    func folder(_ target: Target) -> String {
      switch target {
      case .snapshot: "session"
      case .draft: "drafts"
      case .quote: "quotes"
      case .offer: "offers"
      case .booking: "bookings"
      }
    }

    func id(_ target: Target) -> String {
      switch target {
      case .snapshot: RecordKind.snapshotID
      case .draft: draft.id.rawValue
      case .quote: quote.id.rawValue
      case .offer: offer.id.rawValue
      case .booking: booking.reference.rawValue
      }
    }

    func kind(_ target: Target) -> RecordKind {
      target == .snapshot ? Self.snapshotKind : RecordKind(folder: folder(target), schema: 1)
    }

    /// Loads through `RecordStore.load` with the record's type.
    func loadThroughStore(_ target: Target) -> Outcome {
      let (id, kind) = (id(target), kind(target))
      switch target {
      case .snapshot: return load(BookingSnapshot.self, id, kind)
      case .draft: return load(BookingDraft.self, id, kind)
      case .quote: return load(Quote.self, id, kind)
      case .offer: return load(Offer.self, id, kind)
      case .booking: return load(Booking.self, id, kind)
      }
    }

    private func load<Value: Codable & Equatable>(
      _ type: Value.Type, _ id: String, _ kind: RecordKind
    ) -> Outcome {
      do {
        return .record(roundTrips: roundTrips(try world.store.load(type, id: id, kind: kind)))
      } catch {
        return .store(error)
      }
    }

    /// Loads through the airline's lookups (the snapshot has none: through the store).
    func lookUp(_ target: Target) async -> Outcome {
      let airline = world.airline
      do throws(ServiceError) {
        switch target {
        case .snapshot: return loadThroughStore(target)
        case .draft: return .record(roundTrips: roundTrips(try await airline.draft(id: draft.id)))
        case .quote: return .record(roundTrips: roundTrips(try await airline.quote(id: quote.id)))
        case .offer: return .record(roundTrips: roundTrips(try await airline.offer(id: offer.id)))
        case .booking:
          return .record(
            roundTrips: roundTrips(try await airline.booking(reference: booking.reference)))
        }
      } catch {
        return .service(error)
      }
    }

    private func roundTrips<Value: Codable & Equatable>(_ value: Value) -> Bool {
      let kind = RecordKind(folder: "check", schema: 1)
      do {
        try scratch.save(value, id: "value", kind: kind)
        return try scratch.load(Value.self, id: "value", kind: kind) == value
      } catch {
        return false
      }
    }
  }

  @Test("Broken record files: a typed error or a valid record; undecodable ones set aside, kept")
  func corruptFiles() async throws {
    try await offTheGlobalExecutor("corruptFiles") { try await self.corruptFilesBody() }
  }

  /// The test, run off the global executor: its CPU would hold one of that executor's threads.
  func corruptFilesBody() async throws {
    let world = HeadlessWorld(inMemory: true)
    defer {
      world.remove()
      try? FileManager.default.removeItem(atPath: world.root + "-scratch")
    }
    let records = try await Records.make(in: world)
    var originals: [Target: [UInt8]] = [:]
    for target in Target.allCases {
      let path = "\(world.root)/\(records.folder(target))/\(records.id(target)).json"
      originals[target] = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }

    var random = SeededRandom(seed: Self.seed)
    var tally: [Mutation: [String: Int]] = [:]
    var failures: [String] = []
    let started = ContinuousClock.now
    for index in 0..<Self.cases {
      let mutation = Mutation.allCases[index % Mutation.allCases.count]
      let target = Target.allCases[(index / Mutation.allCases.count) % Target.allCases.count]
      let broken = mutation.apply(to: originals[target] ?? [], using: &random)
      let throughAirline = index.isMultiple(of: 2)
      let result = try await check(
        target, broken, records, throughAirline: throughAirline)
      tally[mutation, default: [:]][result.label, default: 0] += 1
      if let problem = result.problem {
        failures.append(
          "case \(index): \(mutation) of the \(target) (through the "
            + "\(throughAirline ? "airline" : "store")): \(problem)")
      }
    }
    let elapsed = ContinuousClock.now - started
    let summary = Mutation.allCases.map { mutation in
      let counts = (tally[mutation] ?? [:]).sorted { $0.key < $1.key }
        .map { "\($0.key)=\($0.value)" }.joined(separator: ",")
      return "\(mutation)[\(counts)]"
    }.joined(separator: " ")
    print("[reliability] corrupt files: \(Self.cases) cases in \(elapsed): \(summary)")
    #expect(failures.isEmpty, "\(failures.prefix(20).joined(separator: "\n"))")
    // Files that cannot hold a record are always set aside (a booking: kept, or written again
    // from its payment), never read as one.
    for mutation in [Mutation.empty, .deepNesting, .deepNestingInData, .tenMegabytes] {
      #expect(
        tally[mutation]?.keys.allSatisfy { $0 == "set aside" || $0.hasPrefix("booking ") } == true,
        "\(mutation): \(tally[mutation] ?? [:])")
    }
  }

  /// What one broken file did: a label for the tally and what was wrong, if anything.
  struct CaseResult {
    var label: String
    var problem: String?
  }

  /// Writes `broken` over the target's file, loads it, and checks the outcome and the folder.
  private func check(
    _ target: Target, _ broken: [UInt8], _ records: Records, throughAirline: Bool
  ) async throws -> CaseResult {
    let folder = "\(records.world.root)/\(records.folder(target))"
    let fileName = "\(records.id(target)).json"
    let path = "\(folder)/\(fileName)"
    let written = Data(broken)
    try written.write(to: URL(fileURLWithPath: path))
    let before = Set(try FileManager.default.contentsOfDirectory(atPath: folder))

    let outcome =
      throughAirline ? await records.lookUp(target) : records.loadThroughStore(target)

    let after = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
    let added = after.subtracting(before)
    let removed = before.subtracting(after)
    let stillThere = FileManager.default.contents(atPath: path)

    /// The file must be where it was with the bytes written, and nothing else changed.
    func inPlace(_ label: String) -> CaseResult {
      guard stillThere == written, added.isEmpty, removed.isEmpty else {
        return CaseResult(
          label: label, problem: "\(label), but the folder changed: +\(added) -\(removed)")
      }
      return CaseResult(label: label)
    }

    /// The file must have been renamed `<name>.corrupt-<UTC time>` with its bytes kept.
    func setAside(_ message: String, movedTo: String? = nil) -> CaseResult {
      let label = "set aside"
      guard removed == [fileName], added.count == 1, let moved = added.first else {
        return CaseResult(
          label: label,
          problem: "'\(message)', but the folder changed by +\(added) -\(removed)")
      }
      if let movedTo, movedTo != "\(records.folder(target))/\(moved)" {
        return CaseResult(label: label, problem: "reported as moved to \(movedTo), not \(moved)")
      }
      guard Self.isQuarantineName(moved, of: fileName) else {
        return CaseResult(label: label, problem: "set aside under an unexpected name \(moved)")
      }
      guard FileManager.default.contents(atPath: "\(folder)/\(moved)") == written else {
        return CaseResult(label: label, problem: "\(moved) does not hold the original bytes")
      }
      // Keep the folder small for the next case (the test's cleanup, not the app's).
      try? FileManager.default.removeItem(atPath: "\(folder)/\(moved)")
      return CaseResult(label: label)
    }

    /// A booking read by the airline guards money: it is never moved. Its bytes are copied aside
    /// and it is written again from its payment, or (that failing) left as it is.
    func keptBooking(_ message: String?) -> CaseResult {
      let label = message == nil ? "booking written again" : "booking kept"
      guard removed.isEmpty, added.count <= 1 else {
        return CaseResult(label: label, problem: "the folder changed by +\(added) -\(removed)")
      }
      if let copy = added.first {
        guard Self.isQuarantineName(copy, of: fileName),
          FileManager.default.contents(atPath: "\(folder)/\(copy)") == written
        else { return CaseResult(label: label, problem: "\(copy) does not hold the bytes") }
        try? FileManager.default.removeItem(atPath: "\(folder)/\(copy)")
      }
      if message != nil, stillThere != written {
        return CaseResult(label: label, problem: "the unreadable booking was changed")
      }
      return CaseResult(label: label)
    }

    switch outcome {
    case .record where target == .booking && throughAirline && stillThere != written:
      return keptBooking(nil)
    case .service(.storage(let message))
    where target == .booking && throughAirline && message.contains("could not be read"):
      return keptBooking(message)
    case .record(let roundTrips):
      var result = inPlace("record")
      if !roundTrips { result.problem = "a record was returned that does not save and load back" }
      return result
    case .store(let error):
      guard Self.isOneLine(error.description) else {
        return CaseResult(label: "error", problem: "not one line: \(error.description)")
      }
      switch error {
      case .corrupt(let relative, let reason, let movedTo):
        guard relative == "\(records.folder(target))/\(fileName)", Self.isOneLine(reason) else {
          return CaseResult(label: "set aside", problem: "unexpected \(error)")
        }
        return setAside(error.description, movedTo: movedTo)
      case .newerSchema:
        return inPlace("newer schema")
      default:
        return CaseResult(label: "other", problem: "unexpected store error: \(error)")
      }
    case .service(let error):
      guard Self.isOneLine(error.description) else {
        return CaseResult(label: "error", problem: "not one line: \(error.description)")
      }
      switch error {
      case .storage(let message) where message.contains("moved aside"):
        return setAside(message)
      case .storage(let message) where message.contains("newer version"):
        return inPlace("newer schema")
      case .offerNoLongerAvailable where target == .offer:
        // A valid offer whose expiry was changed into the past.
        return inPlace("expired offer")
      default:
        return CaseResult(label: "other", problem: "unexpected service error: \(error)")
      }
    }
  }

  /// Whether `name` is `<fileName>.corrupt-20261129T221500Z`, or that with `-2`, `-3`...
  static func isQuarantineName(_ name: String, of fileName: String) -> Bool {
    guard name.hasPrefix(fileName + ".corrupt-") else { return false }
    let stamp = name.dropFirst(fileName.count + ".corrupt-".count)
    return stamp.wholeMatch(of: #/\d{8}T\d{6}Z(-\d+)?/#) != nil
  }

  /// Non-empty, with no line break or other control character.
  static func isOneLine(_ text: String) -> Bool {
    !text.isEmpty
      && !text.unicodeScalars.contains { scalar in
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
      }
  }
}
