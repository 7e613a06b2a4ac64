extension Matrix {
  /// The same report as Markdown, for slides: the table, then the legend as lists.
  public func markdown(_ language: Language) -> String {
    let words = Words(language)
    let counts = Words.countsHeader(language)
    let header = faults.map { "`\($0.name(language))`" }.joined(separator: " | ")
    var lines = ["## \(words.title)", "", "| \(words.check) | \(header) | \(counts) |"]
    lines.append("|---|" + String(repeating: "---|", count: faults.count) + "---|")
    for row in rows {
      guard let check = row.first?.check else { continue }
      let cells = row.map { Self.markdownCell($0.separation, language) }.joined(separator: " | ")
      lines.append(
        "| `\(check.name(language))` | \(cells) | \(Words.counts(totals(forCheck: check.name))) |")
    }
    let faultTotals = faults.map { Words.counts(totals(forFault: $0.name)) }
    lines.append("| *\(counts)* | " + faultTotals.joined(separator: " | ") + " | |")
    lines += ["", "**\(words.legend) (\(counts))**", ""]
    for separation in Separation.allCases {
      lines.append("- **\(separation.labelled(language))**: \(separation.meaning(language))")
    }
    lines += ["", "**\(words.faultsHeading)**", ""]
    for fault in faults {
      let by = separators(of: fault.name).compactMap { Check.named($0)?.name(language) }
        .map { "`\($0)`" }
      lines.append(
        "- `\(fault.name(language))`: \(fault.summary(language)); \(words.separatedBy): "
          + (by.isEmpty ? words.none : by.joined(separator: ", ")))
    }
    lines += ["", "**\(words.checksHeading)**", ""]
    for check in checks {
      lines.append("- `\(check.name(language))`: \(check.summary(language))")
    }
    lines += ["", "**\(unseparatedLine(language))**"]
    return lines.joined(separator: "\n")
  }

  /// A cell word, bold when the check separates the fault.
  static func markdownCell(_ separation: Separation, _ language: Language) -> String {
    separation == .separating ? "**\(separation.word(language))**" : separation.word(language)
  }
}
