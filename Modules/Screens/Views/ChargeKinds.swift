import Domain

/// A quote's lines summed by kind, for a panel too short for each line: every fare (adults',
/// children's, infants') as one, then the seats, the bags, the insurance and the taxes, in the
/// order their first line comes.
enum ChargeKinds {
  /// One kind's charges: its kind (`.fare` for every fare), how many (travellers, seats, bags)
  /// and their sum.
  struct Line: Hashable {
    let kind: LineItemKind
    let count: Int
    let amount: Money
  }

  static func lines(of items: [LineItem]) -> [Line] {
    var lines: [Line] = []
    for item in items {
      let kind = [.childFare, .infant].contains(item.kind) ? .fare : item.kind
      let count = item.kind == .infant || item.kind == .seat ? 1 : item.quantity ?? 1
      guard let index = lines.firstIndex(where: { $0.kind == kind }),
        let sum = try? Money.sum([lines[index].amount, item.amount], in: item.amount.currency)
      else {
        lines.append(Line(kind: kind, count: count, amount: item.amount))
        continue
      }
      lines[index] = Line(kind: kind, count: lines[index].count + count, amount: sum)
    }
    return lines
  }
}
