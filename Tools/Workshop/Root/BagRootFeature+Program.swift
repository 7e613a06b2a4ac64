import Canvas
import FlowOwner
import Presentation
import Runtime
import Widgets
import Words

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension BagRootFeature: ProgramRoot {
  /// The countdown's next second while a quote is on the screens, and the spinner while
  /// anything loads.
  public static func subscriptions(_ state: State, now: Date) -> Subscriptions {
    Subscriptions(countdownTick: countdownTick(state, now: now), spinner: state.isBusy)
  }

  /// The instant the quote's countdown shows its next second; nil without a quote, or once it
  /// has expired.
  public static func countdownTick(_ state: State, now: Date) -> Date? {
    guard let quote = state.quote, quote.isValid(at: now) else { return nil }
    return quote.expiresAt.addingTimeInterval(-Double(quote.secondsRemaining(at: now) - 1))
  }

  /// `BagView.draw`.
  public static func draw(_ state: State, on canvas: inout Canvas, theme: Theme) {
    BagView.draw(state, on: &canvas, theme: theme)
  }

  /// The action of the same name; the bag saves no snapshot, restores no path, and its start
  /// asks for nothing.
  public static func action(for input: ProgramInput) -> Action? {
    switch input {
    case .key(let key): .key(key)
    case .tick(let instant): .tick(instant)
    case .spin: .spin
    case .announce(let message, let lasting): .announce(message, lasting: lasting)
    case .started, .snapshotSaved, .savedSnapshotRead, .restoredPathSaved: nil
    }
  }

  /// `State.now`.
  public static func now(of state: State) -> Date { state.now }
  /// `State.strings`.
  public static func strings(of state: State) -> Strings { state.strings }
  /// The bag's current screen, and whether the help or the inspector is open; the bag keeps
  /// its screens in a file of its own, and no session.
  public static func status(of state: State) -> ProgramStatus {
    ProgramStatus(
      current: state.current,
      isLooking: state.shell.modal == .help || state.shell.modal == .inspector)
  }
}
