import Canvas
import Domain

/// What a view drew that a click (or the wheel) can act on. Views record these on a canvas
/// that keeps regions (`Canvas.recordRegions`) where they draw them; the root renders the state
/// once that way when the mouse is used, and acts on the topmost target under the pointer.
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
  /// An offer in the results, by its place in the list as shown: choose it.
  case offer(Int)
  /// A day of the results' fare strip: search that day.
  case fareDay(CalendarDay)
  /// A line of the airlines checklist, by its place: tick or untick it.
  case airline(Int)
  /// A field of the passengers form (Continue among them): focus it, or press it.
  case passengerField(PassengersFeature.Field)
  /// A part of the extras panel (bags, insurance, Continue): focus it, or press it.
  case extras(ExtrasFeature.Focus)
  /// A seat on the seat map: pick it for the passenger choosing, as Enter on it does.
  case seat(SeatDesignator)
  /// A passenger's line under the seat map, by their number in the draft: they choose next.
  case seatPassenger(Int)
  /// A passenger's bags line, by their place in the draft.
  case bagPassenger(Int)
  /// The extras panel's answer to a price the airline changed: accept it, as Enter does.
  case acceptPriceChange
  /// A field of the card form (Pay among them): focus it, or press it.
  case paymentField(PaymentFeature.Field)
  /// A booking in the trips list, by its place: open it.
  case trip(Int)
  /// Something the wheel scrolls.
  case scrolls(Scroller)

  /// What the wheel scrolls.
  public enum Scroller: Hashable, Sendable {
    case results, airlines, details, trips, seatMap
  }
}
