import FlowFaults

/// Every check's class for every fault, with the totals the report prints.
public struct Matrix: Sendable {
  /// The rows.
  public let checks: [Check]
  /// The columns.
  public let faults: [FlowVersion]
  /// `rows[check][fault]`: one contrast per cell.
  public let rows: [[Contrast]]

  /// The cell for the named check and fault, if both exist.
  public func cell(check: String, fault: String) -> Contrast? {
    guard let row = checks.firstIndex(where: { $0.name == check }),
      let column = faults.firstIndex(where: { $0.name == fault }),
      rows.indices.contains(row), rows[row].indices.contains(column)
    else { return nil }
    return rows[row][column]
  }

  /// How many faults each class covers in `check`'s row.
  public func totals(forCheck check: String) -> [Separation: Int] {
    count(rows.first { $0.first?.check.name == check } ?? [])
  }

  /// How many checks each class covers in `fault`'s column.
  public func totals(forFault fault: String) -> [Separation: Int] {
    count(rows.compactMap { row in row.first { $0.fault.name == fault } })
  }

  /// The checks that separate `fault`.
  public func separators(of fault: String) -> [String] {
    rows.compactMap { row in
      row.first { $0.fault.name == fault && $0.separation == .separating }?.check.name
    }
  }

  /// The faults no check separates.
  public var unseparated: [String] {
    faults.map(\.name).filter { separators(of: $0).isEmpty }
  }

  private func count(_ cells: [Contrast]) -> [Separation: Int] {
    var totals = Dictionary(uniqueKeysWithValues: Separation.allCases.map { ($0, 0) })
    for cell in cells { totals[cell.separation, default: 0] += 1 }
    return totals
  }
}
