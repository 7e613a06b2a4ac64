import FlowFaults
import Presentation
import Synchronization

/// The goldens drawn in this task while the contrast kernel collects them
/// (`GoldenKernelTests`): each golden's name, the state it is drawn from, and how it is drawn,
/// so the kernel can draw the same state again under a fault.
final class GoldenCollector: Sendable {
  /// One golden as drawn.
  struct Drawn: Sendable {
    /// The golden's path under Goldens, without `.txt`.
    let name: String
    /// The state it is drawn from.
    let state: RootFeature.State
    /// The text its file holds for a state, drawn the way the golden's test draws it.
    let text: @Sendable (RootFeature.State) -> String
    /// The events that made the state, when its path alone does not say (a relaunch).
    let history: PathHistory?
  }

  /// The collector of this task, if the kernel is collecting.
  @TaskLocal static var current: GoldenCollector?

  private let drawnSoFar = Mutex<[Drawn]>([])

  /// Every golden drawn so far, in order.
  var drawn: [Drawn] { drawnSoFar.withLock { $0 } }

  /// The golden `name` was drawn from `state` as `text` draws it.
  func drew(
    _ name: String, _ state: RootFeature.State, history: PathHistory? = nil,
    text: @escaping @Sendable (RootFeature.State) -> String
  ) {
    drawnSoFar.withLock {
      $0.append(Drawn(name: name, state: state, text: text, history: history))
    }
  }
}
