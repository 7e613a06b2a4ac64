import Airline
import Synchronization

/// What an airline call answers, in turn: the first call gets the first answer, and a call
/// after the last gets a storage error.
final class Answers<Value: Sendable>: Sendable {
  private let queue: Mutex<[Result<Value, ServiceError>]>

  init(_ answers: [Result<Value, ServiceError>]) { queue = Mutex(answers) }

  func next() -> Result<Value, ServiceError> {
    queue.withLock { $0.isEmpty ? .failure(.storage("no more answers")) : $0.removeFirst() }
  }
}
