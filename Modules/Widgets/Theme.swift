import Canvas

/// The styles of every role on screen, in one place: a theme for dark backgrounds, one for light
/// backgrounds, and a monochrome one.
///
/// Views draw only these roles, never a role with attributes added, so every text and
/// background pair the app can show is listed in `roles` and its contrast can be checked. The
/// colour themes hold on the terminal's own colours where they can: text in the terminal's
/// foreground, the footer in reverse video (its text takes the terminal's background),
/// and no bold on a black foreground, which terminals that draw bold as the bright colour turn
/// grey.
public struct Theme: Hashable, Sendable {
  /// Ordinary text.
  public var text: Style
  /// Ordinary text made stronger: flight numbers, the seat map's row under the cursor.
  public var strong: Style
  /// Secondary text: hints, units, disabled items.
  public var dim: Style
  /// Panel titles and headings.
  public var title: Style
  /// Borders of panels that do not have focus.
  public var border: Style
  /// The border of the panel with focus.
  public var focusedBorder: Style
  /// The selected row of a list, a focused button.
  public var selection: Style
  /// What stands out in the selected row: its flight numbers and its price.
  public var selectionStrong: Style
  /// A focused text field: the selection, underlined.
  public var field: Style
  /// The cursor cell, and selected text, of a focused text field: the field with reverse video
  /// toggled (so it shows in the monochrome theme too).
  public var fieldCursor: Style
  /// Error messages at a field or in a panel.
  public var error: Style
  /// Warnings (a countdown under two minutes).
  public var warning: Style
  /// Critical states (a countdown under 30 seconds, expired).
  public var critical: Style
  /// Success (paid, booked, nonstop, the cheapest day).
  public var success: Style
  /// Prices, scroll markers, exit rows.
  public var accent: Style
  /// What the traveller must read first: a total, the booking reference.
  public var emphasis: Style
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

  /// Every role by name: each text and background pair a view can draw in this theme.
  public var roles: [(name: String, style: Style)] {
    [
      ("text", text), ("strong", strong), ("dim", dim), ("title", title), ("border", border),
      ("focusedBorder", focusedBorder), ("selection", selection),
      ("selectionStrong", selectionStrong), ("field", field), ("fieldCursor", fieldCursor),
      ("error", error), ("warning", warning), ("critical", critical), ("success", success),
      ("accent", accent), ("emphasis", emphasis), ("header", header), ("footer", footer),
      ("keyHint", keyHint), ("seatFree", seatFree), ("seatPremium", seatPremium),
      ("seatTaken", seatTaken), ("seatSelected", seatSelected), ("seatCursor", seatCursor),
    ]
  }

  /// The colour theme for a dark background: cyan, yellow and green on the terminal's own
  /// colours, the selection black on cyan, the footer in reverse cyan. The selected row has no
  /// bold: bold black on cyan turns grey where bold is drawn bright.
  public static let dark = Theme(
    text: .plain, strong: Style(attributes: .bold), dim: Style(attributes: .dim),
    title: Style(foreground: .cyan, attributes: .bold), border: Style(attributes: .dim),
    focusedBorder: Style(foreground: .cyan, attributes: .bold),
    selection: Style(foreground: .black, background: .cyan),
    selectionStrong: Style(foreground: .black, background: .cyan),
    field: Style(foreground: .black, background: .cyan, attributes: .underline),
    fieldCursor: Style(foreground: .black, background: .cyan, attributes: [.underline, .reverse]),
    error: Style(foreground: .red, attributes: .bold),
    warning: Style(foreground: .yellow, attributes: .bold),
    critical: Style(foreground: .white, background: .red, attributes: .bold),
    success: Style(foreground: .green, attributes: .bold), accent: Style(foreground: .yellow),
    emphasis: Style(foreground: .yellow, attributes: .bold), header: .plain,
    footer: Style(foreground: .cyan, attributes: .reverse), keyHint: Style(attributes: .bold),
    seatFree: Style(foreground: .green),
    seatPremium: Style(foreground: .magenta, attributes: .bold),
    seatTaken: Style(attributes: .dim), seatSelected: Style(foreground: .black, background: .green),
    seatCursor: Style(attributes: .reverse))

  /// The colour theme for a light background: blue and red on the terminal's own colours, the
  /// selection white on blue, the footer in reverse blue, warnings black on yellow. Yellow, cyan
  /// and green text are unreadable on white, so none of them is a foreground; nor is faint text,
  /// which terminals that fade it into the background draw under 4.5:1 (#777777 on white), so
  /// secondary text is the terminal's own colour.
  public static let light = Theme(
    text: .plain, strong: Style(attributes: .bold), dim: .plain,
    title: Style(attributes: .bold), border: Style(attributes: .dim),
    focusedBorder: Style(foreground: .blue, attributes: .bold),
    selection: Style(foreground: .white, background: .blue),
    selectionStrong: Style(foreground: .white, background: .blue),
    field: Style(foreground: .white, background: .blue, attributes: .underline),
    fieldCursor: Style(foreground: .white, background: .blue, attributes: [.underline, .reverse]),
    error: Style(foreground: .red, attributes: .bold),
    warning: Style(foreground: .black, background: .yellow),
    critical: Style(foreground: .white, background: .red, attributes: .bold),
    success: Style(attributes: .bold), accent: Style(foreground: .blue),
    emphasis: Style(foreground: .blue, attributes: .bold), header: .plain,
    footer: Style(foreground: .blue, attributes: .reverse), keyHint: Style(attributes: .bold),
    seatFree: .plain, seatPremium: Style(foreground: .magenta), seatTaken: .plain,
    seatSelected: Style(foreground: .black, background: .green),
    seatCursor: Style(attributes: .reverse))

  /// The colour theme a terminal that says nothing of its background gets: `dark`.
  public static let color = dark

  /// The same roles told apart by attributes only: for `NO_COLOR` and terminals without colour.
  /// The seat cursor is reversed and a chosen seat is not, so the two never look alike. Nothing
  /// is faint: on a light background a terminal that fades it draws it under 4.5:1.
  public static let monochrome = Theme(
    text: .plain, strong: Style(attributes: .bold), dim: .plain,
    title: Style(attributes: .bold), border: .plain, focusedBorder: Style(attributes: .bold),
    selection: Style(attributes: .reverse), selectionStrong: Style(attributes: [.reverse, .bold]),
    field: Style(attributes: [.reverse, .underline]), fieldCursor: Style(attributes: .underline),
    error: Style(attributes: [.bold, .underline]), warning: Style(attributes: .bold),
    critical: Style(attributes: [.bold, .reverse]), success: Style(attributes: .bold),
    accent: Style(attributes: .bold), emphasis: Style(attributes: .bold), header: .plain,
    footer: Style(attributes: .reverse), keyHint: Style(attributes: [.reverse, .bold]),
    seatFree: .plain, seatPremium: Style(attributes: .underline),
    seatTaken: .plain, seatSelected: Style(attributes: [.bold, .underline]),
    seatCursor: Style(attributes: .reverse))
}
