import Airline
import Domain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the trips screen does with one booking after it was paid: a flow of its own, owned by
/// the trips screen as seed 002's child coordinator is owned by its parent, that the booking
/// flow never sees.
///
/// Its path is typed as the booking flow's is, each step carrying what the one before it
/// produced: `booking(Booking) → cancellation(CancellationQuote) → cancelled(Booking)`. It keeps
/// the booking flow's rules: back drops the later steps (the path is the root and what lies
/// above it, never a bag of optionals); an answer to a question no longer asked is dropped
/// (each question is numbered, and back forgets it); confirming replaces the path with its end.
/// Its end reaches the parent by construction: `Output` is a typed event the trips screen must
/// handle, never a callback that can be lost.
public struct TripFlow: Hashable, Sendable {
  /// A step of the path.
  public enum Step: Hashable, Sendable {
    /// The booking as it stands: what the fare allows, and `c` to cancel.
    case booking(Booking)
    /// The airline's quote for cancelling it: the refund, the card, a countdown.
    case cancellation(CancellationQuote)
    /// The booking, cancelled, with its refund: the path's end.
    case cancelled(Booking)
  }

  /// A question for the airline, numbered so that the answer to one no longer asked is dropped.
  public struct Asked: Hashable, Sendable {
    public enum Question: Hashable, Sendable {
      /// A quote for cancelling the booking.
      case cancellationQuote
      /// The cancellation, with the quote on screen.
      case confirmation
    }

    public let number: Int
    public let question: Question
  }

  /// How the flow ends, for the trips screen.
  public enum Output: Hashable, Sendable {
    /// The traveller left the booking (back from its first step): the list again.
    case left
    /// The booking was cancelled: the list's row is this booking now.
    case finished(Booking)
  }

  /// Where the path starts: the booking as it stands, or as cancelled.
  public enum Root: Hashable, Sendable {
    case booking(Booking)
    case cancelled(Booking)

    var step: Step {
      switch self {
      case .booking(let booking): .booking(booking)
      case .cancelled(let booking): .cancelled(booking)
      }
    }
  }

  /// The first step.
  public private(set) var root: Root
  /// The steps above it, in order.
  public private(set) var above: [Step] = []
  /// The question asked and not answered yet.
  public private(set) var asked: Asked?
  /// Why the last question was refused, shown on the current step until the next one.
  public private(set) var problem: String?
  /// Whether the refusal was the quote's expiry: the step offers to ask again.
  public private(set) var quoteExpired = false
  private var questions = 0

  /// The flow of `booking`: at its cancellation when it was cancelled, else at the booking.
  public init(_ booking: Booking) {
    root = booking.isCancelled ? .cancelled(booking) : .booking(booking)
  }

  /// The path, root first.
  public var path: [Step] { [root.step] + above }

  /// The step on screen.
  public var current: Step { above.last ?? root.step }

  /// The booking the flow is about, as last known.
  public var booking: Booking {
    switch root {
    case .booking(let booking), .cancelled(let booking): booking
    }
  }

  /// The cancellation quote on screen, whose hold the header counts down.
  public var heldQuote: CancellationQuote? {
    if case .cancellation(let quote) = current { return quote }
    return nil
  }

  /// Asks `question` of the airline: the answer to any earlier one will be dropped. Nil when
  /// the current step asks no such question.
  public mutating func ask(_ question: Asked.Question) -> Asked? {
    switch (question, current) {
    case (.cancellationQuote, .booking), (.cancellationQuote, .cancellation),
      (.confirmation, .cancellation):
      questions += 1
      asked = Asked(number: questions, question: question)
      problem = nil
      quoteExpired = false
      return asked
    default:
      return nil
    }
  }

  /// Back one step: the later steps and the question asked go. Returns `.left` from the first.
  public mutating func back() -> Output? {
    asked = nil
    problem = nil
    quoteExpired = false
    guard !above.isEmpty else { return .left }
    above.removeLast()
    return nil
  }

  /// The airline's quote for `asked`: on screen, replacing an older quote. An answer to a
  /// question no longer asked is dropped (returns false).
  public mutating func quoted(
    _ answered: Asked, _ result: Result<CancellationQuote, ServiceError>,
    describe: (ServiceError) -> String
  ) -> Bool {
    guard answered == asked, answered.question == .cancellationQuote else { return false }
    asked = nil
    switch result {
    case .success(let quote):
      if case .cancellation = current { above.removeLast() }
      above.append(.cancellation(quote))
    case .failure(let error):
      refuse(error, describe)
    }
    return true
  }

  /// The airline's answer to the confirmation: the path replaced by its end, which the trips
  /// screen is told of. An answer to a question no longer asked is dropped (nil, and `dropped`).
  public mutating func confirmed(
    _ answered: Asked, _ result: Result<Booking, ServiceError>,
    describe: (ServiceError) -> String
  ) -> (dropped: Bool, output: Output?) {
    guard answered == asked, answered.question == .confirmation else { return (true, nil) }
    asked = nil
    switch result {
    case .success(let booking):
      root = .cancelled(booking)
      above = []
      return (false, .finished(booking))
    case .failure(let error):
      refuse(error, describe)
      return (false, nil)
    }
  }

  /// The flow opened again at its cancellation quote `quote` (a resume): on screen while it
  /// holds at `now`; expired, the flow stays at the booking and says `expired`.
  public mutating func resume(at quote: CancellationQuote, now: Date, expired: String) {
    guard case .booking = root, above.isEmpty else { return }
    guard quote.isValid(at: now) else {
      problem = expired
      return
    }
    above = [.cancellation(quote)]
  }

  /// The flow opened again at a cancellation quote the airline no longer gives (`reason`): it
  /// stays at the booking and says why.
  public mutating func resume(refused reason: String) {
    guard case .booking = root else { return }
    problem = reason
  }

  /// Whether the quote on screen has expired at `now`: then it cannot be confirmed, only asked
  /// for again.
  public func quoteHasExpired(at now: Date) -> Bool {
    heldQuote.map { !$0.isValid(at: now) } ?? false
  }

  private mutating func refuse(_ error: ServiceError, _ describe: (ServiceError) -> String) {
    problem = describe(error)
    if case .cancellationQuoteExpired = error { quoteExpired = true }
    if case .cancellationQuoteSuperseded = error { quoteExpired = true }
  }
}
