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

/// Moves an undecodable record aside as `<name>.corrupt-<UTC time>` so a person can inspect it;
/// quarantined bytes are never deleted and never overwritten.
struct Quarantine {
  enum Outcome: Equatable {
    /// Moved; the new file name in the same folder.
    case moved(String)
    /// The path no longer names the file that was inspected (another writer replaced it or
    /// another reader moved it), so nothing was moved.
    case changed
    case failed(Errno)
  }

  let now: @Sendable () -> Date

  /// Moves `folder/fileName` aside if it is still the file identified by `inspected`.
  func moveAside(folder: String, fileName: String, inspected: Posix.FileIdentity) -> Outcome {
    let source = folder + "/" + fileName
    let base = "\(fileName).corrupt-\(Self.stamp(now()))"
    for attempt in 1...1_000 {
      let candidate = attempt == 1 ? base : "\(base)-\(attempt)"
      let destination = folder + "/" + candidate
      // An exclusive create reserves the name atomically, even against other processes; the
      // rename below then replaces only this empty placeholder, never someone else's file.
      switch Posix.openFile(destination, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600) {
      case .failure(let failure) where failure.code == EEXIST:
        continue
      case .failure(let failure):
        return .failed(failure)
      case .success(let fd):
        Posix.closeFile(fd)
      }
      return replace(source, with: destination, in: folder, named: candidate, inspected)
    }
    return .failed(Errno(EEXIST))
  }

  /// Writes `bytes` to a new `<fileName>.corrupt-<UTC time>` beside the file (fsynced), leaving
  /// the file itself alone; a copy with the same bytes already there is reused, so reading the
  /// same broken record again does not pile up copies.
  func copyAside(folder: String, fileName: String, _ bytes: [UInt8]) -> Result<String, Errno> {
    let prefix = "\(fileName).corrupt-"
    if case .success(let names) = Posix.entries(of: folder) {
      for name in names.sorted() where name.hasPrefix(prefix) {
        if Self.contents(of: folder + "/" + name, count: bytes.count) == bytes {
          return .success(name)
        }
      }
    }
    let base = prefix + Self.stamp(now())
    for attempt in 1...1_000 {
      let candidate = attempt == 1 ? base : "\(base)-\(attempt)"
      let destination = folder + "/" + candidate
      let fd: Int32
      switch Posix.openFile(destination, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600) {
      case .failure(let failure) where failure.code == EEXIST:
        continue
      case .failure(let failure):
        return .failure(failure)
      case .success(let opened):
        fd = opened
      }
      let written = bytes.withUnsafeBytes { Posix.writeAll(fd, $0) } ?? Posix.sync(fd)
      Posix.closeFile(fd)
      if let written {
        Posix.removeFile(destination)
        return .failure(written)
      }
      _ = Posix.syncDirectory(folder)
      return .success(candidate)
    }
    return .failure(Errno(EEXIST))
  }

  /// The bytes of `path` if it is a regular file of exactly `count` bytes.
  private static func contents(of path: String, count: Int) -> [UInt8]? {
    guard case .success(let fd) = Posix.openFile(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK) else {
      return nil
    }
    defer { Posix.closeFile(fd) }
    guard case .success(let status) = Posix.status(of: fd), Posix.isRegularFile(status),
      Int(status.st_size) == count,
      case .success(let bytes) = Posix.readUpTo(fd, expected: count, limit: count)
    else { return nil }
    return bytes
  }

  /// `20261129T221500Z`: sorts by time and is safe in a file name.
  static func stamp(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func pad(_ value: Int?, _ width: Int) -> String {
      let digits = String(value ?? 0)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return pad(parts.year, 4) + pad(parts.month, 2) + pad(parts.day, 2) + "T"
      + pad(parts.hour, 2) + pad(parts.minute, 2) + pad(parts.second, 2) + "Z"
  }

  private func replace(
    _ source: String,
    with destination: String,
    in folder: String,
    named candidate: String,
    _ inspected: Posix.FileIdentity
  ) -> Outcome {
    // Narrows (cannot close) the window in which a concurrent writer's fresh record would be
    // moved aside instead of the broken one; even then its bytes are kept, not lost.
    guard case .success(let current) = Posix.linkStatus(of: source),
      Posix.FileIdentity(current) == inspected
    else {
      Posix.removeFile(destination)
      return .changed
    }
    if let failure = Posix.renameItem(source, to: destination) {
      Posix.removeFile(destination)
      return failure.code == ENOENT ? .changed : .failed(failure)
    }
    // The move already happened; failing to make it durable is no reason to report it undone.
    _ = Posix.syncDirectory(folder)
    return .moved(candidate)
  }
}
