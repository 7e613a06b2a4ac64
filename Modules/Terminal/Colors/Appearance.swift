import CNcurses

/// How ncurses draws one style: attribute bits and a colour pair number.
struct Appearance: Hashable, Sendable {
  /// `A_BOLD`, `A_DIM`, `A_UNDERLINE`, `A_REVERSE`, combined; no colour bits.
  var attributes: attr_t
  /// The colour pair; 0 is the terminal's own colours.
  var pair: Int16
}
