import Canvas

/// What a recording may keep of a key, decided by whoever handled it: the step's reducer for a
/// key a step handled, the root for its own keys (hotkeys, boxes). Recordings are shared, so
/// they must never hold personal or card data.
public enum KeyUse: Hashable, Sendable {
  /// Typed into a field holding personal or card data: written as a placeholder of its kind.
  case typed(SensitiveText)
  /// Used where nothing typed is personal (the search form, navigation, a box's answer):
  /// written as it is.
  case used
  /// A character that acted as a command (`q`, `?`, `i`, `t`; any key that closes help): written
  /// as `key`, a key that does the same and types nothing (Ctrl-C, F1, F2, Ctrl-T, Esc).
  case command(Key)
  /// Nothing used it, or the step swallowed it (typed on a button, into a field that refused
  /// it, while paying or saving): left out.
  case ignored
}
