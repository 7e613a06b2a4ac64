extension Matrix {
  /// The matrix for a terminal: checks as rows, faults as columns, one word a cell, with totals.
  public func text(_ language: Language) -> String {
    let words = Words(language)
    let nameWidth = max(words.check.count, checks.map { $0.name(language).count }.max() ?? 0) + 2
    let headers = faults.map { Self.headerLines($0.name(language)) }
    let widest =
      (Separation.allCases.map { $0.word(language) } + headers.flatMap { $0 })
      .map(\.count).max() ?? 0
    let columnWidth = widest + 1
    let rule = String(repeating: "-", count: nameWidth + columnWidth * faults.count + 7)

    var lines = [words.title, ""]
    for line in 0..<2 {
      let cells = headers.map { $0[line].padded(columnWidth) }.joined()
      let last = line == 1
      lines.append(
        (last ? words.check : "").padded(nameWidth) + cells
          + (last ? Words.countsHeader(language) : ""))
    }
    lines.append(rule)
    for row in rows {
      guard let check = row.first?.check else { continue }
      let cells = row.map { $0.separation.word(language).padded(columnWidth) }.joined()
      lines.append(
        check.name(language).padded(nameWidth) + cells + Words.counts(totals(forCheck: check.name)))
    }
    lines.append(rule)
    let faultTotals = faults.map { Words.counts(totals(forFault: $0.name)).padded(columnWidth) }
    lines.append(Words.countsHeader(language).padded(nameWidth) + faultTotals.joined())
    lines.append("")
    lines += legend(language)
    return lines.map { $0.trimmingTrailingSpaces }.joined(separator: "\n")
  }

  /// The classes, the faults with the checks that separate them, the checks, and the faults no
  /// check separates.
  func legend(_ language: Language) -> [String] {
    let words = Words(language)
    var lines = ["\(words.legend) (\(Words.countsHeader(language))):"]
    for separation in Separation.allCases {
      lines.append("  \(separation.labelled(language)): \(separation.meaning(language))")
    }
    lines += ["", "\(words.faultsHeading):"]
    let width = (faults.map { $0.name(language).count }.max() ?? 0) + 2
    for fault in faults {
      let by = separators(of: fault.name).compactMap { Check.named($0)?.name(language) }
      lines.append("  " + fault.name(language).padded(width) + fault.summary(language))
      let label = "\(words.separatedBy): "
      let list = by.isEmpty ? words.none : by.joined(separator: ", ")
      let wrapped = list.wrapped(98 - width - label.count)
      for (index, part) in wrapped.enumerated() {
        lines.append("  " + "".padded(width) + (index == 0 ? label : "".padded(label.count)) + part)
      }
    }
    lines += ["", "\(words.checksHeading):"]
    let checkWidth = (checks.map { $0.name(language).count }.max() ?? 0) + 2
    for check in checks {
      lines.append("  " + check.name(language).padded(checkWidth) + check.summary(language))
    }
    lines += ["", unseparatedLine(language)]
    return lines
  }

  /// "Faults no check separates: none", or their names.
  func unseparatedLine(_ language: Language) -> String {
    let words = Words(language)
    let missing = unseparated.map { FlowVersion.fault(named: $0)?.name(language) ?? $0 }
    return "\(words.noCheckSeparates): "
      + (missing.isEmpty ? words.none : missing.joined(separator: ", "))
  }

  /// A fault's name as two header lines, split after its first hyphen.
  static func headerLines(_ name: String) -> [String] {
    guard let hyphen = name.firstIndex(of: "-") else { return ["", name] }
    return [String(name[...hyphen]), String(name[name.index(after: hyphen)...])]
  }
}
