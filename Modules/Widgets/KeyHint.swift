import Canvas

/// A key and what it does, shown in the status bar, such as `q` and `quit`.
public struct KeyHint: Hashable, Sendable {
  /// The key as printed, such as `q` or `↑↓`.
  public let key: String
  /// What the key does.
  public let label: String

  /// A hint from the key and its label.
  public init(_ key: String, _ label: String) {
    self.key = key
    self.label = label
  }
}
