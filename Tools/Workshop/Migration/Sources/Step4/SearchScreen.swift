import Airline

/// Where a trip is searched for. It reports the criteria; the owner searches.
@MainActor
public final class SearchScreen {
  let searched: @MainActor (Criteria) -> Void

  public init(searched: @escaping @MainActor (Criteria) -> Void) {
    self.searched = searched
  }

  public func search(_ criteria: Criteria) { searched(criteria) }
}
