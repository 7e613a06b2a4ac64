#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// JSON records on disk, one file per ID in a folder per kind, written atomically and read
/// defensively: undecodable files are moved aside, newer ones refused.
///
/// A `Sendable` struct rather than an actor: another process may share the data directory, so
/// every operation is already atomic at the file level (temp file + rename, exclusive names
/// for quarantine) and needs no in-process lock on top; and callers can save synchronously,
/// e.g. the session snapshot from a signal path just before the app exits.
public struct RecordStore: Sendable {
  /// Default largest record, in bytes; anything bigger on disk is treated as corrupt.
  public static let defaultMaxRecordBytes = 8 * 1024 * 1024

  /// The data directory; it and each kind's folder are created (mode 0700) on first save.
  public let root: String
  /// Largest record file written or read, in bytes.
  public let maxRecordBytes: Int
  let now: @Sendable () -> Date
  /// Told of every durable step (see `DurableStep`); nil in the app.
  public let observer: DurableStepObserver?
  /// Seals the records of the folders it covers on every write and checks them on every read
  /// (`RecordSeal`); nil: nothing is sealed.
  public private(set) var seal: RecordSeal?
  /// New folders to make durable before the next save (`createRootLeavingSync`): one set for
  /// the store and every copy of it.
  let folderSyncs = FolderSyncs()

  /// A store in `root`; `now` dates quarantined files and ages temp files (inject for tests);
  /// `observer` watches each durable step (the crash-point harness, fault-injection tests).
  public init(
    root: String,
    maxRecordBytes: Int = RecordStore.defaultMaxRecordBytes,
    now: @escaping @Sendable () -> Date = { Date() },
    observer: DurableStepObserver? = nil
  ) {
    var trimmed = root
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
    self.root = trimmed.isEmpty ? "." : trimmed
    self.maxRecordBytes = maxRecordBytes
    self.now = now
    self.observer = observer
  }

  /// The record's path relative to `root`, e.g. `session/snapshot.json`.
  public func relativePath(id: String, kind: RecordKind) throws(StoreError) -> String {
    try validate(id: id, kind: kind)
    return "\(kind.folder)/\(id).json"
  }

  /// Writes `value` as record `id` of `kind`, replacing any previous version atomically.
  public func save<Value: Encodable>(_ value: Value, id: String, kind: RecordKind)
    throws(StoreError)
  {
    let relative = try relativePath(id: id, kind: kind)
    var data: Data
    do {
      data = try RecordCodec.encode(Envelope(schema: kind.schema, kind: kind.folder, data: value))
    } catch {
      throw .unencodable(path: relative, reason: RecordCodec.reason(forEncoding: error))
    }
    if let seal, seal.folders.contains(kind.folder) {
      seal.prepare()
      guard let sealed = seal.sealed(Array(data), at: relative) else {
        throw .unencodable(
          path: relative, reason: "it cannot be sealed: the key is missing or libcrypto failed")
      }
      data = Data(sealed)
    }
    guard data.count <= maxRecordBytes else {
      throw .tooLarge(path: relative, bytes: data.count, limit: maxRecordBytes)
    }
    // New folders first: nothing is written in a folder whose entry could still vanish.
    try folderSyncs.sync()
    let folder = folderPath(kind)
    try ensureFolder(folder)
    try AtomicFile.replace(
      "\(id).json", in: folder, with: data, step: .replace(relative), observer: observer)
  }

  /// The same store, sealing and checking the records of `seal`'s folders.
  public func sealed(by seal: RecordSeal) -> RecordStore {
    var copy = self
    copy.seal = seal
    return copy
  }

  /// `file` (a record's bytes as an unsealed store writes them, or sealed before) as this store
  /// writes record `id` of `kind`: sealed when `kind` is sealed. Nil when it cannot be sealed.
  public func sealedBytes(_ file: [UInt8], id: String, kind: RecordKind) -> [UInt8]? {
    guard let seal, seal.folders.contains(kind.folder) else { return file }
    seal.prepare()
    return seal.sealed(RecordSeal.withoutSeal(file), at: "\(kind.folder)/\(id).json")
  }

