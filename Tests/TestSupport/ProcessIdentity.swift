import Foundation

/// A process told apart from any later one given the same PID: its PID and its start time (clock
/// ticks since boot, field 22 of `/proc/<pid>/stat`). A suite starts tens of thousands of
/// processes and PIDs wrap (at 32,768 here), so a PID noted earlier may name another test's
/// process by the time it is signalled.
public struct ProcessIdentity: Hashable, Sendable {
  public let pid: Int32
  public let started: UInt64

  /// The process now running as `pid`; nil when there is none (or no `/proc` to tell).
  public init?(_ pid: Int32) {
    guard let started = Self.startTime(of: pid) else { return nil }
    self.pid = pid
    self.started = started
  }

  /// Whether the process is still the one noted: the PID is alive and was not given again.
  public var isRunning: Bool { Self.startTime(of: pid) == started }

  /// Sends `signal` to the process, and to its process group when it leads one, only if it is
  /// still the one noted.
  public func kill(_ signal: Int32, group: Bool = false) {
    guard isRunning else { return }
    if group { _ = Foundation.kill(-pid, signal) }
    _ = Foundation.kill(pid, signal)
  }

  static func startTime(of pid: Int32) -> UInt64? {
    guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
    let text = String(decoding: data, as: UTF8.self)
    // The command name, in parentheses, may hold spaces: the fields are counted after it.
    guard let close = text.lastIndex(of: ")") else { return nil }
    let fields = text[text.index(after: close)...].split(separator: " ")
    // Field 3 (the state) is the first after the name; the start time is field 22.
    guard fields.count > 19 else { return nil }
    return UInt64(fields[19])
  }
}
