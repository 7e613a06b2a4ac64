#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#endif

extension RecordStore {
  /// Deletes temp files of `kind` last modified more than `age` seconds before `now`, left by
  /// writers that crashed between write and rename; returns how many were removed.
  @discardableResult
  public func removeStaleTemporaryFiles(of kind: RecordKind, olderThan age: TimeInterval)
    throws(StoreError) -> Int
  {
    try validate(kind: kind)
    let folder = folderPath(kind)
    let names: [String]
    switch Posix.entries(of: folder) {
    case .success(let found): names = found
    case .failure(let failure) where failure.code == ENOENT: return 0
    case .failure(let failure): throw .io(operation: "list", path: folder, code: failure.code)
    }
    // A young temp file may belong to a live writer in another process; leave it alone.
    let cutoff = now().timeIntervalSince1970 - age
    var removed = 0
    for name in names where AtomicFile.isTemporary(name) {
      let path = folder + "/" + name
      guard case .success(let status) = Posix.linkStatus(of: path),
        Double(Posix.modificationSeconds(status)) < cutoff
      else { continue }
      switch Posix.removeFile(path) {
      case nil: removed += 1
      case .some(let failure) where failure.code == ENOENT: continue
      case .some(let failure): throw .io(operation: "delete", path: path, code: failure.code)
      }
    }
    return removed
  }
}
