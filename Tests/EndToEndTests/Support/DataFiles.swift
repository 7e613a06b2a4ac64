import Foundation
import Persistence
import SimulatedAirline
import TestSupport

/// What the app left in its data directory.
struct DataFiles {
  let root: URL

  /// Every regular file under the data directory, as paths relative to it.
  func all() -> [String] {
    guard
      let enumerator = FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: [.isRegularFileKey])
    else { return [] }
    var files: [String] = []
    let prefix = root.resolvingSymlinksInPath().path + "/"
    for case let url as URL in enumerator {
      let isFile = (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile ?? false
      guard isFile else { continue }
      let path = url.resolvingSymlinksInPath().path
      files.append(path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path)
    }
    return files.sorted()
  }

  /// Writes `text` as the airline's record at `relativePath` (`bookings/ZZ0001.json`), sealed
  /// as the airline seals it: a fixture staged by copying or editing a record by hand.
  func writeSealed(_ text: String, to relativePath: String) throws {
    try SealedWriter(root: root).write(text, to: relativePath)
  }

  /// The files renamed aside as unreadable (`<name>.corrupt-<time>`).
  func corrupt() -> [String] { all().filter { $0.contains(".corrupt-") } }

  /// The files whose bytes contain `text`.
  func containing(_ text: String) -> [String] {
    let needle = Data(text.utf8)
    return all().filter { file in
      guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(file).path)
      else { return false }
      return data.range(of: needle) != nil
    }
  }

  /// The text of `relativePath`, if it exists.
  func text(_ relativePath: String) -> String? {
    FileManager.default.contents(atPath: root.appendingPathComponent(relativePath).path)
      .map { String(decoding: $0, as: UTF8.self) }
  }

  /// `session/snapshot.json`'s `data.position`: the step the session is at, and its fields.
  func snapshotPosition() throws -> (step: String, fields: [String: Any]) {
    guard let text = text("session/snapshot.json") else {
      throw E2EFailure("session/snapshot.json does not exist; files: \(all())")
    }
    guard
      let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
      let data = json["data"] as? [String: Any],
      let position = data["position"] as? [String: Any],
      let step = position.keys.first
    else { throw E2EFailure("session/snapshot.json has no data.position:\n\(text)") }
    return (step, position[step] as? [String: Any] ?? [:])
  }
}

/// Writes records as the airline seals them, in its data directory at `root`: fixtures staged by
/// copying or editing a record by hand (many of them with one writer).
struct SealedWriter {
  let root: URL
  let store: RecordStore

  init(root: URL) {
    self.root = root
    store = SimulatedAirline(store: RecordStore(root: root.path), clock: .system).sealedRecords
  }

  func write(_ text: String, to relativePath: String) throws {
    let parts = relativePath.split(separator: "/")
    guard parts.count == 2, parts[1].hasSuffix(".json") else {
      throw E2EFailure("\(relativePath) is not folder/ID.json")
    }
    let kind = RecordKind(folder: String(parts[0]), schema: 1)
    guard
      let sealed = store.sealedBytes(Array(text.utf8), id: String(parts[1].dropLast(5)), kind: kind)
    else { throw E2EFailure("\(relativePath) could not be sealed") }
    try Data(sealed).write(to: root.appendingPathComponent(relativePath))
  }
}
