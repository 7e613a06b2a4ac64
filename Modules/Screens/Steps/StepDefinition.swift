import Domain
import FlowOwner
import Words

/// One booking step as its feature defines it, made from the step's input
/// (`BookingSteps.definition(of:)`, the one switch from a step to its feature): the screen it
/// starts with, what it carries in a few words, and what was chosen there as the step after it
/// carries it. The panels, the inspector and the workshop's bag ask a step's definition, never a
/// switch of their own.
public struct StepDefinition {
  /// The screen the step starts with, from its input alone, made when asked for (a panel's
  /// summary needs none).
  public var screen: StepScreen { makeScreen() }
  private let makeScreen: () -> StepScreen
  /// What the step carries, fullest first, then shorter forms for narrow panels: "TK1957 08:40
  /// EUR 212", then "TK1957 08:40". The first is the step's summary.
  public let summaries: (Language) -> [String]
  /// What was chosen at the step, as `next` (the step after it on the path) carries it,
  /// fullest first; nil when `next` does not carry this step's result.
  public let chosen: (_ next: BookingStep, Language) -> [String]?

  /// A definition.
  public init(
    screen: @autoclosure @escaping () -> StepScreen,
    summaries: @escaping (Language) -> [String],
    chosen: @escaping (_ next: BookingStep, Language) -> [String]? = { _, _ in nil }
  ) {
    self.makeScreen = screen
    self.summaries = summaries
    self.chosen = chosen
  }

  /// What the step carries, in a few words: "IST → AMS, Thu 24 Dec, 2 pax".
  public func summary(in language: Language) -> String { summaries(language).first ?? "" }
}

/// The words a step uses for what was chosen at the extras: the seats (a round trip's return
/// seats after the outbound's, "14A 14B / 22C 22D"), the bags, the insurance. One list for the
/// payment's title and the extras' panel alike, so neither leaves out what the other says.
enum ChosenExtras {
  static func words(_ extras: Extras, _ strings: Strings) -> [String] {
    let seats = [extras.seats, extras.returnSeats]
      .map { $0.values.sorted().map(\.description).joined(separator: " ") }
      .filter { !$0.isEmpty }.joined(separator: " / ")
    var parts: [String] = []
    if !seats.isEmpty { parts.append(seats) }
    if extras.totalBags > 0 { parts.append(strings.bagsCount(extras.totalBags)) }
    if extras.insurance { parts.append(strings.insuranceLabel) }
    return parts
  }

  /// The flights of `offer`, a round trip's two directions told apart: "LH816+LH2685 ⇄
  /// LH555+LH2479".
  static func flights(_ offer: Offer) -> String {
    offer.slices.map { $0.flightNumbers.map(\.description).joined(separator: "+") }
      .joined(separator: " ⇄ ")
  }
}
