import Domain
import Persistence

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

/// Where the program's event log lines go: `log/booking.log` live, a list in tests.
@MainActor
public protocol EventLogging: AnyObject {
  /// Adds `line`, stamped with `now`.
  func write(_ line: String, at now: Date)
}

/// Lines kept in memory, for tests.
@MainActor
public final class MemoryLog: EventLogging {
  /// Every line written, oldest first, without its time.
  public private(set) var lines: [String] = []

  public init() {}

  public func write(_ line: String, at now: Date) { lines.append(line) }
}

/// `log/booking.log` in the data directory: what the app did, a line each with its UTC time, for
/// when the screen has gone (the app never writes to stdout or stderr while it owns the terminal).
///
/// It holds flow events (transitions and why some were dropped), replies that came home late,
/// what a resume did, save problems and set-aside files, and starts and exits: kinds, codes and
/// IDs only, never a name, email, phone or card digit. Past 512 KiB it moves to `booking.log.1`
/// at the next start, so two files at most are kept.
@MainActor
public final class EventLog: EventLogging {
  nonisolated public static let folder = "log"
  nonisolated public static let name = "booking.log"
  static let rotateBytes = 512 * 1024

  private let file: LineFile

  /// What opening the log found.
  public enum Opened {
    case log(EventLog)
    /// It cannot be written (a read-only or full disk): the app runs on, a log is a help.
    case unwritable
    /// Something that is not a log file is in its place (a FIFO, a link): the app refuses to
    /// start, since a FIFO would hang it and a link would write elsewhere.
    case refused(String)
  }

  private init(file: LineFile) { self.file = file }

  /// Opens the log under `dataDirectory`. Its folder is made by the store with the others at the
  /// start (and synced in its parent before the first save); it is made here (0700) only when the
  /// store could not, so that the log still helps.
  public static func open(dataDirectory: String) -> Opened {
    let folder = dataDirectory + "/" + Self.folder
    switch LineFile.openLog(folder: folder, name: Self.name, rotateBytes: Self.rotateBytes) {
    case nil: return .unwritable
    case .success(let file): return .log(EventLog(file: file))
    case .failure(let error):
      guard error.kind != .system else { return .unwritable }
      return .refused("\(folder)/\(Self.name) cannot be the log: \(error.reason)")
    }
  }

  /// Adds `line` (made one line: breaks become spaces), stamped with `now`.
  public func write(_ line: String, at now: Date) {
    let flat = line.map { $0.isNewline ? " " : String($0) }.joined()
    file.append("\(Self.stamp(now)) \(flat)")
  }

  /// `2026-11-30T01:33:23Z`, by plain arithmetic (the format styles pull in more code than a
  /// log line is worth).
  public static func stamp(_ instant: Date) -> String {
    let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
    let second = ((seconds % 86_400) + 86_400) % 86_400
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return CalendarDay(instant, in: .utc).iso + "T" + two(second / 3600) + ":"
      + two(second % 3600 / 60) + ":" + two(second % 60) + "Z"
  }
}
