import FlowFaults

extension Matrix {
  /// The matrix for a terminal, within a projector's 100 columns: checks as rows, faults as
  /// numbered columns (named in the legend under it), each cell its class's letter, capital when
  /// the check separates the fault (what the room looks for), with each check's totals.
  public func text(_ language: Language) -> String {
    let words = Words(language)
    let nameWidth = max(words.check.count, checks.map { $0.name(language).count }.max() ?? 0) + 2
    let columnWidth = max(3, String(faults.count).count + 2)
    let rule = String(repeating: "-", count: nameWidth + columnWidth * faults.count + 8)

    var lines = [words.title, ""]
    let numbers = faults.indices.map { String($0 + 1).padded(columnWidth) }.joined()
    lines.append(words.check.padded(nameWidth) + numbers + Words.countsHeader(language))
    lines.append(rule)
    for row in rows {
      guard let check = row.first?.check else { continue }
      let cells = row.map { Self.cell($0.separation, language).padded(columnWidth) }.joined()
      lines.append(
        check.name(language).padded(nameWidth) + cells + Words.counts(totals(forCheck: check.name)))
    }
    lines.append(rule)
    lines.append("")
    lines += legend(language)
    return lines.map { $0.trimmingTrailingSpaces }.joined(separator: "\n")
  }

  /// A cell: the class's letter, capital for a separating check.
  static func cell(_ separation: Separation, _ language: Language) -> String {
    let letter = separation.letter(language)
    return separation == .separating ? letter.uppercased(with: nil) : letter
  }

  /// The classes, the faults with the checks that separate them, the checks, and the faults no
  /// check separates.
  func legend(_ language: Language) -> [String] {
    let words = Words(language)
    var lines = ["\(words.legend) (\(Words.countsHeader(language))):"]
    for separation in Separation.allCases {
      let line =
        "\(Self.cell(separation, language)) \(separation.labelled(language)): "
        + separation.meaning(language)
      lines += line.wrapped(96).enumerated()
        .map { "  " + ($0.offset == 0 ? "" : "  ") + $0.element }
    }
    lines += ["", "\(words.faultsHeading):"]
    let numberWidth = String(faults.count).count + 2
    let width = (faults.map { $0.name(language).count }.max() ?? 0) + 2
    for (number, fault) in faults.enumerated() {
      let by = separators(of: fault.name).compactMap { Check.named($0)?.name(language) }
      let indent = "  " + "".padded(numberWidth + width)
      lines += fault.summary(language).wrapped(98 - indent.count).enumerated().map {
        $0.offset == 0
          ? "  " + "\(number + 1)".padded(numberWidth) + fault.name(language).padded(width)
            + $0.element
          : indent + $0.element
      }
      let label =
        "\(Words.countsHeader(language)) \(Words.counts(totals(forFault: fault.name))), "
        + "\(words.separatedBy): "
      let list = by.isEmpty ? words.none : by.joined(separator: ", ")
      let wrapped = list.wrapped(98 - indent.count - label.count)
      for (index, part) in wrapped.enumerated() {
        lines.append(indent + (index == 0 ? label : "".padded(label.count)) + part)
      }
    }
    lines += ["", "\(words.checksHeading):"]
    let checkWidth = (checks.map { $0.name(language).count }.max() ?? 0) + 2
    for check in checks {
      lines += check.summary(language).wrapped(98 - checkWidth).enumerated().map {
        "  " + ($0.offset == 0 ? check.name(language) : "").padded(checkWidth) + $0.element
      }
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
}
