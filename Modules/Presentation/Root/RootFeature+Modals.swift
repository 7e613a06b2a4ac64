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

/// The keys of the boxes over the screens: the quit question, the discard question, the help and
/// the inspector.
extension RootFeature {
  /// The keys that answer "yes" to a question, in both languages (y, e for evet).
  public static func confirms(_ key: Key) -> Bool {
    [.character("y"), .character("Y"), .character("e"), .character("E"), .enter].contains(key)
  }

  /// Whether `key` answers yes to "quit?": a yes, or the quit key pressed again.
  public static func confirmsQuit(_ key: Key) -> Bool {
    confirms(key) || key == .character("q") || key == .control("c")
  }

  /// The keys that answer "no" (n, h for hayır, Esc).
  public static func declines(_ key: Key) -> Bool {
    [.character("n"), .character("N"), .character("h"), .character("H"), .escape].contains(key)
  }

  static func modalKey(
    _ state: inout State, _ modal: Modal, _ key: Key, _ environment: AppEnvironment
  ) -> Effect<Action> {
    let strings = state.strings
    if case .character = key {
      // A letter that closes help or the inspector is written as Esc, which does the same; one
      // a question does not take is left out.
      switch modal {
      case .help, .inspector: state.lastKey = .command(.escape)
      case .confirmQuit: state.lastKey = confirmsQuit(key) || declines(key) ? .used : .ignored
      case .confirmDiscard: state.lastKey = confirms(key) || declines(key) ? .used : .ignored
      }
    }
    let (title, lines) =
      modal == .inspector
      ? (strings.inspectorTitle, state.inspectorLines) : (strings.helpTitle, strings.helpLines)
    switch ShellFeature.modalKey(&state.shell, modal, key, title: title, lines: lines) {
    case .discardConfirmed:
      guard let criteria = state.pendingSearch else { return .none }
      return startSearch(&state, criteria, environment)
    case .discardDeclined:
      state.pendingSearch = nil
    case .quitConfirmed:
      // A snapshot whose save failed is tried once more before the program ends.
      let snapshot = state.snapshot
      if !state.keepsSavedSession, snapshot != state.saving.saved,
        snapshot != state.saving.pending
      {
        state.saving.willSave(snapshot)
        return .commands([.saveSnapshot, .quit(code: 0)])
      }
      return .command(.quit(code: 0))
    case .none:
      break
    }
    return .none
  }
}
