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
  /// Alt (Meta) plus a key: terminals send it as Esc followed by the key, and it is never Esc
  /// (Alt+Backspace deletes a word in a text field; it must not go back a step).
  indirect case alt(Key)
  /// Text pasted into the terminal, as one event: a text field takes what its rules allow, and
  /// everything else ignores it (a line break in it is text, never Enter).
  case paste(String)
  /// The terminal now has this many columns and rows.
  case resize(width: Int, height: Int)
}
