import Airline
import Dispatch
import Domain
import Synchronization
import Zones

/// `AirportDirectory.builtIn` as a lookup that builds it when asked to (`prepare()`) or at its
/// first question, so a start that asks nothing of the airports before its first frame (the search
/// form) does not wait for it: the list reads the system's file of every zone its airports are
/// in, about 70 files.
public struct BuiltInAirports: AirportLookup {
  /// A lookup of the built-in list.
  public init() {}

  private enum Progress {
    case notStarted
    /// `willPrepare()` was called: the list is built by a `prepare()` to come.
    case pending
    case building
    case built(AirportDirectory)
  }

  private static let progress = Mutex(Progress.notStarted)

  /// Builds the built-in list on a background thread now. Until it is built, looking up one
  /// airport reads that airport's zone alone (a pay link's first frame needs two airports, not
  /// seventy zone files); a search waits for the list, as it would have without this. A queue of
  /// its own, not a global one: a global queue's worker would start libdispatch's once-a-second
  /// thread-pool monitor for the rest of the process's life (see `Latency.pause()`).
  public static func prepare() {
    let start = progress.withLock { progress in
      switch progress {
      case .notStarted, .pending:
        progress = .building
        return true
      case .building, .built:
        return false
      }
    }
    guard start else { return }
    DispatchQueue(label: "booking.airports", qos: .userInitiated).async {
      let directory = AirportDirectory.builtIn
      progress.withLock { $0 = .built(directory) }
    }
  }

  /// Says the list will be built by a `prepare()` to come (a program calls it once its first
  /// frame is drawn): until then, looking up one airport reads that airport's zone alone instead
  /// of building the list where it is asked.
  public static func willPrepare() {
    progress.withLock { progress in
      if case .notStarted = progress { progress = .pending }
    }
  }

  public func airport(_ code: IATACode) -> Airport? {
    switch Self.progress.withLock({ $0 }) {
    case .built(let directory): directory.airport(code)
    case .pending, .building: AirportDirectory.builtInAirport(code, zones: .live)
    case .notStarted: AirportDirectory.builtIn.airport(code)
    }
  }

  public func search(_ query: String, limit: Int) -> [Airport] {
    AirportDirectory.builtIn.search(query, limit: limit)
  }
}
