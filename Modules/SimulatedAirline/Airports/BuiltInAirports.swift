import Airline
import Dispatch
import Domain

/// `AirportDirectory.builtIn` as a lookup that builds it at its first question, so a start that
/// asks nothing of the airports before its first frame (the search form) does not wait for it:
/// the list reads the system's file of every zone its airports are in, about 70 files.
public struct BuiltInAirports: AirportLookup {
  /// A lookup of the built-in list.
  public init() {}

  /// Builds the built-in list on a background thread now, beside the rest of the start; a
  /// question asked before it is done waits for it, as it would have without this.
  public static func prepare() {
    DispatchQueue.global(qos: .userInitiated).async { _ = AirportDirectory.builtIn }
  }

  public func airport(_ code: IATACode) -> Airport? { AirportDirectory.builtIn.airport(code) }

  public func search(_ query: String, limit: Int) -> [Airport] {
    AirportDirectory.builtIn.search(query, limit: limit)
  }
}
