import FoundationEssentials

/// Where the app keeps its records.
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
    resolve(
      explicit: explicit,
      environment: ProcessInfo.processInfo.environment,
      home: FileManager.default.homeDirectoryForCurrentUser.path
    )
  }

  private static func join(_ base: String, _ component: String) -> String {
    base.hasSuffix("/") ? base + component : base + "/" + component
  }
}