  /// Readies the seal's key (see `RecordSeal`) before its folders are read or written: for a
  /// caller about to take a lock the seal's holder needs when it makes its key.
  public func prepareSeal() { seal?.prepare() }

  /// Whether record `id` of `kind` exists (it may still be corrupt or newer).
  public func exists(id: String, kind: RecordKind) throws(StoreError) -> Bool {
    try validate(id: id, kind: kind)
    let path = filePath(id: id, kind: kind)
    switch Posix.linkStatus(of: path) {
    case .success:
      return true
    case .failure(let failure) where failure.code == ENOENT || failure.code == ENOTDIR:
      return false
    case .failure(let failure):
      throw .io(operation: "inspect", path: path, code: failure.code)
    }
  }

  /// Removes record `id` of `kind`; removing a missing record is not an error. The folder is
  /// synced after, so the removal survives a power cut, unless `syncingFolder` is false: for a
  /// record whose return after a power cut is harmless (a ledger's intent, which a settle removes
  /// again), the removal is then as durable as the kernel makes it, and costs no fsync.
  public func delete(id: String, kind: RecordKind, syncingFolder: Bool = true)
    throws(StoreError)
  {
    try validate(id: id, kind: kind)
    let path = filePath(id: id, kind: kind)
    let step = DurableStep.remove("\(kind.folder)/\(id).json")
    if let code = observer?.before(step) {
      throw .io(operation: "delete", path: path, code: code)
    }
    if let failure = Posix.removeFile(path) {
      if failure.code == ENOENT || failure.code == ENOTDIR { return }
      throw .io(operation: "delete", path: path, code: failure.code)
    }
    if let code = observer?.after(step) {
      throw .io(operation: "sync the folder of", path: path, code: code)
    }
    guard syncingFolder else { return }
    if let failure = Posix.syncDirectory(folderPath(kind)) {
      throw .io(operation: "sync the folder of", path: path, code: failure.code)
    }
  }

  /// IDs of the records of `kind`, sorted; temp and quarantined files are not records.
  public func ids(of kind: RecordKind) throws(StoreError) -> [String] {
    try validate(kind: kind)
    let folder = folderPath(kind)
    switch Posix.entries(of: folder) {
    case .success(let names):
      return names.compactMap(Self.recordID(fromFileName:)).sorted()
    case .failure(let failure) where failure.code == ENOENT:
      return []
    case .failure(let failure):
      throw .io(operation: "list", path: folder, code: failure.code)
    }
  }

  /// A record's ID and when its file was last written, without reading it.
  public struct Listing: Hashable, Sendable {
    public let id: String
    /// When the record's file was last written (records are written whole, once, by rename).
    public let written: Date
  }

  /// Every record of `kind` with when its file was written, newest first (ties by ID), without
  /// reading any: one `lstat` each, so a list of ten thousand costs milliseconds. A file that
  /// vanishes while listed is left out.
  public func listing(of kind: RecordKind) throws(StoreError) -> [Listing] {
    var listings: [Listing] = []
    for id in try ids(of: kind) {
      guard case .success(let status) = Posix.linkStatus(of: filePath(id: id, kind: kind)),
        Posix.isRegularFile(status)
      else { continue }
      listings.append(
        Listing(
          id: id, written: Date(timeIntervalSince1970: Posix.modificationTime(status))))
    }
    return listings.sorted { ($0.written, $0.id) > ($1.written, $1.id) }
  }

  func folderPath(_ kind: RecordKind) -> String {
    root + "/" + kind.folder
  }

  func filePath(id: String, kind: RecordKind) -> String {
    folderPath(kind) + "/" + id + ".json"
  }

  func validate(id: String, kind: RecordKind) throws(StoreError) {
    try validate(kind: kind)
    try RecordID.validate(id)
  }

  func validate(kind: RecordKind) throws(StoreError) {
    guard NameProblem.find(in: kind.folder) == nil else { throw .invalidKind(kind.folder) }
  }

  private static func recordID(fromFileName name: String) -> String? {
    guard name.hasSuffix(".json") else { return nil }
    let id = String(name.dropLast(".json".count))
    return RecordID.isValid(id) ? id : nil
  }
}
