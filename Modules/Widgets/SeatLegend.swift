import Canvas

/// The words of the seat map's legend, one for each kind of cell.
public struct SeatLegend: Hashable, Sendable {
  /// A free standard seat.
  public var free: String
  /// A free seat that costs more: extra legroom or an exit row.
  public var premium: String
  /// A seat someone else has.
  public var taken: String
  /// A seat chosen for a passenger on this booking.
  public var chosen: String
  /// A row beside an emergency exit.
  public var exitRow: String
  /// The word after a count of rows the map hides above or below ("▲ 6 rows"): always two or
  /// more, since one hidden row would fit in the marker's place.
  public var rows: String

  /// A legend from its words.
  public init(
    free: String, premium: String, taken: String, chosen: String, exitRow: String, rows: String
  ) {
    self.free = free
    self.premium = premium
    self.taken = taken
    self.chosen = chosen
    self.exitRow = exitRow
    self.rows = rows
  }
}
