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
struct SessionSave: Sendable {
  let snapshot: BookingSnapshot
  let error: String?
}

/// The saved snapshot in `session/snapshot.json`, read and written through the record store.
struct SessionFile: Sendable {
  let store: RecordStore
  static let kind = RecordKind.session(schema: BookingSnapshot.schema)

  /// What reading the saved session found.
  enum Loaded {
    case none
    case snapshot(BookingSnapshot)
    /// The file was unreadable (set aside) or from a newer version: start fresh, saying why.
    case unusable(String)
  }

  func load() -> Loaded {
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
  func save(_ snapshot: BookingSnapshot) -> String? {
    do {
      try store.save(snapshot, id: RecordKind.snapshotID, kind: Self.kind)
      return nil
    } catch {
      return Self.reason(error)
    }
  }

  /// Why a save failed, reason first: a narrow header still shows what went wrong.
  static func reason(_ error: StoreError) -> String {
    if case .io(let operation, let path, let code) = error {
      return "\(String(cString: strerror(code))) (could not \(operation) \(path))"
    }
    return error.description
  }

  /// The file's text as it is on disk, for the inspector: read through the store, so a link or
  /// a FIFO planted in its place is never followed (its reason is shown instead).
  func text() -> String {
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
final class RestoredSave: Sendable {
  private enum State {
    case open
    case saved
    case closed
  }

  private let state = Mutex(State.open)

  /// Saves `snapshot` through `session` unless the app has begun to end; nil when it did not
  /// try.
  func save(_ snapshot: BookingSnapshot, through session: SessionFile) -> SessionSave? {
    state.withLock { state in
      guard case .open = state else { return nil }
      let save = SessionSave(snapshot: snapshot, error: session.save(snapshot))
      if save.error == nil { state = .saved }
      return save
    }
  }

  /// Stops any save to come (waiting for one under way); true when the restored path was saved.
  func close() -> Bool {
    state.withLock { state in
      defer { state = .closed }
      if case .saved = state { return true }
      return false
    }
  }
}
