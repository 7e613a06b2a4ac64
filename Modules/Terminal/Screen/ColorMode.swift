/// Whether the screen draws colours.
public enum ColorMode: Hashable, Sendable {
  /// Colours when the terminal has them and `NO_COLOR` is unset or empty.
  case automatic
  /// Colours when the terminal has them, whatever `NO_COLOR` says.
  case color
  /// Attributes only: bold, dim, underline, reverse.
  case monochrome
}
