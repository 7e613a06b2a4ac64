/// The seat map as drawn on the extras screen, read back from the text: `[ ]` free, `[+]` free
/// with extra legroom, `[x]` taken, `[1]`/`[2]`... chosen for that passenger.
struct SeatGrid {
  struct Row {
    let number: Int
    let cells: [Character]
  }

  let letters: [Character]
  let rows: [Row]

  /// Reads the grid from `screen`, or nil when no seat map is drawn.
  init?(screen: String) {
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let header = lines.firstIndex(where: { $0.contains("Seats") && $0.contains(" A ") }),
      let seatsColumn = lines[header].range(of: "Seats")
    else { return nil }
    let width = lines[header].distance(
      from: lines[header].startIndex, to: seatsColumn.lowerBound)
    letters = lines[header].prefix(width).filter { $0.isLetter && $0.isUppercase }
    var rows: [Row] = []
    for line in lines[(header + 1)...] {
      let map = String(line.prefix(width))
      let body = map.drop { !$0.isNumber && $0 != "[" }
      guard let number = Int(body.prefix { $0.isNumber }) else { break }
      var cells: [Character] = []
      var rest = Substring(map)
      while let open = rest.firstIndex(of: "["), rest.index(open, offsetBy: 2) < rest.endIndex,
        rest[rest.index(open, offsetBy: 2)] == "]"
      {
        cells.append(rest[rest.index(after: open)])
        rest = rest[rest.index(open, offsetBy: 3)...]
      }
      guard cells.count == letters.count else { break }
      rows.append(Row(number: number, cells: cells))
    }
    guard !rows.isEmpty, !letters.isEmpty else { return nil }
    self.rows = rows
  }

  /// Row index and column index of the seat showing `mark`.
  func position(of mark: Character) -> (row: Int, column: Int)? {
    for (r, row) in rows.enumerated() {
      if let c = row.cells.firstIndex(of: mark) { return (r, c) }
    }
    return nil
  }

  /// The first free seat after `start` in reading order (row by row, left to right).
  func firstFree(after start: (row: Int, column: Int)) -> (row: Int, column: Int)? {
    for (r, row) in rows.enumerated() where r >= start.row {
      for (c, cell) in row.cells.enumerated()
      where (r > start.row || c > start.column) && (cell == " " || cell == "+") {
        return (r, c)
      }
    }
    return nil
  }

  /// The seat's name, like "12C".
  func designator(_ position: (row: Int, column: Int)) -> String {
    "\(rows[position.row].number)\(letters[position.column])"
  }

  /// The arrow keys that move the seat cursor from `from` to `to`.
  static func keys(from: (row: Int, column: Int), to: (row: Int, column: Int)) -> [String] {
    let vertical = Array(
      repeating: to.row > from.row ? "Down" : "Up", count: abs(to.row - from.row))
    let horizontal = Array(
      repeating: to.column > from.column ? "Right" : "Left", count: abs(to.column - from.column))
    return vertical + horizontal
  }
}
