/// Which of a column's lines show in fewer rows than it has, with a marker row above when lines
/// are hidden above and one below when lines are hidden below.
///
/// A marker never stands for a single line (that line would fit in the marker's place), so a
/// marker always counts two lines or more. Rows too few for a marker and a line (under 3) show
/// lines only.
public struct ScrollWindow: Hashable, Sendable {
  /// The lines shown, in order, between the markers.
  public let lines: Range<Int>
  /// How many lines are hidden above (0: no marker above).
  public let hiddenAbove: Int
  /// How many lines are hidden below (0: no marker below).
  public let hiddenBelow: Int
  /// Whether the hidden lines have marker rows (not in fewer than 3 rows).
  public let marked: Bool

  /// The row (from 0) where the first shown line is drawn: 1 under a marker, else 0.
  public var firstLineRow: Int { marked && hiddenAbove > 0 ? 1 : 0 }

  /// The window over `count` lines in `height` rows that shows `line`, and as much of `keep`
  /// around it as fits.
  ///
  /// `centred`: the line as near the middle as the ends allow (a cursor moving through a map);
  /// otherwise the window scrolls no further than it must from the top (a form whose focused
  /// part comes into view).
  public init(
    count: Int, height: Int, showing line: Int, keep: ClosedRange<Int>? = nil,
    centred: Bool = false
  ) {
    let count = max(0, count)
    let height = max(0, height)
    guard count > height else {
      self.init(lines: 0..<count, count: count, marked: true)
      return
    }
    let line = min(max(0, line), count - 1)
    guard height >= 3 else {
      let top = min(max(0, line - height + 1), count - height)
      self.init(lines: top..<(top + height), count: count, marked: false)
      return
    }
    // The windows there are, by their first line: from the top with a marker below; in the
    // middle between two markers; at the end with a marker above.
    var windows = [0..<(height - 1)]
    if count - height >= 2 {
      windows += (2...(count - height)).map { $0..<($0 + height - 2) }
    }
    windows.append((count - height + 1)..<count)
    let showing = windows.filter { $0.contains(line) }
    let chosen: Range<Int>
    if centred {
      let middle = { (window: Range<Int>) in
        abs(2 * line - (window.lowerBound + window.upperBound - 1))
      }
      chosen = showing.min { middle($0) < middle($1) } ?? windows[0]
    } else {
      let wanted = keep.map { min($0.lowerBound, line)...max($0.upperBound, line) } ?? line...line
      let overlap = { (window: Range<Int>) in
        window.clamped(to: wanted.lowerBound..<(wanted.upperBound + 1)).count
      }
      // The most of `keep`; of windows showing as much, the one scrolled least.
      let best = showing.map(overlap).max() ?? 0
      chosen = showing.first { overlap($0) == best } ?? windows[0]
    }
    self.init(lines: chosen, count: count, marked: true)
  }

  private init(lines: Range<Int>, count: Int, marked: Bool) {
    self.lines = lines
    hiddenAbove = lines.lowerBound
    hiddenBelow = count - lines.upperBound
    self.marked = marked
  }
}
