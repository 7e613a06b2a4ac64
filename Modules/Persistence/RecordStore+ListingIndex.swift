#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An index of one kind's records, newest written last, so a list of a hundred thousand is one
/// file read instead of a `lstat` each: `<folder>/<kind>.listing` in another kind's folder.
///
/// Each line is `<id> <written> <folder time>`: the record's ID, when its file was written and
/// the modification time of the records' folder just after it was (both in nanoseconds since
/// 1970). The first line of a rebuilt index is `# 0 <folder time>`. The index is current when
/// its last line ends with a line break and names the folder's modification time now: any file
/// made, renamed or removed in the folder since (a record written by another program, a crash
/// between a record's write and its line, a file moved aside) moves that time, and the next
/// listing rebuilds the index from the folder. Torn or unreadable lines make it stale too.
///
/// Durable writes:
/// - a rebuild replaces the index atomically (temp file, fsync, rename, folder fsync): a crash
///   before the rename leaves the older index, which is stale, and the next listing rebuilds it;
/// - a line appended after a new record's write (one `write`, not synced): a crash before it, or
///   during it (a torn line), leaves the index stale, and the next listing rebuilds it. Lines are
///   appended only to an index that was current before the record was written, so an append
///   never hides an earlier change, and only for a record that was not there, so an ID has one
///   line;
/// - `dropIndex` removes it (unlink, folder fsync): a crash before leaves it, after it is gone,
///   and either way the next listing that finds it missing or stale rebuilds it.
public struct ListingIndex: Sendable {
  /// The records listed.
  public let kind: RecordKind
  /// The folder (of another kind) the index file is kept in.
  public let folder: RecordKind

  /// The index of `kind`'s records, kept in `folder`'s folder.
  public init(of kind: RecordKind, in folder: RecordKind) {
    self.kind = kind
    self.folder = folder
  }

  /// The index file's name, e.g. `bookings.listing`.
  public var fileName: String { "\(kind.folder).listing" }

  /// Largest index read, in bytes (a line is under 64 bytes).
  static let limit = 256 * 1024 * 1024
}

extension RecordStore {
  /// `listing(of:)` through `index`: newest written first (ties by ID), from the index file
  /// when it is current, else from the folder, and the index written again from what was found.
  /// A record removed since its line was written makes the index stale, so every ID listed had
  /// a file when the index was last current.
  public func listing(through index: ListingIndex) throws(StoreError) -> [Listing] {
    try validate(kind: index.kind)
    try validate(kind: index.folder)
    guard let folderTime = folderTime(of: index.kind) else { return [] }
    if let listed = readIndex(index, current: folderTime) { return listed }
    var entries: [(id: String, written: Int64)] = []
    for id in try ids(of: index.kind) {
      guard case .success(let status) = Posix.linkStatus(of: filePath(id: id, kind: index.kind)),
        Posix.isRegularFile(status)
      else { continue }
      entries.append((id, Self.nanoseconds(status)))
    }
    entries.sort { ($0.written, $0.id) < ($1.written, $1.id) }
    rebuild(index, from: entries, folderTime: folderTime)
    return entries.reversed().map { Listing(id: $0.id, written: Self.date($0.written)) }
  }

  /// The listing from `index` when it is current, read without writing anything; nil when it is
  /// not (then `listing(through:)` rebuilds it, or `listing(of:)` lists without writing).
  public func currentListing(through index: ListingIndex) throws(StoreError) -> [Listing]? {
    try validate(kind: index.kind)
    try validate(kind: index.folder)
    guard let folderTime = folderTime(of: index.kind) else { return [] }
    return readIndex(index, current: folderTime)
  }

  /// Whether `index` is current now: checked just before a record of its kind is written, so
  /// that the line appended after the write (`appendToIndex`) follows a complete index.
  public func indexIsCurrent(_ index: ListingIndex) -> Bool {
    guard let folderTime = folderTime(of: index.kind),
      let last = lastLine(of: index)
    else { return false }
    return last == folderTime
  }

