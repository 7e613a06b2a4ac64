/// A colour pair that must be created with `init_pair` before a cell uses it.
struct ColorPairDefinition: Hashable, Sendable {
  /// The pair number, from 1.
  var number: Int16
  /// The curses colour of the text (`COLOR_*`, or -1 for the terminal's own).
  var foreground: Int16
  /// The curses colour of the background (`COLOR_*`, or -1 for the terminal's own).
  var background: Int16
}
