import Canvas

/// The time left to pay, as `label mm:ss` (`h:mm:ss` past an hour) and a bar that shrinks with it, on one row.
///
/// The row turns `theme.warning` under two minutes and `theme.critical` under thirty seconds;
/// at zero it shows `expiredText` instead.
public enum CountdownView {
  /// Seconds left below which the countdown warns.
  public static let warningSeconds = 120
  /// Seconds left below which the countdown is critical.
  public static let criticalSeconds = 30

  /// Draws the countdown on the first row of `rect`; the label is left off when the time alone
  /// barely fits.
  public static func draw(
    on canvas: inout Canvas, in rect: Rect, remaining: Int, total: Int, theme: Theme,
    label: String, expiredText: String
  ) {
    let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: min(1, rect.height))
    guard !row.isEmpty else { return }
    guard remaining > 0 else {
      canvas.fill(row, style: theme.critical)
      let shown = DisplayWidth.truncate(expiredText, to: row.width)
      canvas.put(shown, x: row.x, y: row.y, style: theme.critical, clip: row)
      return
    }
    let style =
      remaining < criticalSeconds
      ? theme.critical : remaining < warningSeconds ? theme.warning : theme.text
    canvas.fill(row, style: theme.text)
    let time = clock(remaining)
    let labelWidth = DisplayWidth.of(label)
    var x = row.x
    if labelWidth > 0, labelWidth + 1 + time.count <= row.width {
      x = canvas.put(label, x: x, y: row.y, style: theme.text, clip: row) + 1
    }
    x = canvas.put(time, x: x, y: row.y, style: style, clip: row) + 1
    let barWidth = row.maxX - x
    guard barWidth > 0 else { return }
    let share = Double(min(remaining, max(total, remaining))) / Double(max(total, remaining))
    let filled = Int((Double(barWidth) * share).rounded(.up))
    let bar =
      String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
    canvas.put(bar, x: x, y: row.y, style: style, clip: row)
  }

  /// `seconds` as minutes and seconds, `14:59`, and from an hour on with the hours in front,
  /// `23:59:46` (a lock may last a day: 1439 minutes reads as a number, not as a time); anything
  /// below one second is `00:00`.
  public static func clock(_ seconds: Int) -> String {
    let clamped = max(0, seconds)
    let hours = clamped / 3600
    let minutes = clamped % 3600 / 60
    let rest = clamped % 60
    let minutesAndSeconds = two(minutes) + ":" + two(rest)
    return hours > 0 ? String(hours) + ":" + minutesAndSeconds : minutesAndSeconds
  }

  private static func two(_ value: Int) -> String { (value < 10 ? "0" : "") + String(value) }
}
