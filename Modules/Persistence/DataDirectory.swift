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

/// Where the app keeps its records, and whether that place can be trusted.
public enum DataDirectory {
  /// Folder created under `$XDG_DATA_HOME` or `~/.local/share`.
  public static let appFolder = "booking"

  /// `explicit` (from `--data-dir`), else `$BOOKING_DATA_DIR`, else `$XDG_DATA_HOME/booking`,
  /// else `<home>/.local/share/booking`; empty values count as unset.
  public static func resolve(explicit: String?, environment: [String: String], home: String)
    -> String
  {
    if let explicit, !explicit.isEmpty { return explicit }
    if let fromEnvironment = environment["BOOKING_DATA_DIR"], !fromEnvironment.isEmpty {
      return fromEnvironment
    }
    // The XDG Base Directory spec says a relative value is invalid and must be ignored.
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      return join(xdg, appFolder)
    }
    return join(join(home, ".local/share"), appFolder)
  }

  /// `resolve` with this process's environment and home directory.
  public static func resolveForCurrentProcess(explicit: String?) -> String {
    // The three variables read with `getenv`: `ProcessInfo.environment` copies the whole
    // environment into a dictionary, a measurable part of a start.
    var environment: [String: String] = [:]
    for name in ["BOOKING_DATA_DIR", "XDG_DATA_HOME", "HOME"] {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    return resolve(explicit: explicit, environment: environment, home: home(environment))
  }

  /// The airline's directory for this process: `explicit` (`--airline-dir`), else
  /// `$BOOKING_AIRLINE_DIR`, else `dataDirectory` itself (an airline of one traveller's own).
  /// A relative path or `~` is resolved as the data directory's is.
  public static func airlineForCurrentProcess(explicit: String?, dataDirectory: String) -> String {
    let given = explicit ?? getenv("BOOKING_AIRLINE_DIR").map { String(cString: $0) }
    guard let given, !given.isEmpty else { return dataDirectory }
    return resolveForCurrentProcess(explicit: given)
  }

  /// The home directory: `$HOME` when set and not empty (the convention every shell tool
  /// follows), else the user's entry in the password database, else `/nonexistent` (the home
  /// Debian gives users without one: nothing can be made there, and the error names it).
  public static func home(_ environment: [String: String]) -> String {
    if let home = environment["HOME"], !home.isEmpty { return home }
    return passwordHome() ?? "/nonexistent"
  }

  /// The home directory of `user` in the password database (`getpwuid_r`), nil when it has no
  /// entry or the entry has no home.
  public static func passwordHome(of user: uid_t = getuid()) -> String? {
    var entry = passwd()
    var found: UnsafeMutablePointer<passwd>?
    var size = max(Int(sysconf(Int32(_SC_GETPW_R_SIZE_MAX))), 1024)
    while size <= 1 << 20 {
      var buffer = [CChar](repeating: 0, count: size)
      // The entry's strings live in `buffer`: they are read before it goes.
      let (code, home) = buffer.withUnsafeMutableBufferPointer { strings in
        guard let start = strings.baseAddress else { return (ENOMEM, String?.none) }
        let code = getpwuid_r(user, &entry, start, strings.count, &found)
        guard code == 0, found != nil, let directory = entry.pw_dir else {
          return (code, String?.none)
        }
        return (code, String(cString: directory))
      }
      if code == ERANGE {
        size *= 2
        continue
      }
      guard let home, !home.isEmpty else { return nil }
      return home
    }
    return nil
  }

  /// Why the data directory at `path` cannot be trusted, in one line, or nil when it can (or
  /// does not exist yet). Like ssh's StrictModes: it and each folder in it must belong to `user`,
  /// must not be writable by group or others, and must not be a symbolic link (a trailing `/`
  /// or `/.` does not hide one); each folder above it, up to the root, must belong to `user` or
  /// root and be writable by no one else unless sticky (as `/tmp` is). Otherwise another user
  /// could read the travellers' details, change what is booked, or put a folder of theirs in
  /// its place. Something other than a folder at `path` is no problem here: whoever opens it
  /// says what it is.
  public static func problem(at path: String, user: uid_t = getuid()) -> String? {
    let path = withoutTrailingSlashes(path)
    if let problem = parentProblem(of: path, user: user) { return problem }
    guard case .success(let status) = Posix.linkStatus(of: path) else { return nil }
    let kind = status.st_mode & S_IFMT
    guard kind == S_IFDIR || kind == S_IFLNK else { return nil }
    if let problem = folderProblem(path, status, user) { return problem }
    guard kind == S_IFDIR, case .success(let names) = Posix.entries(of: path) else { return nil }
    for name in names.sorted() {
      let entry = join(path, name)
      guard case .success(let inner) = Posix.linkStatus(of: entry) else { continue }
      let kind = inner.st_mode & S_IFMT
      guard kind == S_IFDIR || kind == S_IFLNK else { continue }
      if let problem = folderProblem(entry, inner, user) { return problem }
    }
    return nil
  }

  /// What is at `path` when it is not a folder ("a file", "a character device"...), nil for a
  /// folder or when nothing is there.
  public static func nonFolderKind(at path: String) -> String? {
    var status = stat()
    guard stat(withoutTrailingSlashes(path), &status) == 0 else { return nil }
    switch status.st_mode & S_IFMT {
    case S_IFDIR: return nil
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFIFO: return "a named pipe"
    case S_IFSOCK: return "a socket"
    default: return "a file"
    }
  }

  private static func folderProblem(_ path: String, _ status: stat, _ user: uid_t) -> String? {
    if (status.st_mode & S_IFMT) == S_IFLNK {
      return "\(path) is a symbolic link; give the folder it points to (--data-dir) instead"
    }
    if status.st_uid != user {
      return "\(path) belongs to another user (uid \(status.st_uid)), who could read or change "
        + "your bookings; use a folder of your own"
    }
    let mode = status.st_mode & 0o777
    if mode & 0o022 != 0 {
      return "\(path) can be changed by other users (mode \(String(mode, radix: 8))); run: "
        + "chmod 700 \(path)"
    }
    return nil
  }

  /// `path` without the `/` and `/.` at its end that would make `lstat` follow a link.
  static func withoutTrailingSlashes(_ path: String) -> String {
    var path = path
    while path.count > 1 {
      if path.hasSuffix("/") {
        path.removeLast()
      } else if path.hasSuffix("/.") {
        path.removeLast(2)
      } else {
        break
      }
    }
    return path.isEmpty ? "/" : path
  }

  private static func join(_ base: String, _ component: String) -> String {
    base.hasSuffix("/") ? base + component : base + "/" + component
  }
}

