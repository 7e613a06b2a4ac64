import Canvas
import Widgets
import Words

/// Draws where a `Loadable` stands when it has not arrived: a spinner line while loading, the
/// refusal and the retry key when it failed.
enum LoadStatusView {
  /// The loaded value, or nil after drawing the loading or failed state at the top of `rect`.
  static func value<Value>(
    of load: Loadable<Value>, loadingText: String, on canvas: inout Canvas, in rect: Rect,
    theme: Theme, strings: Strings, spinner: Int
  ) -> Value? {
    switch load {
    case .loaded(let value):
      return value
    case .loading:
      canvas.put(
        "\(Spinner.frame(spinner)) \(loadingText)", x: rect.x, y: rect.y, style: theme.text,
        clip: rect)
    case .failed(let message):
      canvas.put(message, x: rect.x, y: rect.y, style: theme.error, clip: rect)
      canvas.put("r: \(strings.hintRetry)", x: rect.x, y: rect.y + 1, style: theme.dim, clip: rect)
    }
    return nil
  }
}
