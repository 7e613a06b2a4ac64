import Synchronization

/// A value behind a lock, shared by reference: for state that threads of the harness's own and
/// the tests' tasks both touch.
final class Shared<Value>: Sendable {
  private let mutex: Mutex<Value>

  init(_ value: consuming sending Value) { mutex = Mutex(value) }

  func withLock<Result>(_ body: (inout sending Value) -> sending Result) -> sending Result {
    mutex.withLock(body)
  }
}
