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
  /// question asked before it is done waits for it, as it would have without this. A queue of
  /// its own, not a global one: a global queue's worker would start libdispatch's once-a-second
  /// thread-pool monitor for the rest of the process's life (see `Latency.pause()`).
  public static func prepare() {
    DispatchQueue(label: "booking.airports", qos: .userInitiated).async {
      _ = AirportDirectory.builtIn
    }
  }

  public func airport(_ code: IATACode) -> Airport? { AirportDirectory.builtIn.airport(code) }

  public func search(_ query: String, limit: Int) -> [Airport] {
    AirportDirectory.builtIn.search(query, limit: limit)
  }
}
