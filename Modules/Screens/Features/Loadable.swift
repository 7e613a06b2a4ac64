import Canvas

/// Something a step asks the airline for: on its way, arrived, or refused with a message.
public enum Loadable<Value: Hashable & Sendable>: Hashable, Sendable {
  case loading
  case loaded(Value)
  case failed(String)
}
