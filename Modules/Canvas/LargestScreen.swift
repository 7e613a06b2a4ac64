/// The largest screen the app draws at. A terminal past it in either direction is drawn at a
/// capped size, never at its own: a canvas, and the terminal library's windows, of 65535x65535
/// cells would take hundreds of gigabytes.
public enum LargestScreen {
  /// The most columns drawn.
  public static let width = 1000
  /// The most rows drawn.
  public static let height = 500

  /// Whether a terminal of `width` x `height` is past the largest screen.
  public static func exceeded(width: Int, height: Int) -> Bool {
    width > Self.width || height > Self.height
  }

  /// The size a terminal of `width` x `height` is drawn at: its own up to the largest screen;
  /// past it, one more than the largest in each direction that is past it, so that a canvas of
  /// the capped size still says the terminal is too large (`exceeded`).
  public static func capped(width: Int, height: Int) -> (width: Int, height: Int) {
    (min(width, Self.width + 1), min(height, Self.height + 1))
  }
}
