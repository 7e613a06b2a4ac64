import Airline
import Canvas
import Domain
import FlowOwner
import Runtime
import Words

/// The paid booking: its reference, itinerary, passengers and seats, and the total paid.
public enum ConfirmationFeature {
  /// The confirmation panel.
  public struct State: Hashable, Sendable {
    /// The step's input.
    public let reference: BookingReference
    public var booking: Loadable<Booking> = .loading

    /// The panel for `reference`, loading its booking.
    public init(reference: BookingReference) { self.reference = reference }
  }

  /// What happened.
  public enum Action: Hashable, Sendable {
    case key(Key)
    case bookingLoaded(Result<Booking, ServiceError>)
  }

  /// What the step produces.
  public enum Output: Hashable, Sendable {
    /// Start a new booking (`n`).
    case startOver
  }

  /// Loads the booking: the effect to start when the step appears.
  public static func onAppear(_ state: State, environment: AppEnvironment) -> Effect<Action> {
    let reference = state.reference
    let calls = BookingCalls(environment.services)
    return .run {
      do throws(ServiceError) {
        return .bookingLoaded(.success(try await calls.booking(reference: reference)))
      } catch {
        return .bookingLoaded(.failure(error))
      }
    }
  }

  /// Handles a key or a reply.
  public static func reduce(
    _ state: inout State, _ action: Action, environment: AppEnvironment, strings: Strings
  ) -> FeatureReply<Action, Output> {
    switch action {
    case .bookingLoaded(.success(let booking)):
      state.booking = .loaded(booking)
      return .handled
    case .bookingLoaded(.failure(let error)):
      state.booking = .failed(strings.serviceError(error))
      return .handled
    case .key(.character("n")):
      return FeatureReply(output: .startOver)
    case .key(.character("r")):
      guard case .failed = state.booking else { return .ignored }
      state.booking = .loading
      return FeatureReply(effect: onAppear(state, environment: environment))
    case .key:
      return .ignored
    }
  }
}
