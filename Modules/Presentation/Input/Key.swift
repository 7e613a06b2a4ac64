/// A key press (or a resize), independent of any terminal library.
public enum Key: Hashable, Sendable {
  /// A printable character, including space.
  case character(Character)
  case up, down, left, right
  case enter, escape, tab, backTab, backspace, delete
  case home, end, pageUp, pageDown
  /// Ctrl plus a letter, given in lower case (`.control("c")` is Ctrl-C).
  case control(Character)
  /// A function key, F1 to F12.
  case function(Int)
  /// The terminal now has this many columns and rows.
  case resize(width: Int, height: Int)
}
