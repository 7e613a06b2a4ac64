import Domain
import FlowOwner
import Presentation

/// The kinds of screen a path can show: a step's, by its kind, or a notice, which exists only in
/// a fault.
public enum Screen: Hashable, Sendable {
  /// The screen of a step of this kind.
  case step(StepKind)
  /// A notice before the confirmation: only the `extra-notice` fault shows it.
  case notice

  /// Its name in a trail: the step kind's ("payment"), or "notice".
  public var rawValue: String {
    switch self {
    case .step(let kind): kind.description
    case .notice: "notice"
    }
  }

  /// The screens the checks name.
  public static let results = Screen.step(.results)
  public static let passengers = Screen.step(.passengers)
  public static let extras = Screen.step(.extras)
  public static let payment = Screen.step(.payment)
  public static let confirmation = Screen.step(.confirmation)
}

/// One screen on a flow's path as a check sees it: its kind, its key data, the step behind it.
public struct Stop: Hashable, Sendable, CustomStringConvertible {
  /// Which screen.
  public let screen: Screen
  /// Its key data: what its step carries (`BookingStep.carriedID`): the search, the offer, draft
  /// or quote ID, or the booking reference.
  public let detail: String
  /// The step behind it, which the screen reports as its origin; nil for a fault's notice and
  /// for a bag's screen whose data is gone.
  public let step: BookingStep?
  /// The step whose screen is built for this stop: `step` itself, unless a fault builds another
  /// step's screen for it (the route right, the screen wrong); nil where `step` is.
  public let drawn: BookingStep?

  /// The stop showing `step`.
  public init(_ step: BookingStep) {
    self.init(step, drawnAs: step)
  }

  /// The stop of `step` on the route, drawn with the screen the app builds for `other`.
  public init(_ step: BookingStep, drawnAs other: BookingStep) {
    self.step = step
    drawn = other
    screen = .step(step.kind)
    detail = step.carriedID
  }

  private init(screen: Screen, detail: String = "") {
    self.screen = screen
    self.detail = detail
    step = nil
    drawn = nil
  }

  /// The notice screen a fault inserts before the confirmation; the real flow has none.
  public static let notice = Stop(screen: .notice)

  /// A screen reopened with nothing to show: the bag's field it reads is nil (the real screen
  /// would crash on a force unwrap, or show nothing).
  public static func empty(_ screen: Screen) -> Stop {
    Stop(screen: screen, detail: "nil")
  }

  /// The screen, with its key data in parentheses.
  public var description: String {
    detail.isEmpty ? screen.rawValue : "\(screen.rawValue)(\(detail))"
  }

  /// The screen drawn for this stop: the kind of feature the app's own table of steps
  /// (`BookingSteps.screen(for:)`) builds from the step it is drawn with; the route's screen
  /// where no step is behind it (a notice, a bag's screen whose data is gone).
  public var drawnScreen: Screen {
    guard let drawn else { return screen }
    return .step(BookingSteps.screen(for: drawn).step.kind)
  }

  /// The screen drawn for this stop, with the key data of the step it is drawn with.
  public var drawnDescription: String {
    guard let drawn, drawn != step else { return description }
    let shown = Stop(drawn)
    return "\(drawnScreen.rawValue)(\(shown.detail))"
  }

  /// The seats of the quotes on `path`, once for each step holding one: a route that shows a
  /// payment twice shows its seats twice. A step of another kind holding the quote of the step
  /// before it (a step passing its quote on to the next) holds the same seats, counted once.
  public static func seats(on path: [Stop]) -> [SeatDesignator] {
    let steps = path.compactMap(\.step)
    return steps.indices.flatMap { index -> [SeatDesignator] in
      guard let quote = steps[index].quote else { return [] }
      if index > steps.startIndex, case let before = steps[index - 1],
        before.kind != steps[index].kind, before.quote?.id == quote.id
      {
        return []
      }
      return Array(quote.extras.seats.values)
    }
  }
}
