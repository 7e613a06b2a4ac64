import Airline
import Canvas
import Domain
import FlowOwner
import Runtime
import Widgets
import Words

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The booking's steps and the features that show them: the table the step stack composes.
///
/// A step is declared in FlowOwner (a case of `BookingStep` and its kind's row in
/// `StepKind.declaration`); its screen is one feature conforming to `StepFeature`, listed here,
/// whose output is what it produced (`StepOutput.produced`), never the step after it. Every
/// other place that must name a new step is a switch the compiler asks to complete: what the
/// step carries and how it is built from records, the step's names in each language.
public enum BookingSteps: StepComposition {
  /// A step of the booking flow.
  public typealias Step = BookingStep
  /// What a step's reducer is given.
  public typealias Environment = StepEnvironment
  /// What a step's view is given.
  public typealias Drawing = StepDrawing
  /// What a step's view returns for the status bar.
  public typealias Hint = KeyHint
  /// What a step produces.
  public typealias Output = StepOutput

  /// Each step's definition, by its feature, from its input alone: the one switch from a step
  /// to its feature. Everything the screens say of a step (its screen, its summaries, what was
  /// chosen there) is asked of it.
  public static func definition(of step: BookingStep) -> StepDefinition {
    switch step {
    case .results(let criteria, let chosen):
      ResultsFeature.definition(criteria: criteria, chosen: chosen)
    case .passengers(let offer, let prefill):
      PassengersFeature.definition(offer: offer, prefill: prefill)
    case .extras(let draft, let chosen): ExtrasFeature.definition(draft: draft, chosen: chosen)
    case .payment(let quote): PaymentFeature.definition(quote: quote)
    case .confirmation(let reference): ConfirmationFeature.definition(reference: reference)
    }
  }

  /// The screen each step starts with, from its input alone.
  public static func screen(for step: BookingStep) -> StepScreen { definition(of: step).screen }
}

/// The screen of one booking step.
public typealias StepScreen = StackScreen<BookingSteps>
/// A key or reply for one booking step.
public typealias StepAction = StackAction<BookingSteps>
/// A booking step on the path with its screen.
public typealias StepEntry = StepStack<BookingSteps>.Entry

/// What a booking step's reducer is given besides its state: time, the traveller's day, the
/// services and the words. The root builds it for every action, so no reducer reads the machine.
public struct StepEnvironment {
  /// The time the action is handled at.
  public let now: Date
  /// The traveller's time zone.
  public let zone: Zone
  /// The services and clock.
  public let environment: AppEnvironment
  /// The language in use.
  public let language: Language

  /// A context.
  public init(now: Date, zone: Zone, environment: AppEnvironment, language: Language) {
    self.now = now
    self.zone = zone
    self.environment = environment
    self.language = language
  }

  /// The words of the language in use (copied out only by the steps that need them: `Strings`
  /// is a few hundred texts, and a key in the results list needs none).
  public var strings: Strings { language.strings }

  /// Today where the traveller is (worked out only by the steps that need it).
  public var today: CalendarDay { CalendarDay(now, in: zone) }
}

/// What a booking step's view draws with besides its state: the colours, the words, the
/// spinner's frame, the time of the frame, and the path the step is on.
public struct StepDrawing {
  /// The colours.
  public let theme: Theme
  /// The words.
  public let strings: Strings
  /// The language (dates, amounts).
  public let language: Language
  /// The spinner's frame.
  public let spinner: Int
  /// The time drawn (countdowns).
  public let now: Date
  /// The path, the drawn step last: what earlier steps chose, for a step that names it (the
  /// payment names the passengers of the extras' draft).
  public let path: [BookingStep]

  /// A context.
  public init(
    theme: Theme, strings: Strings, language: Language, spinner: Int, now: Date,
    path: [BookingStep] = []
  ) {
    self.theme = theme
    self.strings = strings
    self.language = language
    self.spinner = spinner
    self.now = now
    self.path = path
  }
}

/// What a booking step produced, for the root to turn into a flow transition.
public enum StepOutput: Hashable, Sendable {
  /// What the step produced (the results: an offer; the passengers: a draft; the extras: a
  /// quote). The step names no step after it: the flow owner pushes the one its declaration says
  /// this step's output arrives at, built from it (`BookingFlow.advance(with:from:)`).
  case produced(BookingStep.Records)
  /// The same search on another day (results): a new search, replacing the path.
  case searchDay(CalendarDay)
  /// The quote was paid.
  case paid(BookingReference)
  /// The draft was booked already (with this quote or another): that booking is the outcome.
  case alreadyBooked(BookingReference)
  /// An expired price was priced again: the new quote takes the payment step's place.
  case repriced(Quote)
  /// The airline changed the price when the extras were priced, and the traveller accepted it:
  /// the first step holding a quote (the payment), pushed for the quote by
  /// `BookingFlow.acceptPriceChange(_:from:)`.
  case priceChangeAccepted(Quote)
  /// A new booking from the start (confirmation, `n`).
  case startOver
}

extension FeatureReply {
  /// The same reply with its output turned into `transform`'s.
  public func mapOutput<Other: Sendable>(_ transform: (Output) -> Other) -> FeatureReply<
    Action, Other
  > {
    FeatureReply<Action, Other>(
      handled: handled, effect: effect, output: output.map(transform), keyUse: keyUse)
  }
}
