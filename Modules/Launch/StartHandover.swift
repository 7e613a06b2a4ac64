import Synchronization

/// What the start's work found, handed to the program once: before the first frame when it is
/// found by then (`takeFound`), else when the main actor hears of it (`takeDelivery`), whichever
/// of the work's queue and the main actor gets here first.
public final class StartHandover: Sendable {
  private enum State {
    case waiting
    case found(Startup.Found)
    case delivered
  }

  private let state = Mutex(State.waiting)

  public init() {}

  /// The start's work found `value` (on the work queue).
  public func found(_ value: Startup.Found) {
    state.withLock { state in
      if case .waiting = state { state = .found(value) }
    }
  }

  /// What the work found, if it has and it was not handed over yet; it is then handed over.
  public func takeFound() -> Startup.Found? {
    state.withLock { state in
      guard case .found(let value) = state else { return nil }
      state = .delivered
      return value
    }
  }

  /// Whether what the work found is still to be handed over; it is then handed over.
  public func takeDelivery() -> Bool {
    state.withLock { state in
      if case .delivered = state { return false }
      state = .delivered
      return true
    }
  }
}
