import Canvas

/// A braille-dot spinner that turns one frame per tick.
public enum Spinner {
  /// The frames in order.
  public static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  /// The frame for `tick`, any integer, negative ones included.
  public static func frame(_ tick: Int) -> String {
    let count = frames.count
    return frames[((tick % count) + count) % count]
  }
}
