import Foundation
import Persistence

/// `recordwriter <directory> <records> <first value>`: the child of the crash-consistency test.
///
/// Saves records `r0`...`r<records-1>` of kind `counters` through `RecordStore`, round after
/// round, each round with the next value (`first value`, `first value + 1`, ...), until it is
/// killed. It prints `started` before the first save, and `saved <id> <value>` after each save
/// returns, so the parent can kill it after a chosen number of saves and check that every save it
/// reported is on disk. It stops by itself after 10 seconds so a failed parent leaves no writer behind.

/// One record: its value, and a check string made from the ID and value whose length changes
/// with the value, so a file mixing two versions cannot decode to a consistent record.
struct Counter: Codable {
  let id: String
  let value: Int
  let check: String

  static func check(id: String, value: Int) -> String {
    String(repeating: "\(id)=\(value);", count: 20 + value % 97)
  }
}

let kind = RecordKind(folder: "counters", schema: 1)
let arguments = CommandLine.arguments
guard arguments.count == 4, let records = Int(arguments[2]), records > 0,
  let first = Int(arguments[3])
else {
  FileHandle.standardError.write(Data("usage: recordwriter <directory> <records> <first>\n".utf8))
  exit(64)
}
let store = RecordStore(root: arguments[1])
let deadline = Date().addingTimeInterval(10)
FileHandle.standardOutput.write(Data("started\n".utf8))
var value = first
while Date() < deadline {
  for index in 0..<records {
    let id = "r\(index)"
    do {
      try store.save(
        Counter(id: id, value: value, check: Counter.check(id: id, value: value)), id: id,
        kind: kind)
    } catch {
      FileHandle.standardError.write(Data("recordwriter: \(error.description)\n".utf8))
      exit(1)
    }
    FileHandle.standardOutput.write(Data("saved \(id) \(value)\n".utf8))
  }
  value += 1
}
exit(0)
