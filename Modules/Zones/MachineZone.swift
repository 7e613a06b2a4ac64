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

extension ZoneSource {
  /// The zone of this machine: `$TZ` (":Europe/Istanbul", "Europe/Istanbul", or a POSIX rule;
  /// empty means UTC), else the zone /etc/localtime links to, else the contents of
  /// /etc/localtime itself (read only then), else UTC.
  public func machineZone() -> Zone {
    let path = "/etc/localtime"
    return resolve(
      tz: environmentValue("TZ"), localtimeLink: Self.linkTarget(atPath: path),
      localtime: ZoneFile.contents(atPath: path).flatMap(Self.localtimeZone))
  }

  /// Where the symbolic link at `path` points, as written in it; nil when it is not a link.
  /// `readlink` itself: `FileManager` costs its own first use (a tenth of a millisecond) at
  /// every start, for one system call.
  static func linkTarget(atPath path: String) -> String? {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { characters -> Int in
        guard let start = characters.baseAddress else { return -1 }
        return readlink(path, start, characters.count)
      }
    }
    guard count > 0, count < buffer.count else { return nil }
    return String(decoding: buffer[..<count], as: UTF8.self)
  }

  /// The zone in the bytes of /etc/localtime, named by its rule (or "localtime" without one).
  static func localtimeZone(_ bytes: [UInt8]) -> Zone? {
    guard let file = TZif(bytes) else { return nil }
    return file.zone(identifier: file.footer ?? "localtime")
  }

  /// The machine zone from its three sources: the `TZ` variable, the target of the
  /// /etc/localtime link, and the zone in /etc/localtime. A `TZ` that is set but is neither a
  /// known name, a .../zoneinfo/<name> path, nor a valid POSIX rule gives UTC, as in glibc.
  func resolve(tz: String?, localtimeLink: String?, localtime: @autoclosure () -> Zone?) -> Zone {
    if let tz {
      var value = Substring(tz)
      if value.hasPrefix(":") { value = value.dropFirst() }
      if value.isEmpty { return .utc }
      let text = String(value)
      if let name = Self.zoneName(inPath: text), let zone = zone(named: name) { return zone }
      if let zone = zone(named: text) { return zone }
      if let zone = Zone(identifier: text, posixRule: text) { return zone }
      return .utc
    }
    if let link = localtimeLink, let name = Self.zoneName(inPath: link),
      let zone = zone(named: name)
    {
      return zone
    }
    return localtime() ?? .utc
  }

  /// "Europe/Istanbul" from "/usr/share/zoneinfo/Europe/Istanbul" or
  /// "../usr/share/zoneinfo/posix/Europe/Istanbul"; nil if the path has no "zoneinfo/" part.
  static func zoneName(inPath path: String) -> String? {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard let index = parts.lastIndex(of: "zoneinfo") else { return nil }
    var rest = parts[(index + 1)...]
    if let first = rest.first, first == "posix" || first == "right" { rest = rest.dropFirst() }
    let name = rest.joined(separator: "/")
    return name.isEmpty ? nil : name
  }
}
