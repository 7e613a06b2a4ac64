import Foundation
import Persistence
import Testing

/// `listing(of:)`: the records of a kind, newest written first, without reading one.
@Suite("Listing records")
struct ListingTests {
  let kind = RecordKind(folder: "trips", schema: 1)

  func setWritten(_ path: String, _ seconds: TimeInterval) throws {
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: path)
  }

  @Test("newest written first, ties by ID; a folder or a stray name is left out; nothing is read")
  func newestFirst() throws {
    try Scratch.run { scratch in
      let store = scratch.store()
      for id in ["a", "b", "c", "d"] { try store.save(Itinerary.sample(), id: id, kind: kind) }
      let folder = scratch.root + "/trips/"
      try setWritten(folder + "a.json", 1_000)
      try setWritten(folder + "b.json", 3_000)
      try setWritten(folder + "c.json", 2_000)
      try setWritten(folder + "d.json", 3_000)
      // Not records: a folder named like one, a temporary file. A damaged record is listed (it
      // is not read here): whoever reads it finds it damaged.
      try FileManager.default.createDirectory(
        atPath: folder + "e.json", withIntermediateDirectories: false)
      try Data("{".utf8).write(to: URL(fileURLWithPath: folder + "f.json"))
      try setWritten(folder + "f.json", 500)
      try Data().write(to: URL(fileURLWithPath: folder + ".tmp-x"))

      let listing = try store.listing(of: kind)

      #expect(listing.map(\.id) == ["d", "b", "c", "a", "f"])
      #expect(listing.first?.written == Date(timeIntervalSince1970: 3_000))
      #expect(
        try String(contentsOfFile: folder + "f.json", encoding: .utf8) == "{",
        "listing reads nothing, so it sets nothing aside")
    }
  }

  @Test("a kind with no folder yet lists nothing")
  func emptyKind() throws {
    try Scratch.run { scratch in
      let listing = try scratch.store().listing(of: kind)
      #expect(listing.isEmpty)
    }
  }
}
