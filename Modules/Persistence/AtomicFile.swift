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

/// Replaces a file so that a reader, even after `kill -9` or a power cut, sees the old
/// contents or the new, never a mix: temp file, write, fsync, rename, fsync the folder.
enum AtomicFile {
  /// Prefix and infix of temp files: the leading `.` keeps them out of record listings.
  static func isTemporary(_ name: String) -> Bool {
    name.hasPrefix(".") && (name.contains(".json.tmp-") || name.contains(".listing.tmp-"))
  }

  /// Writes `data` to `folder/fileName` with mode 0600; errors name the target path.
  /// `observer` is told just before and after the rename, the step that makes the new version
  /// visible; an errno it returns fails the write there, as a full disk would.
  static func replace(
    _ fileName: String, in folder: String, with data: Data, step: DurableStep? = nil,
    observer: DurableStepObserver? = nil
  ) throws(StoreError) {
    let target = folder + "/" + fileName
    let nonce = String(UInt64.random(in: .min ... .max), radix: 16)
    let temporary = folder + "/.\(fileName).tmp-\(getpid())-\(nonce)"
    let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW
    let fd: Int32
    switch Posix.openFile(temporary, flags, 0o600) {
    case .success(let opened): fd = opened
    case .failure(let failure): throw .io(operation: "write", path: target, code: failure.code)
    }
    if let (operation, failure) = fill(fd, with: data) {
      Posix.closeFile(fd)
      Posix.removeFile(temporary)
      throw .io(operation: operation, path: target, code: failure.code)
    }
    if let failure = Posix.closeFile(fd) {
      Posix.removeFile(temporary)
      throw .io(operation: "write", path: target, code: failure.code)
    }
    if let step, let code = observer?.before(step) {
      Posix.removeFile(temporary)
      throw .io(operation: "write", path: target, code: code)
    }
    if let failure = Posix.renameItem(temporary, to: target) {
      Posix.removeFile(temporary)
      throw .io(operation: "replace", path: target, code: failure.code)
    }
    if let step, let code = observer?.after(step) {
      throw .io(operation: "sync the folder of", path: target, code: code)
    }
    if let failure = Posix.syncDirectory(folder) {
      throw .io(operation: "sync the folder of", path: target, code: failure.code)
    }
  }

  /// Mode, bytes, fsync; returns the failed step and its errno.
  private static func fill(_ fd: Int32, with data: Data) -> (String, Errno)? {
    // The umask may have taken bits away from 0600 at creation; set the exact mode.
    if let failure = Posix.setMode(of: fd, 0o600) { return ("set permissions of", failure) }
    let written = data.withUnsafeBytes { Posix.writeAll(fd, $0) }
    if let failure = written { return ("write", failure) }
    if let failure = Posix.sync(fd) { return ("sync", failure) }
    return nil
  }
}
