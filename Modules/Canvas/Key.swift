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
  /// A mouse button pressed or released, or the wheel turned, where the terminal reports the
  /// mouse (xterm's SGR reporting).
  case mouse(MouseEvent)
}

/// What the mouse did, and where: a cell of the screen, counted from 0 at the top left.
public struct MouseEvent: Hashable, Sendable, Codable {
  /// The button pressed or released, or the way the wheel turned.
  public enum Button: String, Hashable, Sendable, Codable {
    case left, middle, right
    /// The wheel turned away from the person (the list goes up).
    case wheelUp
    /// The wheel turned towards the person (the list goes down).
    case wheelDown
  }

  public var button: Button
  /// The column, from 0.
  public var x: Int
  /// The row, from 0.
  public var y: Int
  /// False for a button's release (the wheel only presses).
  public var pressed: Bool
  /// The modifier keys held: Shift, Alt (Meta), Ctrl.
  public var shift: Bool
  public var alt: Bool
  public var control: Bool

  /// `button` at column `x`, row `y`, pressed unless said, without modifiers unless said.
  public init(
    _ button: Button, x: Int, y: Int, pressed: Bool = true, shift: Bool = false,
    alt: Bool = false, control: Bool = false
  ) {
    self.button = button
    self.x = x
    self.y = y
    self.pressed = pressed
    self.shift = shift
    self.alt = alt
    self.control = control
  }

  /// Whether this is the wheel turning.
  public var isWheel: Bool { button == .wheelUp || button == .wheelDown }
}
