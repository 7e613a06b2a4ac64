import Domain
import FlowOwner
import Foundation

/// The events that lead a flow to a path, one screen's report at a time, to drive any version of
/// the flow there: what lets a state drawn elsewhere (a golden) be reached again under each
/// fault.
///
/// A fault acts on an event: a reply that comes home late, a press that comes twice, a payment.
/// `variants` are the same history with each such event put in on the way, placed so that the
/// real flow still ends on the same path: only a fault can make them show.
public struct PathHistory: Hashable, Sendable {
  /// One event, as a screen reports it to the flow owner.
  public enum Event: Hashable, Sendable, CustomStringConvertible {
    /// A search was submitted from the form.
    case searched(SearchCriteria)
    /// The step `origin` produced the input of `step`.
    case advanced(to: BookingStep, from: BookingStep)
    /// The payment step `origin` produced a booking.
    case paid(BookingReference, from: BookingStep)
    /// The person went back one screen.
    case back
    /// The app was started again at `instant`: the flow saved, then restored from what it saved,
    /// the airline still holding every record the history made.
    case relaunched(at: Date)

    /// The event as the flow's log names it.
    public var description: String {
      switch self {
      case .searched(let criteria): "search \(criteria.origin)-\(criteria.destination)"
      case .advanced(let step, let origin): "\(Stop(step)) from \(Stop(origin))"
      case .paid(let reference, _): "paid \(reference)"
      case .back: "back"
      case .relaunched(let instant): "relaunched at \(instant)"
      }
    }
  }

  /// The events, oldest first.
  public let events: [Event]

  /// The given events.
  public init(_ events: [Event]) { self.events = events }

  /// The events that push `path` step by step, each step reported by the one before it as the
  /// flow owner pushes it; nil when `path` is empty or is not a chain from a search (a
  /// confirmation stands alone: `paying(_:)` reaches it from its payment).
  public init?(forward path: [BookingStep]) {
    guard case .results(let criteria, _)? = path.first else { return nil }
    var flow = BookingFlow()
    var events: [Event] = [.searched(criteria)]
    flow.searchSubmitted(criteria)
    for step in path.dropFirst() {
      guard let origin = flow.path.last else { return nil }
      guard let pushed = step.asPushed else { return nil }
      let event =
        if let quote = pushed.quote, quote.priceChange != nil, origin.quote?.id != quote.id {
          flow.acceptPriceChange(quote, from: origin)
        } else {
          flow.advance(to: pushed, from: origin)
        }
      guard event.isAccepted else { return nil }
      events.append(.advanced(to: pushed, from: origin))
    }
    self.events = events
  }

  /// This history, then paying on the payment step it ends on; nil when it ends elsewhere.
  public func paying(_ reference: BookingReference) -> PathHistory? {
    guard case .advanced(let step, _)? = events.last, case .payment = step else { return nil }
    return PathHistory(events + [.paid(reference, from: step)])
  }

  /// This history, then a relaunch at `instant`.
  public func relaunched(at instant: Date) -> PathHistory {
    PathHistory(events + [.relaunched(at: instant)])
  }

  /// The history as it happened, then with each event a fault acts on put in on the way, at each
  /// screen's report where there is a place for it, each with what it adds in one line.
  public var variants: [(name: String, history: PathHistory)] {
    var all = [(name: "as drawn", history: self)]
    for (index, event) in events.enumerated() {
      guard case .advanced = event, index > 0 else { continue }
      // A double press: the screen's report comes twice; the flow keeps one.
      var doubled = events
      doubled.insert(event, at: index + 1)
      all.append((name: "\(event) twice", history: PathHistory(doubled)))
      // A late reply: the person goes back from the screen that reports, its report comes home
      // after, and the person then goes forward again to the same step.
      var late = events
      late.insert(contentsOf: [.back, event, events[index - 1]], at: index)
      all.append((name: "\(event) late", history: PathHistory(late)))
    }
    return all
  }

  /// An airline holding every offer, draft and quote the events carry.
  private var airline: MemoryLookup {
    var steps: [BookingStep] = []
    for event in events {
      if case .advanced(let step, let origin) = event { steps += [step, origin] }
    }
    return MemoryLookup(
      offers: steps.compactMap(\.offer), drafts: steps.compactMap(\.draft),
      quotes: steps.compactMap(\.quote))
  }

  /// Drives `flow` through the events.
  public func replay(on flow: inout any FlowUnderTest) async {
    for event in events {
      switch event {
      case .searched(let criteria): flow.searchSubmitted(criteria)
      case .advanced(let next, let origin):
        if let quote = next.quote, quote.priceChange != nil, origin.quote?.id != quote.id {
          flow.priceChangeAccepted(quote, from: origin)
        } else {
          flow.advance(to: next, from: origin)
        }
      case .paid(let reference, let origin): flow.paid(reference, from: origin)
      case .back: flow.back()
      case .relaunched(let instant):
        await flow.restore(flow.snapshotJSON(), using: airline, now: instant)
      }
    }
  }
}
