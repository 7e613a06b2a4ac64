#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The command that starts the terminal app, as `quote` suggests it beside its pay link: the
/// `booking` that belongs with this `booking-cli`, named as the shell will find it.
enum AppCommand {
  /// `swift run booking` when this binary runs from a SwiftPM build folder (a `.build` in its
  /// path: the checkout, where `swift run` builds and finds the app); else the `booking` in
  /// this binary's folder, as `booking` when that is the one `PATH` finds, else by its absolute
  /// path; plain `booking` when none is beside it.
  static func words() -> [String] {
    words(executable: ownPath(), searchPath: getenv("PATH").map { String(cString: $0) })
  }

  /// The words for a `booking-cli` at `executable`, with `searchPath` as `PATH`.
  static func words(executable: String?, searchPath: String?) -> [String] {
    guard let executable, let slash = executable.lastIndex(of: "/") else { return ["booking"] }
    if executable.split(separator: "/").contains(".build") { return ["swift", "run", "booking"] }
    let app = String(executable[..<slash]) + "/booking"
    guard isExecutable(app) else { return ["booking"] }
    // The first `booking` on PATH is the one the shell runs: plain `booking` only when it is this.
    let found = (searchPath ?? "").split(separator: ":", omittingEmptySubsequences: true)
      .lazy.map { String($0) + "/booking" }.first(where: isExecutable)
    guard let found, let mine = realPath(app), realPath(found) == mine else { return [app] }
    return ["booking"]
  }

  /// The absolute path of the running binary, links resolved; nil when it cannot be told.
  private static func ownPath() -> String? {
    #if os(Linux)
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
      guard count > 0 else { return nil }
      return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    #else
      return CommandLine.arguments.first.flatMap(realPath)
    #endif
  }

  private static func isExecutable(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
      && access(path, X_OK) == 0
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
