import FlowOwner
import Persistence
import Synchronization

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

/// A snapshot written, and what writing it said: nil when it is on disk, else the reason, one
/// line for the header.
public struct SessionSave: Sendable {
  public let snapshot: BookingSnapshot
  public let error: String?
}

/// What reading the saved session found.
public enum SessionLoaded: Sendable {
  case none
  case snapshot(BookingSnapshot)
  /// The file was unreadable (set aside) or from a newer version: start fresh, saying why.
  case unusable(String)
}

/// Where the session snapshot is kept: a file in the data directory live, memory in tests.
public protocol SessionStore: Sendable {
  /// Reads the saved session.
  func load() -> SessionLoaded
  /// Writes `snapshot` atomically; the error, if any, is one line for the header.
  func save(_ snapshot: BookingSnapshot) -> String?
  /// The saved text as it is, on one line, for the inspector (or why it cannot be read).
  func text() -> String
}

/// The saved snapshot in `session/snapshot.json`, read and written through the record store.
public struct SessionFile: SessionStore {
  public let store: RecordStore
  public static let kind = RecordKind.session(schema: BookingSnapshot.schema)

  public init(store: RecordStore) { self.store = store }

  public func load() -> SessionLoaded {
    do {
      guard
        let snapshot = try store.loadIfPresent(
          BookingSnapshot.self, id: RecordKind.snapshotID, kind: Self.kind)
      else { return .none }
      return .snapshot(snapshot)
    } catch {
      if case .corrupt(let path, _, let movedTo) = error {
        // The parser's reason is long and of no use to a person; where the file went is.
        let suffix = movedTo.hasPrefix(path) ? String(movedTo.dropFirst(path.count)) : movedTo
        return .unusable("\(path) could not be read; moved aside as \(suffix)")
      }
      return .unusable(error.description)
    }
  }

  /// Writes `snapshot` atomically; the error, if any, is one line for the header.
  public func save(_ snapshot: BookingSnapshot) -> String? {
    do {
      try store.save(snapshot, id: RecordKind.snapshotID, kind: Self.kind)
      return nil
    } catch {
      return Self.reason(error)
    }
  }

  /// Why a save failed, reason first: a narrow header still shows what went wrong.
  public static func reason(_ error: StoreError) -> String {
    if case .io(let operation, let path, let code) = error {
      return "\(String(cString: strerror(code))) (could not \(operation) \(path))"
    }
    return error.description
  }

  /// The file's text as it is on disk, for the inspector: read through the store, so a link or
  /// a FIFO planted in its place is never followed (its reason is shown instead).
  public func text() -> String {
    do {
      let text = try store.rawText(id: RecordKind.snapshotID, kind: Self.kind) ?? ""
      return text.replacing("\n", with: " ")
    } catch {
      return "(\(Self.reason(error)))"
    }
  }
}

/// The restored path's save, made by the start's work beside the terminal's start, and the
/// app's end while it still says it is resuming, which must not race it: whichever comes first
/// decides, so an app ended while resuming knows whether the saved session is as it was.
public final class RestoredSave: Sendable {
  private enum State {
    case open
    case saved
    case closed
  }

  private let state = Mutex(State.open)

  public init() {}

  /// Saves `snapshot` through `session` unless the app has begun to end; nil when it did not
  /// try.
  public func save(_ snapshot: BookingSnapshot, through session: any SessionStore) -> SessionSave? {
    state.withLock { state in
      guard case .open = state else { return nil }
      let save = SessionSave(snapshot: snapshot, error: session.save(snapshot))
      if save.error == nil { state = .saved }
      return save
    }
  }

  /// Stops any save to come (waiting for one under way); true when the restored path was saved.
  public func close() -> Bool {
    state.withLock { state in
      defer { state = .closed }
      if case .saved = state { return true }
      return false
    }
  }
}

/// A session kept in memory, for tests: what was saved, in order, and a save that fails on
/// demand.
public final class MemorySession: SessionStore {
  private struct Contents {
    var saved: BookingSnapshot?
    var saves: [BookingSnapshot] = []
    var failure: String?
  }

  private let contents: Mutex<Contents>

  /// A session holding `saved`, or nothing.
  public init(saved: BookingSnapshot? = nil) { contents = Mutex(Contents(saved: saved)) }

  /// The snapshot on "disk".
  public var saved: BookingSnapshot? { contents.withLock { $0.saved } }
  /// Every snapshot written, oldest first.
  public var saves: [BookingSnapshot] { contents.withLock { $0.saves } }

  /// Makes every save from now on fail with `reason` (nil: work again).
  public func failSaves(_ reason: String?) { contents.withLock { $0.failure = reason } }

  public func load() -> SessionLoaded {
    contents.withLock { $0.saved.map(SessionLoaded.snapshot) ?? .none }
  }

  public func save(_ snapshot: BookingSnapshot) -> String? {
    contents.withLock { contents in
      if let failure = contents.failure { return failure }
      contents.saved = snapshot
      contents.saves.append(snapshot)
      return nil
    }
  }

  public func text() -> String {
    contents.withLock { contents in
      guard let saved = contents.saved, let data = try? JSONEncoder().encode(saved) else {
        return ""
      }
      return String(decoding: data, as: UTF8.self)
    }
  }
}
