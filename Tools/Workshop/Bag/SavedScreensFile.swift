import Persistence
import Synchronization

/// Where the bag's screens are kept between processes.
public protocol SavedScreensStore: Sendable {
  /// The screens saved last, if any.
  func load() -> SavedScreens?
  /// Writes `screens`, the `number`th save of this process; a save numbered lower than one
  /// already written is left out (saves run as jobs, and may finish out of order). The error,
  /// if any, is one line for the header.
  func save(_ screens: SavedScreens, number: Int) -> String?
}

/// The bag's screens in the data directory, `workshop/bag-screens.json`, apart from the real
/// flow's session: the bag never reads or writes that one.
public final class SavedScreensFile: SavedScreensStore {
  private let store: RecordStore
  private let written = Mutex(0)
  /// The record's kind.
  public static let kind = RecordKind(folder: "workshop", schema: 1)
  /// The record's ID.
  public static let id = "bag-screens"

  /// The screens in `store`'s data directory.
  public init(store: RecordStore) { self.store = store }

  public func load() -> SavedScreens? {
    try? store.loadIfPresent(SavedScreens.self, id: Self.id, kind: Self.kind)
  }

  public func save(_ screens: SavedScreens, number: Int) -> String? {
    written.withLock { written -> String? in
      guard number > written else { return nil }
      written = number
      do throws(StoreError) {
        try store.save(screens, id: Self.id, kind: Self.kind)
        return nil
      } catch {
        return error.description
      }
    }
  }
}
