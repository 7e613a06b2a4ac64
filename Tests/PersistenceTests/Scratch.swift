import Foundation
import Persistence

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fresh directory per test under NSTemporaryDirectory, removed afterwards.
struct Scratch {
  /// 2026-11-29 22:15:00 UTC, the clock every store in these tests sees.
  static let now = Date(timeIntervalSince1970: 1_795_990_500)
  static let stamp = "20261129T221500Z"

  let path: String

  /// Where stores keep their records: a child, so tests can see anything created beside it.
  var root: String { path + "/data" }

  static func run(_ body: (Scratch) throws -> Void) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try body(scratch)
  }

  static func run(_ body: (Scratch) async throws -> Void) async throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try await body(scratch)
  }

  private init() throws {
    let name = "persistence-tests-\(UUID().uuidString)"
    path = (NSTemporaryDirectory() as NSString).appendingPathComponent(name)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  func store(maxRecordBytes: Int = RecordStore.defaultMaxRecordBytes) -> RecordStore {
    RecordStore(root: root, maxRecordBytes: maxRecordBytes, now: { Scratch.now })
  }

  func write(_ bytes: [UInt8], to relative: String) throws {
    let url = URL(fileURLWithPath: root + "/" + relative)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(),
      withIntermediateDirectories: true
    )
    try Data(bytes).write(to: url)
  }

  func write(_ text: String, to relative: String) throws {
    try write(Array(text.utf8), to: relative)
  }

  func bytes(at relative: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + relative)))
  }

  func exists(_ relative: String) -> Bool {
    var status = stat()
    return lstat(root + "/" + relative, &status) == 0
  }

  /// Permission bits of a path under the root, from lstat.
  func mode(of relative: String) -> mode_t? {
    var status = stat()
    guard lstat(relative.isEmpty ? root : root + "/" + relative, &status) == 0 else { return nil }
    return status.st_mode & 0o7777
  }

  /// Names in a folder under the root, sorted (empty if it does not exist).
  func names(in relative: String) -> [String] {
    let folder = relative.isEmpty ? root : root + "/" + relative
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  /// Every path under the scratch directory (which holds the root), relative to it.
  func allPaths() -> [String] {
    (FileManager.default.subpaths(atPath: path) ?? []).sorted()
  }

  private func remove() {
    // Tests may leave read-only folders behind; make them writable so removal succeeds.
    if let walker = FileManager.default.enumerator(atPath: path) {
      for case let name as String in walker { chmod(path + "/" + name, 0o700) }
    }
    try? FileManager.default.removeItem(atPath: path)
  }
}