  /// Appends record `id`'s line to `index`, after the record's write, when the index was current
  /// just before it (`wasCurrent`). Nothing else is done: a failure leaves the index stale, and
  /// the next listing rebuilds it.
  public func appendToIndex(_ index: ListingIndex, id: String, wasCurrent: Bool) {
    guard wasCurrent, (try? validate(id: id, kind: index.kind)) != nil,
      case .success(let status) = Posix.linkStatus(of: filePath(id: id, kind: index.kind)),
      let folderTime = folderTime(of: index.kind)
    else { return }
    let relative = "\(index.folder.folder)/\(index.fileName)"
    let step = DurableStep.append(relative)
    if observer?.before(step) != nil { return }
    let path = folderPath(index.folder) + "/" + index.fileName
    guard case .success(let fd) = Posix.openFile(path, O_WRONLY | O_APPEND | O_NOFOLLOW) else {
      return
    }
    let line = Array("\(id) \(Self.nanoseconds(status)) \(folderTime)\n".utf8)
    _ = line.withUnsafeBytes { Posix.writeAll(fd, $0) }
    Posix.closeFile(fd)
    _ = observer?.after(step)
  }

  /// Removes `index`, so that the next listing rebuilds it from the folder: for a writer that
  /// finds a record whose line may be missing from an index that still looks current.
  public func dropIndex(_ index: ListingIndex) {
    let relative = "\(index.folder.folder)/\(index.fileName)"
    if observer?.before(.remove(relative)) != nil { return }
    let folder = folderPath(index.folder)
    guard Posix.removeFile(folder + "/" + index.fileName) == nil else { return }
    if observer?.after(.remove(relative)) != nil { return }
    _ = Posix.syncDirectory(folder)
  }

  /// The modification time of `kind`'s folder in nanoseconds; nil when it does not exist.
  func folderTime(of kind: RecordKind) -> Int64? {
    guard case .success(let status) = Posix.linkStatus(of: folderPath(kind)) else { return nil }
    return Self.nanoseconds(status)
  }

