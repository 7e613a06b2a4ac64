#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension DataDirectory {
  /// Why a folder above the data directory at `path` cannot be trusted, or nil. The folders
  /// checked are those of the nearest one that exists, its links resolved (as ssh does), up to
  /// the root: the missing ones are made later, by this user, with mode 0700.
  static func parentProblem(of path: String, user: uid_t) -> String? {
    var parent = parentFolder(of: absolute(path))
    if let problem = linkProblem(above: parent, user: user) { return problem }
    while case .failure(let failure) = Posix.linkStatus(of: parent), failure.code == ENOENT,
      parent != "/"
    {
      parent = parentFolder(of: parent)
    }
    guard let resolved = realpath(parent, nil) else { return nil }
    var folder = String(cString: resolved)
    free(resolved)
    while true {
      guard case .success(let status) = Posix.linkStatus(of: folder) else { return nil }
      // A file above the data directory: opening it fails with ENOTDIR, named by its opener.
      guard (status.st_mode & S_IFMT) == S_IFDIR else { return nil }
      if let problem = ancestorProblem(folder, status, user) { return problem }
      if folder == "/" { return nil }
      folder = parentFolder(of: folder)
    }
  }

  /// A symbolic link on the way to `folder` that another user owns (not root): whoever owns a
  /// link can point it elsewhere, even in a sticky folder, and the resolved folders would then
  /// be theirs to choose.
  private static func linkProblem(above folder: String, user: uid_t) -> String? {
    var prefix = ""
    for component in folder.split(separator: "/") {
      prefix += "/" + String(component)
      guard case .success(let status) = Posix.linkStatus(of: prefix) else { return nil }
      guard (status.st_mode & S_IFMT) == S_IFLNK else { continue }
      let owner = status.st_uid
      if owner != user, owner != 0 {
        return "\(prefix) is a symbolic link of another user (uid \(owner)), who could point it "
          + "elsewhere; give the data directory's real path (--data-dir)"
      }
    }
    return nil
  }

  private static func ancestorProblem(_ folder: String, _ status: stat, _ user: uid_t)
    -> String?
  {
    let owner = status.st_uid
    if owner != user, owner != 0 {
      return "\(folder) belongs to another user (uid \(owner)), who could replace the data "
        + "directory inside it; keep the data directory under folders of your own or root's"
    }
    let mode = status.st_mode & 0o7777
    guard mode & 0o022 != 0, mode & mode_t(S_ISVTX) == 0 else { return nil }
    let shown = String(mode & 0o777, radix: 8)
    if owner == user {
      return "\(folder) can be changed by other users (mode \(shown)), who could replace the "
        + "data directory inside it; run: chmod go-w \(folder)"
    }
    return "\(folder) can be changed by other users (mode \(shown), owned by root, not sticky), "
      + "who could replace the data directory inside it; keep the data directory elsewhere"
  }

  /// `path` made absolute against the working directory, with runs of `/` made one.
  private static func absolute(_ path: String) -> String {
    var full = path
    if !path.hasPrefix("/") {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let base =
        getcwd(&buffer, buffer.count) == nil
        ? "/"
        : String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      full = base + "/" + path
    }
    // Concrete `String` appends, not `joined(separator:)`: unspecialized, it looks its element's
    // conformances up at run time, a measurable part of a start.
    var joined = ""
    for part in full.split(separator: "/", omittingEmptySubsequences: true) {
      joined += "/" + String(part)
    }
    return joined.isEmpty ? "/" : joined
  }

  /// The folder holding `path` (absolute, without a trailing `/`); `/` for `/`.
  private static func parentFolder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
    return String(path[..<slash])
  }
}
