import Canvas

/// The styles of every role on screen, in one place: a colour theme and a monochrome one.
public struct Theme: Hashable, Sendable {
  /// Ordinary text.
  public var text: Style
  /// Secondary text: hints, units, disabled items.
  public var dim: Style
  /// Panel titles and headings.
  public var title: Style
  /// Borders of panels that do not have focus.
  public var border: Style
  /// The border of the panel with focus.
  public var focusedBorder: Style
  /// The selected row of a list, the focused field.
  public var selection: Style
  /// Error messages at a field or in a panel.
  public var error: Style
  /// Warnings (a countdown under two minutes).
  public var warning: Style
  /// Critical states (a countdown under 30 seconds, expired).
  public var critical: Style
  /// Success (paid, booked).
  public var success: Style
  /// Emphasis: prices, the booking reference.
  public var accent: Style
  /// The header bar.
  public var header: Style
  /// The footer bar of key hints.
  public var footer: Style
  /// The key in a key hint.
  public var keyHint: Style
  /// A free standard seat.
  public var seatFree: Style
  /// A free extra-legroom or exit-row seat (it costs more).
  public var seatPremium: Style
  /// A seat someone else has.
  public var seatTaken: Style
  /// A seat chosen for a passenger on this booking.
  public var seatSelected: Style
  /// The seat-map cursor.
  public var seatCursor: Style

  /// The colour theme.
  public static let color = Theme(
    text: .plain, dim: Style(attributes: .dim), title: Style(foreground: .cyan, attributes: .bold),
    border: Style(foreground: .blue), focusedBorder: Style(foreground: .cyan, attributes: .bold),
    selection: Style(foreground: .black, background: .cyan),
    error: Style(foreground: .red, attributes: .bold),
    warning: Style(foreground: .yellow, attributes: .bold),
    critical: Style(foreground: .white, background: .red, attributes: .bold),
    success: Style(foreground: .green, attributes: .bold), accent: Style(foreground: .yellow),
    header: .plain,
    footer: Style(foreground: .white, background: .blue),
    keyHint: Style(foreground: .yellow, background: .blue, attributes: .bold),
    seatFree: Style(foreground: .green), seatPremium: Style(foreground: .magenta),
    seatTaken: Style(attributes: .dim),
    seatSelected: Style(foreground: .black, background: .green, attributes: .bold),
    seatCursor: Style(attributes: .reverse))

  /// The same roles told apart by attributes only: for `NO_COLOR` and terminals without colour.
  public static let monochrome = Theme(
    text: .plain, dim: Style(attributes: .dim), title: Style(attributes: .bold),
    border: .plain, focusedBorder: Style(attributes: .bold), selection: Style(attributes: .reverse),
    error: Style(attributes: [.bold, .underline]), warning: Style(attributes: .bold),
    critical: Style(attributes: [.bold, .reverse]), success: Style(attributes: .bold),
    accent: Style(attributes: .bold), header: .plain,
    footer: Style(attributes: .reverse),
    keyHint: Style(attributes: [.reverse, .bold]), seatFree: .plain,
    seatPremium: Style(attributes: .underline),
    seatTaken: Style(attributes: .dim), seatSelected: Style(attributes: [.bold, .reverse]),
    seatCursor: Style(attributes: [.reverse, .underline]))
}