  static func nanoseconds(_ status: stat) -> Int64 {
    #if canImport(Glibc)
      Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    #else
      Int64(status.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(status.st_mtimespec.tv_nsec)
    #endif
  }

  /// A time in nanoseconds as `listing(of:)` gives it (`Posix.modificationTime`).
  static func date(_ nanoseconds: Int64) -> Date {
    let (seconds, rest) = nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
    return Date(timeIntervalSince1970: Double(seconds) + Double(rest) / 1e9)
  }

  /// The index's listings when it is current for `current`; nil when it is missing, stale, torn
  /// or unreadable.
  private func readIndex(_ index: ListingIndex, current: Int64) -> [Listing]? {
    let path = folderPath(index.folder) + "/" + index.fileName
    guard case .success(let fd) = Posix.openFile(path, O_RDONLY | O_NOFOLLOW) else { return nil }
    defer { Posix.closeFile(fd) }
    guard case .success(let status) = Posix.status(of: fd), Posix.isRegularFile(status),
      case .success(let bytes) = Posix.readUpTo(
        fd, expected: Int(status.st_size), limit: ListingIndex.limit),
      bytes.last == UInt8(ascii: "\n")
    else { return nil }
    var entries: [(written: Int64, id: String)] = []
    entries.reserveCapacity(bytes.count / 24)
    var folderTime: Int64?
    let complete = bytes.withUnsafeBufferPointer { buffer -> Bool in
      guard let base = buffer.baseAddress else { return false }
      var start = 0
      while start < buffer.count {
        guard let end = Self.find(UInt8(ascii: "\n"), base, from: start, to: buffer.count),
          let line = Self.parseLine(base, start, end)
        else { return false }
        start = end + 1
        folderTime = line.folderTime
        if let id = line.id { entries.append((line.written, id)) }
      }
      return true
    }
    guard complete, folderTime == current else { return nil }
    return Self.newestFirst(entries)
  }

  /// Index lines (oldest first as written: a rebuilt index in order, then appended lines in the
  /// order their records were written) as listings newest first, ties by ID. Lines in order but
  /// for their ties cost one pass; lines out of order (a clock set back) are sorted, and a record
  /// listed twice is listed once, by its newest line.
  private static func newestFirst(_ lines: [(written: Int64, id: String)]) -> [Listing] {
    var entries = lines
    var start = 0
    var ordered = true
    while start < entries.count {
      var end = start + 1
      while end < entries.count, entries[end].written == entries[start].written { end += 1 }
      if end - start > 1 { entries[start..<end].sort { $0.id < $1.id } }
      if end < entries.count, entries[end].written < entries[start].written {
        ordered = false
        break
      }
      start = end
    }
    if !ordered {
      var newest: [String: Int64] = [:]
      for entry in lines { newest[entry.id] = entry.written }
      entries = newest.map { ($0.value, $0.key) }.sorted {
        ($0.written, $0.id) < ($1.written, $1.id)
      }
    }
    return entries.reversed().map { Listing(id: $0.id, written: date($0.written)) }
  }

  /// One line's fields (`base[start..<end]`): the ID (nil for the header `#`), the write time
  /// and the folder's time; nil when the line is not three such fields.
  private static func parseLine(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> (
    id: String?, written: Int64, folderTime: Int64
  )? {
    guard let space = find(UInt8(ascii: " "), base, from: start, to: end), space > start,
      let second = find(UInt8(ascii: " "), base, from: space + 1, to: end),
      let written = number(base, space + 1, second),
      let folderTime = number(base, second + 1, end)
    else { return nil }
    if space - start == 1, base[start] == UInt8(ascii: "#") { return (nil, written, folderTime) }
    guard isRecordID(base, start, space) else { return nil }
    let id = String(
      decoding: UnsafeBufferPointer(start: base + start, count: space - start), as: UTF8.self)
    return (id, written, folderTime)
  }

  /// `RecordID.isValid` on the bytes `base[start..<end]`, without making a string first: ASCII
  /// letters, digits, `-`, `_` and `.`, at most `RecordID.maxLength`, no leading `.`, no `..`.
  private static func isRecordID(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
    guard end > start, end - start <= RecordID.maxLength, base[start] != UInt8(ascii: ".") else {
      return false
    }
    var index = start
    while index < end {
      let byte = base[index]
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
        break
      case UInt8(ascii: "."):
        if base[index - 1] == UInt8(ascii: ".") { return false }
      default:
        return false
      }
      index += 1
    }
    return true
  }

  /// The index of the first `byte` in `base[from..<to]` (`memchr`: a line is found at the speed
  /// of the C library, whatever the build).
  private static func find(_ byte: UInt8, _ base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int?
  {
    guard from < to, let found = memchr(base + from, Int32(byte), to - from) else { return nil }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  /// The decimal number in `base[start..<end]`: 1 to 19 digits that fit an `Int64`.
  private static func number(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int64? {
    guard (1...19).contains(end - start) else { return nil }
    var value: Int64 = 0
    var index = start
    while index < end {
      let digit = base[index]
      guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
      let (times, overflowed) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflowedAgain) = times.addingReportingOverflow(Int64(digit - UInt8(ascii: "0")))
      guard !overflowed, !overflowedAgain else { return nil }
      value = sum
      index += 1
    }
    return value
  }

  /// The folder time on the index's last line, read from its end; nil when the index is
  /// missing, empty, torn or unreadable.
  private func lastLine(of index: ListingIndex) -> Int64? {
    let path = folderPath(index.folder) + "/" + index.fileName
    guard case .success(let fd) = Posix.openFile(path, O_RDONLY | O_NOFOLLOW) else { return nil }
    defer { Posix.closeFile(fd) }
    guard case .success(let status) = Posix.status(of: fd), Posix.isRegularFile(status),
      status.st_size > 0
    else { return nil }
    let size = Int(status.st_size)
    let tail = min(size, 256)
    var bytes = [UInt8](repeating: 0, count: tail)
    let read = bytes.withUnsafeMutableBytes { raw in
      pread(fd, raw.baseAddress, tail, off_t(size - tail))
    }
    guard read == tail, bytes.last == UInt8(ascii: "\n") else { return nil }
    let body = bytes.dropLast()
    let start = body.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? body.startIndex
    // A tail cut inside a line longer than it is not a line.
    guard start > body.startIndex || tail == size else { return nil }
    return Array(body[start...]).withUnsafeBufferPointer { line in
      line.baseAddress.flatMap { Self.parseLine($0, 0, line.count)?.folderTime }
    }
  }

  /// Writes `index` again from `entries` (oldest first), as the folder was at `folderTime` (read
  /// before it was listed: a record written during the listing leaves the index stale). A
  /// failure (a read-only data directory) leaves the index as it was.
  private func rebuild(
    _ index: ListingIndex, from entries: [(id: String, written: Int64)], folderTime: Int64
  ) {
    var text = "# 0 \(folderTime)\n"
    text.reserveCapacity(entries.count * 48 + 32)
    for entry in entries {
      text += "\(entry.id) \(entry.written) \(folderTime)\n"
    }
    do {
      try folderSyncs.sync()
      let folder = folderPath(index.folder)
      try ensureFolder(folder)
      try AtomicFile.replace(
        index.fileName, in: folder, with: Data(text.utf8),
        step: .replace("\(index.folder.folder)/\(index.fileName)"), observer: observer)
    } catch {
      return
    }
  }
}
