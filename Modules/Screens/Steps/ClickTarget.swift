import Canvas
import Domain

/// What the search form, the trips list and the path's panels drew that the pointer can act on.
/// Views record these on a canvas that keeps regions (`Canvas.recordRegions`) where they draw
/// them; the root renders the state once that way when the mouse is used, and acts on the
/// topmost target under the pointer. A step's own targets are its feature's
/// (`StepFeature.Target`), and what pointing at them does is its feature's too.
public enum ClickTarget: Hashable, Sendable {
  /// The panel of an earlier step on the path, or its name in the breadcrumb, by its place (0:
  /// the results; -1, in the breadcrumb, the search form): back to it.
  case pathStep(Int)
  /// A field of the search form: focus it.
  case searchField(SearchFeature.Field)
  /// An airport the search form suggests, by its place in the list: take it.
  case suggestion(Int)
  /// The search form's Search line: send the form.
  case searchButton
  /// A booking in the trips list, by its place: open it.
  case trip(Int)
  /// The trips list, which the wheel scrolls.
  case tripList
}
