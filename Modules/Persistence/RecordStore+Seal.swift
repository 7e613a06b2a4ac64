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
  /// Seals record `id` of `kind` with this store's seal as it is now, replacing any seal it
  /// carries: for the store's owner taking over records written before it sealed them. When it
  /// was written is kept (a listing's order stays). False, and nothing changes, when the file is
  /// not a record of `kind` as this store writes them (not a regular file, too large, not an
  /// envelope of that kind); throws when it cannot be read or written.
  @discardableResult
  public func sealAgain(id: String, kind: RecordKind) throws(StoreError) -> Bool {
    guard let seal, seal.folders.contains(kind.folder) else { return false }
    let relative = try relativePath(id: id, kind: kind)
    let path = filePath(id: id, kind: kind)
    let fd: Int32
    switch Posix.openFile(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK) {
    case .success(let opened): fd = opened
    case .failure(let failure) where failure.code == ENOENT: throw .notFound(path: relative)
    case .failure(let failure) where failure.code == ELOOP: return false
    case .failure(let failure): throw .io(operation: "open", path: path, code: failure.code)
    }
    defer { Posix.closeFile(fd) }
    let status: stat
    switch Posix.status(of: fd) {
    case .success(let found): status = found
    case .failure(let failure): throw .io(operation: "inspect", path: path, code: failure.code)
    }
    guard Posix.isRegularFile(status), Int(status.st_size) <= maxRecordBytes else { return false }
    let bytes: [UInt8]
    switch Posix.readUpTo(fd, expected: Int(status.st_size), limit: maxRecordBytes) {
    case .success(let read): bytes = read
    case .failure(let failure): throw .io(operation: "read", path: path, code: failure.code)
    }
    let plain = RecordSeal.withoutSeal(bytes)
    guard let header = try? RecordCodec.decode(EnvelopeHeader.self, from: Data(plain)),
      header.kind == kind.folder, (1...kind.schema).contains(header.schema),
      let sealed = seal.sealed(plain, at: relative)
    else { return false }
    try AtomicFile.replace(
      "\(id).json", in: folderPath(kind), with: Data(sealed), step: .replace(relative),
      observer: observer)
    // The time it was written, as listings order by it: what was sealed again is not new.
    let times = [status.st_atim, status.st_mtim]
    _ = times.withUnsafeBufferPointer {
      utimensat(AT_FDCWD, path, $0.baseAddress, AT_SYMLINK_NOFOLLOW)
    }
    return true
  }
}

/// An envelope's header alone, to tell a record of a kind without decoding its payload.
private struct EnvelopeHeader: Decodable {
  let schema: Int
  let kind: String
}