extension RecordStore {
  /// Creates the data directory and any missing parents, each with mode 0700.
  public func createRoot() throws(StoreError) {
    try ensureFolder(root)
  }

  /// Creates the folder `kind` keeps its records in, and the data directory, each with mode
  /// 0700 and durable in its parent. A folder found made is synced in its parent once per
  /// process, by whichever copy of this store finds it first.
  public func createFolder(of kind: RecordKind) throws(StoreError) {
    try validate(kind: kind)
    try ensureFolder(folderPath(kind))
  }

  /// The text of record `id` as it is on disk (at most `maxRecordBytes`), read without following
  /// a symbolic link and only from a regular file; nil when there is none.
  public func rawText(id: String, kind: RecordKind) throws(StoreError) -> String? {
    try validate(id: id, kind: kind)
    let path = filePath(id: id, kind: kind)
    let fd: Int32
    switch Posix.openFile(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK) {
    case .success(let opened): fd = opened
    case .failure(let failure) where failure.code == ENOENT || failure.code == ENOTDIR: return nil
    case .failure(let failure): throw .io(operation: "open", path: path, code: failure.code)
    }
    defer { Posix.closeFile(fd) }
    guard case .success(let status) = Posix.status(of: fd), Posix.isRegularFile(status) else {
      throw .io(operation: "read (not a regular file)", path: path, code: EINVAL)
    }
    switch Posix.readUpTo(fd, expected: Int(status.st_size), limit: maxRecordBytes) {
    case .success(let bytes): return String(decoding: bytes.prefix(maxRecordBytes), as: UTF8.self)
    case .failure(let failure): throw .io(operation: "read", path: path, code: failure.code)
    }
  }
}
