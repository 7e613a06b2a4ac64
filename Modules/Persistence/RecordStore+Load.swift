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

extension RecordStore {
  /// Reads record `id` of `kind`: `notFound` if missing, `newerSchema` if a newer binary wrote
  /// it (left in place), `corrupt` if undecodable (moved aside first), or `corruptKept` when
  /// `policy` is `keepInPlace` (the bytes copied aside, the file left where it is).
  public func load<Value: Decodable>(
    _ type: Value.Type, id: String, kind: RecordKind, policy: CorruptRecordPolicy = .moveAside
  ) throws(StoreError) -> Value {
    let relative = try relativePath(id: id, kind: kind)
    if let seal, seal.folders.contains(kind.folder) { seal.prepare() }
    // A retry happens only when another writer or reader changed the file mid-inspection.
    for _ in 1...3 {
      if let value = try attemptLoad(type, id: id, kind: kind, relative: relative, policy: policy) {
        return value
      }
    }
    throw .io(operation: "read", path: filePath(id: id, kind: kind), code: EAGAIN)
  }

  /// `load`, but nil instead of `notFound`; corrupt and newer files still throw.
  public func loadIfPresent<Value: Decodable>(
    _ type: Value.Type, id: String, kind: RecordKind, policy: CorruptRecordPolicy = .moveAside
  ) throws(StoreError) -> Value? {
    do {
      return try load(type, id: id, kind: kind, policy: policy)
    } catch .notFound {
      return nil
    }
  }

  /// The decoded value, or nil if the file changed under us and the caller should look again.
  private func attemptLoad<Value: Decodable>(
    _ type: Value.Type,
    id: String,
    kind: RecordKind,
    relative: String,
    policy: CorruptRecordPolicy
  ) throws(StoreError) -> Value? {
    let path = filePath(id: id, kind: kind)
    func setAside(_ reason: String, _ identity: Posix.FileIdentity, _ bytes: [UInt8]?)
      throws(StoreError) -> Value?
    {
      switch policy {
      case .moveAside:
        return try quarantine(id: id, kind: kind, reason: reason, identity: identity)
      case .keepInPlace:
        return try keepCorrupt(id: id, kind: kind, reason: reason, bytes: bytes)
      case .report:
        throw .corruptKept(path: "\(kind.folder)/\(id).json", reason: reason, copiedTo: nil)
      }
    }
    // O_NOFOLLOW: a planted symlink must not make us read (or later move) another file;
    // O_NONBLOCK: a FIFO named like a record must not hang the app.
    let fd: Int32
    switch Posix.openFile(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK) {
    case .success(let opened):
      fd = opened
    case .failure(let failure) where failure.code == ENOENT || failure.code == ENOTDIR:
      throw .notFound(path: relative)
    case .failure(let failure) where failure.code == ELOOP:
      guard case .success(let link) = Posix.linkStatus(of: path) else { return nil }
      return try setAside("it is a symbolic link", .init(link), nil)
    case .failure(let failure):
      throw .io(operation: "open", path: path, code: failure.code)
    }
    defer { Posix.closeFile(fd) }

    let status: stat
    switch Posix.status(of: fd) {
    case .success(let found): status = found
    case .failure(let failure): throw .io(operation: "inspect", path: path, code: failure.code)
    }
    let identity = Posix.FileIdentity(status)
    guard Posix.isRegularFile(status) else {
      return try setAside("it is not a regular file", identity, nil)
    }
    // Checked before reading so an absurd file never lands in memory.
    guard Int(status.st_size) <= maxRecordBytes else {
      let reason = "it is \(status.st_size) bytes, over the \(maxRecordBytes)-byte limit"
      return try setAside(reason, identity, nil)
    }
    let bytes: [UInt8]
    switch Posix.readUpTo(fd, expected: Int(status.st_size), limit: maxRecordBytes) {
    case .success(let read): bytes = read
    case .failure(let failure): throw .io(operation: "read", path: path, code: failure.code)
    }
    guard bytes.count <= maxRecordBytes else {
      return try setAside("it grew past the \(maxRecordBytes)-byte limit", identity, nil)
    }
    if let seal, seal.folders.contains(kind.folder) {
      switch seal.open(bytes, at: relative) {
      case .sealed:
        break
      case .unsealed:
        return try setAside(
          "it carries no seal: it was not written by its store's owner", identity, bytes)
      case .mismatch:
        return try setAside(
          "its seal does not match its bytes: it was changed after it was written, or "
            + "written elsewhere", identity, bytes)
      }
    }
    let data = Data(bytes)
    switch try decode(type, from: data, kind: kind, relative: relative) {
    case .success(let value):
      return value
    case .failure(let failure):
      return try setAside(failure.reason, identity, bytes)
    }
  }

  /// The value, or why the file is corrupt; a newer schema throws since it is not corrupt.
  func decode<Value: Decodable>(
    _ type: Value.Type,
    from data: Data,
    kind: RecordKind,
    relative: String
  ) throws(StoreError) -> Result<Value, CorruptRecord> {
    let envelope: OpenedEnvelope<Value>
    do {
      envelope = try RecordCodec.decode(OpenedEnvelope<Value>.self, from: data)
    } catch {
      return .failure(CorruptRecord(RecordCodec.reason(for: error, data: data)))
    }
    if envelope.schema > kind.schema {
      throw .newerSchema(path: relative, found: envelope.schema, supported: kind.schema)
    }
    guard envelope.schema >= 1 else {
      return .failure(CorruptRecord("schema \(envelope.schema) is not a valid version"))
    }
    guard envelope.kind == kind.folder else {
      let found = envelope.kind.quotedForDisplay
      return .failure(CorruptRecord("it holds kind \(found), not '\(kind.folder)'"))
    }
    switch envelope.payload {
    case .success(let value): return .success(value)
    case .failure(let error):
      return .failure(CorruptRecord(RecordCodec.reason(for: error, data: data)))
    }
  }

  /// Copies the bytes of a corrupt guard aside (once: an identical copy is reused) and throws
  /// `corruptKept`, leaving the file in place for the caller to replace or remove.
  private func keepCorrupt<Value>(
    id: String, kind: RecordKind, reason: String, bytes: [UInt8]?
  ) throws(StoreError) -> Value? {
    let relative = "\(kind.folder)/\(id).json"
    guard let bytes else { throw .corruptKept(path: relative, reason: reason, copiedTo: nil) }
    switch Quarantine(now: now).copyAside(folder: folderPath(kind), fileName: "\(id).json", bytes) {
    case .success(let name):
      throw .corruptKept(path: relative, reason: reason, copiedTo: "\(kind.folder)/\(name)")
    case .failure(let failure):
      throw .io(operation: "copy aside the unreadable", path: relative, code: failure.code)
    }
  }

  private func quarantine<Value>(
    id: String,
    kind: RecordKind,
    reason: String,
    identity: Posix.FileIdentity
  ) throws(StoreError) -> Value? {
    let relative = "\(kind.folder)/\(id).json"
    let mover = Quarantine(now: now)
    switch mover.moveAside(folder: folderPath(kind), fileName: "\(id).json", inspected: identity) {
    case .moved(let name):
      throw .corrupt(path: relative, reason: reason, movedTo: "\(kind.folder)/\(name)")
    case .changed:
      return nil
    case .failed(let failure):
      throw .corruptNotMoved(path: relative, reason: reason, code: failure.code)
    }
  }
}

/// Why a file that was read in full is not a valid record.
struct CorruptRecord: Error {
  let reason: String

  init(_ reason: String) {
    self.reason = reason
  }
}
