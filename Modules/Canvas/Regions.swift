/// A part of a canvas that something was drawn in and that a click can land on: a row of a
/// list, a seat, a field, a button.
public struct Region: Sendable {
  /// The cells it covers.
  public let rect: Rect
  /// What the view that drew it says is there: a value of the view's own type, which whoever
  /// asked for the regions reads back with `as?`.
  public let target: any Sendable
}

extension Canvas {
  /// Starts keeping the regions views record while they draw (`record`). A canvas keeps none
  /// unless asked: recording then costs one check of an optional per call, and a frame drawn for
  /// the terminal keeps nothing.
  public mutating func recordRegions() {
    if regions == nil { regions = [] }
  }

  /// Notes that `target` is drawn in `rect` (cut to the canvas), when the canvas keeps regions.
  /// Later regions lie over earlier ones, as later drawing does. Inlined, so a frame drawn for
  /// the terminal pays one check where a view records.
  @inlinable
  public mutating func record(_ target: some Sendable, in rect: Rect) {
    guard regions != nil else { return }
    keep(target, in: rect)
  }

  @usableFromInline
  mutating func keep(_ target: any Sendable, in rect: Rect) {
    let left = max(0, rect.x)
    let top = max(0, rect.y)
    let right = min(width, rect.maxX)
    let bottom = min(height, rect.maxY)
    guard left < right, top < bottom else { return }
    regions?.append(
      Region(rect: Rect(x: left, y: top, width: right - left, height: bottom - top), target: target)
    )
  }

  /// The region drawn last that covers column `x`, row `y`: what is on top there.
  public func region(atX x: Int, y: Int) -> Region? {
    regions?.last { region in
      x >= region.rect.x && x < region.rect.maxX && y >= region.rect.y && y < region.rect.maxY
    }
  }
}
