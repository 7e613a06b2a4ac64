#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Folders created with their entries not yet made durable in their parents (see
/// `RecordStore.createRootLeavingSync()`): nothing is written in them until `sync()` has
/// succeeded.
public struct UnsyncedFolders: Hashable, Sendable {
  /// The parents whose new entries still need an fsync, deepest last.
  public private(set) var parents: [String] = []

  public init() {}

  /// Whether every folder is already durable.
  public var isEmpty: Bool { parents.isEmpty }

  /// Adds `other`'s folders after these.
  public mutating func append(_ other: UnsyncedFolders) {
    for parent in other.parents where !parents.contains(parent) { parents.append(parent) }
  }

  mutating func add(parentOf path: String) {
    let parent = RecordStore.parent(of: path)
    if !parents.contains(parent) { parents.append(parent) }
  }

  /// Makes the new entries durable, outermost first; then there is nothing left to sync.
  public mutating func sync() throws(StoreError) {
    while let parent = parents.first {
      if let failure = Posix.syncDirectory(parent) {
        throw .io(operation: "sync the folder", path: parent, code: failure.code)
      }
      parents.removeFirst()
    }
  }
}

extension RecordStore {
  /// Creates the data directory and any missing parents, each with mode 0700, like
  /// `createRoot()`, but leaves out the fsyncs that make their entries durable in their parents:
  /// they are returned, and the caller runs them before anything is written in the folders.
  /// A kill before then leaves the folders (the kernel has them); a power cut may lose them, and
  /// with them nothing, as nothing was written in them.
  public func createRootLeavingSync() throws(StoreError) -> UnsyncedFolders {
    var unsynced: UnsyncedFolders? = UnsyncedFolders()
    try ensureFolder(root, unsynced: &unsynced)
    return unsynced ?? UnsyncedFolders()
  }

  /// Creates `path` and any missing parents with mode 0700, each made durable in its parent.
  func ensureFolder(_ path: String) throws(StoreError) {
    var none: UnsyncedFolders?
    try ensureFolder(path, unsynced: &none)
  }

  /// With `unsynced` nil each new folder is synced in its parent at once; otherwise the parent
  /// is added to it.
  private func ensureFolder(_ path: String, unsynced: inout UnsyncedFolders?) throws(StoreError) {
    guard let failure = Posix.makeDirectory(path) else {
      try finishCreating(path, unsynced: &unsynced)
      return
    }
    switch failure.code {
    case EEXIST:
      // A file in the way surfaces as ENOTDIR when the record is written, naming the path.
      return
    case ENOENT:
      let parent = Self.parent(of: path)
      guard parent != path else { throw .io(operation: "create folder", path: path, code: ENOENT) }
      try ensureFolder(parent, unsynced: &unsynced)
      if let retry = Posix.makeDirectory(path) {
        // Another process may have created it in between; then it finished the job.
        if retry.code == EEXIST { return }
        throw .io(operation: "create folder", path: path, code: retry.code)
      }
      try finishCreating(path, unsynced: &unsynced)
    default:
      throw .io(operation: "create folder", path: path, code: failure.code)
    }
  }

  private func finishCreating(_ path: String, unsynced: inout UnsyncedFolders?)
    throws(StoreError)
  {
    // mkdir's mode is filtered by the umask; records must stay private whatever it is.
    if let failure = Posix.setMode(path, 0o700) {
      throw .io(operation: "set permissions of", path: path, code: failure.code)
    }
    if unsynced != nil {
      unsynced?.add(parentOf: path)
      return
    }
    if let failure = Posix.syncDirectory(Self.parent(of: path)) {
      throw .io(operation: "sync the folder of", path: path, code: failure.code)
    }
  }

  static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    if slash == path.startIndex { return "/" }
    return String(path[..<slash])
  }
}
