import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// New folders whose entries in their parents are not durable yet (see
/// `RecordStore.createRootLeavingSync(subfolders:)`), shared by every copy of a store: its next
/// save syncs them before it writes anything, so nothing is ever written in them first.
final class FolderSyncs: Sendable {
  private let parents = Mutex<[String]>([])
  /// Entered while the parents are synced ahead of the next save (`syncAhead`).
  private let ahead = DispatchGroup()
  /// Parents synced, or queued to be, by this process: every folder found in one of them before
  /// then is durable there.
  private let covered = Mutex<Set<String>>([])

  /// The parents still to sync, outermost first.
  var pending: [String] { parents.withLock { $0 } }

  func add(parentOf path: String) {
    let parent = RecordStore.parent(of: path)
    covered.withLock { _ = $0.insert(parent) }
    parents.withLock { if !$0.contains(parent) { $0.append(parent) } }
  }

  /// `path`'s parent was synced.
  func synced(parentOf path: String) {
    covered.withLock { _ = $0.insert(RecordStore.parent(of: path)) }
  }

  /// A folder found made (by an earlier process, which may have been killed before it synced
  /// its parent): its parent is synced once per process, at once or, `deferring`, by the next
  /// save.
  func found(_ path: String, deferring: Bool) throws(StoreError) {
    let parent = RecordStore.parent(of: path)
    guard !covered.withLock({ $0.contains(parent) }) else { return }
    if deferring {
      add(parentOf: path)
      return
    }
    if let failure = Posix.syncDirectory(parent) {
      throw .io(operation: "sync the folder of", path: path, code: failure.code)
    }
    synced(parentOf: path)
  }

  /// Syncs each pending parent, outermost first, once any sync ahead is done; one that fails
  /// stays, with those after it, for the next save.
  func sync() throws(StoreError) {
    ahead.wait()
    try syncPending()
  }

  /// Starts syncing the pending parents now, on a queue of its own (not a global one: its worker
  /// would start libdispatch's once-a-second thread-pool monitor); every `sync` meanwhile waits
  /// for it.
  func syncAhead() {
    ahead.enter()
    DispatchQueue(label: "booking.folder-syncs", qos: .userInitiated).async {
      _ = try? self.syncPending()
      self.ahead.leave()
    }
  }

  /// Syncs each pending parent, outermost first. Held throughout: a save on another thread waits
  /// until the folders are durable.
  private func syncPending() throws(StoreError) {
    try parents.withLock { (parents: inout [String]) throws(StoreError) in
      while let parent = parents.first {
        if let failure = Posix.syncDirectory(parent) {
          throw .io(operation: "sync the folder", path: parent, code: failure.code)
        }
        parents.removeFirst()
      }
    }
  }
}

extension RecordStore {
  /// Creates the data directory, any missing parents and `subfolders` in it, each with mode
  /// 0700, like `createRoot()`, but leaves out the fsyncs that make the new ones durable in their
  /// parents: the store's first save makes them, before it writes (`unsyncedFolders` lists
  /// them). A kill before then leaves the folders (the kernel has them); a power cut may lose
  /// them, and with them nothing, as nothing was written in them.
  public func createRootLeavingSync(subfolders: [String] = []) throws(StoreError) {
    try ensureFolder(root, deferringSync: true)
    for folder in subfolders {
      try ensureFolder(root + "/" + folder, deferringSync: true)
    }
  }

  /// The parents whose new entries the next save syncs first, outermost first.
  public var unsyncedFolders: [String] { folderSyncs.pending }

  /// Starts making the new folders durable in their parents now, on a queue of its own, rather
  /// than at the next save: a start calls it so that its first save, which a pay link's first
  /// frame waits for, finds them done. A save meanwhile waits for it; a sync that fails is left,
  /// with those after it, to the next save, which reports it.
  public func syncNewFoldersAhead() {
    folderSyncs.syncAhead()
  }

  /// Creates `path` and any missing parents with mode 0700, each made durable in its parent at
  /// once or, `deferringSync`, by the next save.
  func ensureFolder(_ path: String, deferringSync: Bool = false) throws(StoreError) {
    guard let failure = Posix.makeDirectory(path) else {
      try finishCreating(path, deferringSync: deferringSync)
      return
    }
    switch failure.code {
    case EEXIST:
      // A file in the way surfaces as ENOTDIR when the record is written, naming the path.
      // The data directory and the folders in it may have been made by a start killed before
      // it synced them; the folders above it are not the store's.
      if path == root || path.hasPrefix(root + "/") {
        try folderSyncs.found(path, deferring: deferringSync)
      }
      return
    case ENOENT:
      let parent = Self.parent(of: path)
      guard parent != path else { throw .io(operation: "create folder", path: path, code: ENOENT) }
      try ensureFolder(parent, deferringSync: deferringSync)
      if let retry = Posix.makeDirectory(path) {
        // Another process may have created it in between; then it syncs it too.
        if retry.code == EEXIST { return }
        throw .io(operation: "create folder", path: path, code: retry.code)
      }
      try finishCreating(path, deferringSync: deferringSync)
    default:
      throw .io(operation: "create folder", path: path, code: failure.code)
    }
  }

  private func finishCreating(_ path: String, deferringSync: Bool) throws(StoreError) {
    // mkdir's mode is filtered by the umask; records must stay private whatever it is.
    if let failure = Posix.setMode(path, 0o700) {
      throw .io(operation: "set permissions of", path: path, code: failure.code)
    }
    if deferringSync {
      folderSyncs.add(parentOf: path)
      return
    }
    if let failure = Posix.syncDirectory(Self.parent(of: path)) {
      throw .io(operation: "sync the folder of", path: path, code: failure.code)
    }
    folderSyncs.synced(parentOf: path)
  }

  static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    if slash == path.startIndex { return "/" }
    return String(path[..<slash])
  }
}
