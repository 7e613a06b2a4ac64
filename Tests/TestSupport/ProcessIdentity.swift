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

  /// Waits, on a thread of its own, until the process has exited (a zombie not yet reaped has
  /// exited: its files are closed and its locks released); false if it still runs after
  /// `seconds`. The kernel says when, through a pidfd: nothing is polled.
  public func exited(within seconds: Double) async throws -> Bool {
    let identity = self
    return try await offTheGlobalExecutor("exit-of-\(pid)") { identity.waitForExit(seconds) }
  }

  private func waitForExit(_ seconds: Double) -> Bool {
    let descriptor = Self.pidfdOpen?(pid, 0) ?? -1
    guard descriptor >= 0 else { return !isRunning }
    defer { close(descriptor) }
    // Opened after the PID may have been given again: only the noted process counts.
    guard isRunning else { return true }
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
    while true {
      let now = DispatchTime.now().uptimeNanoseconds
      guard now < deadline else { return false }
      let milliseconds = Int32(min(Double(deadline - now) / 1e6, Double(Int32.max)).rounded(.up))
      let ready = poll(&entry, 1, milliseconds)
      if ready > 0 { return true }
      if ready < 0, errno != EINTR { return !isRunning }
    }
  }

  /// `pidfd_open(2)` from the C library (glibc 2.36 and later), looked up once.
  private static let pidfdOpen: (@convention(c) (pid_t, UInt32) -> Int32)? = {
    guard let symbol = dlsym(nil, "pidfd_open") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (pid_t, UInt32) -> Int32).self)
  }()

  /// Waits, on a thread of its own, until the process catches every one of `signals` (a
  /// handler of its own is installed); false once it has exited, or after `seconds`. No event
  /// tells this: `/proc/<pid>/status` is read every few milliseconds.
  public func catches(_ signals: [Int32], within seconds: Double) async throws -> Bool {
    let identity = self
    let wanted = signals.reduce(UInt64(0)) { $0 | (UInt64(1) << UInt64($1 - 1)) }
    return try await offTheGlobalExecutor("signals-of-\(pid)") {
      let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
      while DispatchTime.now().uptimeNanoseconds < deadline {
        guard identity.isRunning, let status = identity.status(), status["State"]?.first != "Z"
        else { return false }
        let caught = status["SigCgt"].flatMap { UInt64($0, radix: 16) } ?? 0
        if caught & wanted == wanted { return true }
        usleep(5_000)
      }
      return false
    }
  }

  /// The fields of `/proc/<pid>/status`, by name.
  private func status() -> [String: String]? {
    guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/status") else {
      return nil
    }
    var fields: [String: String] = [:]
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      guard let colon = line.firstIndex(of: ":") else { continue }
      fields[String(line[..<colon])] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    return fields
  }

  /// The command name (`/proc/<pid>/comm`).
  public var name: String? {
    FileManager.default.contents(atPath: "/proc/\(pid)/comm").map {
      String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
  }

  /// Every process under this one, nearest first.
  public var descendants: [ProcessIdentity] {
    var found: [ProcessIdentity] = []
    var next = children
    while !next.isEmpty {
      found += next
      next = next.flatMap(\.children)
    }
    return found
  }

  /// The processes whose parent is this one, read from `/proc`.
  public var children: [ProcessIdentity] {
    guard isRunning, let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc")
    else { return [] }
    return entries.compactMap { entry -> ProcessIdentity? in
      guard let child = Int32(entry), let fields = Self.statFields(of: child),
        fields.count > 19, Int32(fields[1]) == pid
      else { return nil }
      return ProcessIdentity(child)
    }.sorted { $0.pid < $1.pid }
  }

  static func startTime(of pid: Int32) -> UInt64? {
    guard let fields = statFields(of: pid), fields.count > 19 else { return nil }
    // Field 3 (the state) is the first after the name; the start time is field 22.
    return UInt64(fields[19])
  }

  /// The fields of `/proc/<pid>/stat` after the command name (the state first).
  private static func statFields(of pid: Int32) -> [Substring]? {
    guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
    let text = String(decoding: data, as: UTF8.self)
    // The command name, in parentheses, may hold spaces: the fields are counted after it.
    guard let close = text.lastIndex(of: ")") else { return nil }
    return text[text.index(after: close)...].split(separator: " ")
  }
}
