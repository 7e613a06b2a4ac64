import Canvas

/// A passenger as typed into the passengers form.
public struct Traveller: Sendable {
  public let given: String
  public let family: String
  public let born: String

  public init(given: String, family: String, born: String) {
    self.given = given
    self.family = family
    self.born = born
  }

  public var fullName: String { "\(given) \(family)" }

  public static let ada = Traveller(given: "Ada", family: "Lovelace", born: "1990-01-01")
  public static let alan = Traveller(given: "Alan", family: "Turing", born: "1985-05-05")
}

/// The seat map as drawn on the extras screen, read back from the text: `[ ]` free, `[+]` free
/// with extra legroom, `[x]` taken, `[1]`/`[2]`... chosen for that passenger.
public struct SeatGrid: Sendable {
  public struct Row: Sendable {
    public let number: Int
    public let cells: [Character]
  }

  public let letters: [Character]
  public let rows: [Row]

  /// Reads the grid from `screen`, or nil when no seat map is drawn.
  public init?(screen: String) {
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
  public func position(of mark: Character) -> (row: Int, column: Int)? {
    for (r, row) in rows.enumerated() {
      if let c = row.cells.firstIndex(of: mark) { return (r, c) }
    }
    return nil
  }

  /// The first free seat after `start` in reading order (row by row, left to right).
  public func firstFree(after start: (row: Int, column: Int)) -> (row: Int, column: Int)? {
    for (r, row) in rows.enumerated() where r >= start.row {
      for (c, cell) in row.cells.enumerated()
      where (r > start.row || c > start.column) && (cell == " " || cell == "+") {
        return (r, c)
      }
    }
    return nil
  }

  /// The seat's name, like "12C".
  public func designator(_ position: (row: Int, column: Int)) -> String {
    "\(rows[position.row].number)\(letters[position.column])"
  }

  /// The arrow keys that move the seat cursor from `from` to `to`.
  public static func keys(from: (row: Int, column: Int), to: (row: Int, column: Int)) -> [Key] {
    let vertical = Array(
      repeating: to.row > from.row ? Key.down : .up, count: abs(to.row - from.row))
    let horizontal = Array(
      repeating: to.column > from.column ? Key.right : .left,
      count: abs(to.column - from.column))
    return vertical + horizontal
  }
}
