#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension RecordStore {
  /// Creates `path` and any missing parents with mode 0700, each made durable in its parent.
  func ensureFolder(_ path: String) throws(StoreError) {
    guard let failure = Posix.makeDirectory(path) else {
      try finishCreating(path)
      return
    }
    switch failure.code {
    case EEXIST:
      // A file in the way surfaces as ENOTDIR when the record is written, naming the path.
      return
    case ENOENT:
      let parent = Self.parent(of: path)
      guard parent != path else { throw .io(operation: "create folder", path: path, code: ENOENT) }
      try ensureFolder(parent)
      if let retry = Posix.makeDirectory(path) {
        // Another process may have created it in between; then it finished the job.
        if retry.code == EEXIST { return }
        throw .io(operation: "create folder", path: path, code: retry.code)
      }
      try finishCreating(path)
    default:
      throw .io(operation: "create folder", path: path, code: failure.code)
    }
  }

  private func finishCreating(_ path: String) throws(StoreError) {
    // mkdir's mode is filtered by the umask; records must stay private whatever it is.
    if let failure = Posix.setMode(path, 0o700) {
      throw .io(operation: "set permissions of", path: path, code: failure.code)
    }
    if let failure = Posix.syncDirectory(Self.parent(of: path)) {
      throw .io(operation: "sync the folder of", path: path, code: failure.code)
    }
  }

  private static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    if slash == path.startIndex { return "/" }
    return String(path[..<slash])
  }
}
