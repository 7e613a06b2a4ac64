import CNcurses
import Dispatch

/// Signal handlers that run on the main queue, as ordinary events of the app's loop.
///
/// The sources stay installed for the life of the process: on Linux libdispatch replaces the
/// signal's disposition with its own handler and never puts it back, so cancelling a source
/// would leave the signal caught and ignored.
@MainActor
final class SignalSources {
  private var sources: [any DispatchSourceSignal] = []
  private var installed: Set<Int32> = []

  /// Runs `handler` on the main actor each time `signal` arrives; a second call for the same
  /// signal does nothing.
  func install(_ signal: Int32, handler: @escaping @MainActor () -> Void) {
    guard installed.insert(signal).inserted else { return }
    // The default action (stop, terminate) must not happen before the handler runs. On Linux
    // libdispatch then installs its own handler; on macOS kqueue still reports ignored signals.
    cnc_ignore_signal(signal)
    let source = DispatchSource.makeSignalSource(signal: signal, queue: .main)
    source.setEventHandler { MainActor.assumeIsolated { handler() } }
    source.resume()
    sources.append(source)
  }
}
