import Foundation
import Persistence
import TestSupport
import Testing

@Suite("Crash consistency")
struct CrashConsistencyTests {
  static let kills = 200
  static let records = 6
  static let seed: UInt64 = 0x0C2A_5111_4E55

  /// What `recordwriter` saves (Tools/RecordWriter/main.swift): the check string is made from the
  /// ID and the value, with a length that changes with the value.
  struct Counter: Codable {
    let id: String
    let value: Int
    let check: String

    static func check(id: String, value: Int) -> String {
      String(repeating: "\(id)=\(value);", count: 20 + value % 97)
    }
  }

  static let kind = RecordKind(folder: "counters", schema: 1)

  @Test("A writer killed with SIGKILL at random moments leaves every record old or new, never torn")
  func killedWriter() async throws {
    try await offTheGlobalExecutor("killedWriter") { try await self.killedWriterBody() }
  }

  /// The test, run off the global executor: its waits for the writer and its blocking sleeps
  /// would hold one of that executor's threads.
  func killedWriterBody() async throws {
    let writer = try ToolBinary.path("recordwriter")
    // On the real disk, not tmpfs: fsync and rename take real time there, so kills land mid-write.
    let root = NSTemporaryDirectory() + "booking-crash-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: root) }
    let store = RecordStore(root: root)
    var random = SeededRandom(seed: Self.seed)
    /// The value each record held after the previous kill; nil before its first write.
    var values: [String: Int] = [:]
    var failures: [String] = []
    /// Kills that left a new temp file: the writer died between creating it and the rename.
    var killsMidWrite = 0
    var seenTemporary: Set<String> = []
    var updates = 0
    var reportedSaves = 0
    let started = ContinuousClock.now

    for round in 0..<Self.kills {
      // Each child writes values in its own range, so "new" is told apart from "old".
      let first = (round + 1) * 1_000_000
      let process = Process()
      process.executableURL = URL(fileURLWithPath: writer)
      process.arguments = [root, String(Self.records), String(first)]
      let output = Pipe()
      let errors = Pipe()
      process.standardOutput = output
      process.standardError = errors
      process.standardInput = FileHandle.nullDevice
      try process.run()
      var lines = Lines(output.fileHandleForReading)
      // Blocks until the child says it is about to write (or exits): a few milliseconds.
      guard lines.next()?.hasPrefix("started") == true else {
        process.waitUntilExit()
        let stderr = String(
          decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        failures.append("round \(round): the writer did not start: \(stderr)")
        break
      }
      // The kill follows a chosen number of reported saves (none to two rounds of records) and a
      // short random delay, so it lands before the first write, between writes and inside one,
      // whatever the machine's load: the count is an event, not a time.
      let saves = random.int(0...(2 * Self.records))
      /// The last value the writer reported saved, by record.
      var reported: [String: Int] = [:]
      var saved = 0
      while saved < saves, let line = lines.next() {
        let words = line.split(separator: " ")
        guard words.count == 3, words[0] == "saved", let value = Int(words[2]) else { continue }
        reported[String(words[1])] = value
        saved += 1
      }
      guard saved == saves else {
        failures.append("round \(round): the writer stopped after \(saved) of \(saves) saves")
        break
      }
      usleep(UInt32(random.int(0...2_000)))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      guard process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGKILL
      else {
        let stderr = String(
          decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        failures.append(
          "round \(round): the writer ended with \(process.terminationStatus) before the kill: "
            + stderr)
        break
      }

      let problems = Self.checkRecords(
        in: store, root: root, previous: &values, newRange: first..<(first + 1_000_000),
        updates: &updates)
      failures += problems.map { "round \(round): \($0)" }
      // A save that returned is on disk: the record holds that value or a later one.
      for (id, value) in reported.sorted(by: { $0.key < $1.key })
      where (values[id] ?? Int.min) < value {
        failures.append(
          "round \(round): \(id) was reported saved as \(value), holds \(values[id] ?? -1)")
      }
      reportedSaves += saves
      let temporary = Set(Self.temporaryFiles(in: root))
      if !temporary.subtracting(seenTemporary).isEmpty { killsMidWrite += 1 }
      seenTemporary = temporary
      if failures.count >= 10 { break }
    }

    // Temp files left by killed writers are never records, and cleaning them up keeps every
    // record.
    let leftovers = Self.temporaryFiles(in: root)
    let removed = try store.removeStaleTemporaryFiles(of: Self.kind, olderThan: -60)
    #expect(removed == leftovers.count)
    #expect(Self.temporaryFiles(in: root).isEmpty)
    #expect(try store.ids(of: Self.kind) == values.keys.sorted())
    var unchanged = values
    var none = 0
    let afterCleanup = Self.checkRecords(
      in: store, root: root, previous: &unchanged, newRange: 0..<0, updates: &none)
    #expect(afterCleanup.isEmpty, "\(afterCleanup)")
    #expect(unchanged == values)

    let elapsed = ContinuousClock.now - started
    print(
      "[reliability] crash consistency: \(Self.kills) kills in \(elapsed); \(updates) record "
        + "updates seen; \(killsMidWrite) kills landed mid-write (left a temp file); "
        + "\(leftovers.count) temp files at the end; \(reportedSaves) saves reported before a kill")
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    // Every round's reported saves were seen as updates (checked per round above).
    #expect(updates > 0 && reportedSaves > 0)
    #expect(killsMidWrite >= Self.kills / 10, "few kills landed between a write and its rename")
  }

  /// Checks every record: listed IDs are records only, each decodes to a consistent counter whose
  /// value is the previous one or one from `newRange`; nothing was set aside.
  static func checkRecords(
    in store: RecordStore, root: String, previous: inout [String: Int], newRange: Range<Int>,
    updates: inout Int
  ) -> [String] {
    var problems: [String] = []
    let ids: [String]
    do {
      ids = try store.ids(of: kind)
    } catch {
      return ["listing failed: \(error)"]
    }
    let expected = (0..<records).map { "r\($0)" }
    for id in ids where !expected.contains(id) {
      problems.append("'\(id)' is listed as a record")
    }
    for id in previous.keys where !ids.contains(id) {
      problems.append("record \(id) disappeared")
    }
    for id in ids where expected.contains(id) {
      do {
        let counter = try store.load(Counter.self, id: id, kind: kind)
        guard counter.id == id, counter.check == Counter.check(id: id, value: counter.value) else {
          problems.append("\(id) holds an inconsistent record (value \(counter.value))")
          continue
        }
        let old = previous[id]
        guard counter.value == old || newRange.contains(counter.value) else {
          problems.append("\(id) holds \(counter.value): neither the old \(old ?? -1) nor new")
          continue
        }
        if counter.value != old { updates += 1 }
        previous[id] = counter.value
      } catch {
        problems.append("\(id) does not load: \(error)")
      }
    }
    let folder = root + "/" + kind.folder
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    for name in names where name.contains(".corrupt-") {
      problems.append("\(name) was set aside")
    }
    return problems
  }

  /// The temp files of killed writes: `.<id>.json.tmp-<pid>-<nonce>`.
  static func temporaryFiles(in root: String) -> [String] {
    let folder = root + "/" + kind.folder
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasPrefix(".") && $0.contains(".json.tmp-") }
  }
}

/// The lines a child writes to a pipe, read as they come; nil at the end of the output.
struct Lines {
  let handle: FileHandle
  var buffer = Data()

  init(_ handle: FileHandle) { self.handle = handle }

  mutating func next() -> String? {
    while true {
      if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffer[buffer.startIndex..<end], as: UTF8.self)
        buffer.removeSubrange(buffer.startIndex...end)
        return line
      }
      let chunk = handle.availableData
      guard !chunk.isEmpty else { return nil }
      buffer.append(chunk)
    }
  }
}
