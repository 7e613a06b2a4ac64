import Presentation

/// What a check can see after a scenario: the path, the seats held, the snapshot JSON, and the
/// payment screen's own state.
public struct Observation: Hashable, Sendable {
  /// The screens on the path, oldest first.
  public let path: [Stop]
  /// The seats held for the booking in progress, sorted.
  public let seats: [String]
  /// What the flow would persist.
  public let snapshotJSON: String
  /// Whether the payment screen's state says the payment completed (`true`, `false`), or `not
  /// shown` when the scenario never showed it. The screen's reducer runs outside the flow under
  /// test, as in the app: a flow's fault cannot change it.
  public let paymentCompleted: String
  /// The flight chosen (its offer's ID) and the price shown with it, as an observer of the flow
  /// sees them together.
  public let flight: String
  public let price: String
  /// What Pay does on the payment screen shown (`live`, `dead: <field> is nil`, `no payment`).
  public let payButton: String
  /// The trips screen's child flow (`TripFlow`) as its own screen shows it: the step on screen
  /// (`booking`, `cancellation`, `cancelled`), or `not shown`.
  public let childScreen: String
  /// The parent's whole route through the child: the trips list's row of the booking (`booked`,
  /// `cancelled`, `not read`), then the child's path, as `trips[cancelled]>cancelled`; or `not
  /// shown`.
  public let parentRoute: String

  /// Observes `flow` as it is now, the payment screen and the trips screen as the scenario left
  /// them.
  public init(
    of flow: some FlowUnderTest, paymentCompleted: String = "not shown",
    trips: TripsFeature.State? = nil
  ) {
    path = flow.path
    seats = flow.seats.sorted().map(\.description)
    snapshotJSON = flow.snapshotJSON()
    self.paymentCompleted = paymentCompleted
    (flight, price) = flow.fare
    payButton = flow.payButton
    guard let trips, let opened = trips.opened else {
      childScreen = "not shown"
      parentRoute = "not shown"
      return
    }
    let row: String =
      switch trips.rows[opened] {
      case .loaded(let booking)?: booking.isCancelled ? "cancelled" : "booked"
      default: "not read"
      }
    let child = trips.trip?.path.map(Self.name) ?? []
    childScreen = trips.trip.map { Self.name($0.current) } ?? "not shown"
    parentRoute = (["trips[\(row)]"] + child).joined(separator: ">")
  }

  /// A child step's name.
  static func name(_ step: TripFlow.Step) -> String {
    switch step {
    case .booking: "booking"
    case .cancellation: "cancellation"
    case .cancelled: "cancelled"
    case .changeSearch: "change-search"
    case .changeOffers: "change-offers"
    case .changeQuote: "change-quote"
    case .changed: "changed"
    }
  }

  /// The screen kinds joined by `>`, like the seeds' route; an empty path is `search`.
  public var trail: String {
    path.isEmpty ? "search" : path.map(\.screen.rawValue).joined(separator: ">")
  }

  /// The whole route the person can go back through: the search form (the root every path is
  /// pushed on), then the path.
  public var route: [String] { ["search"] + path.map(\.screen.rawValue) }

  /// The path with each screen's key data.
  public var detailedTrail: String {
    path.isEmpty ? "search" : path.map(\.description).joined(separator: " > ")
  }

  /// The screens drawn for the path, joined by `>` like `trail`: what the person sees, where
  /// `trail` is the route decided; an empty path is `search`.
  public var screens: String {
    path.isEmpty ? "search" : path.map(\.drawnScreen.rawValue).joined(separator: ">")
  }

  /// The screens drawn, each with the key data of the step it is drawn with.
  public var detailedScreens: String {
    path.isEmpty ? "search" : path.map(\.drawnDescription).joined(separator: " > ")
  }

  /// The screen shown now: the last on the path, or the search form.
  public var lastScreen: String { path.last?.screen.rawValue ?? "search" }

  /// The first screen of the route: the root, the search form, like the seeds' `cart`.
  public var firstScreen: String { route.first ?? "search" }

  /// The seats as one word, `none` when there are none.
  public var seatList: String { seats.isEmpty ? "none" : seats.joined(separator: ",") }
}
