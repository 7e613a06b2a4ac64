extension Contrast {
  /// One cell explained for a terminal: the check, the fault, and both versions side by side.
  public func explanation(_ language: Language) -> String {
    let words = Words(language)
    let label = words.labelWidth
    let column = 40
    // A label and its text, the text wrapped under itself within a 100-column projector.
    func field(_ name: String, _ text: String) -> [String] {
      text.wrapped(98 - label).enumerated().map {
        ($0.offset == 0 ? name : "").padded(label) + $0.element
      }
    }
    var lines = [
      "\(check.name(language)) x \(fault.name(language)) -> \(separation.labelled(language))", "",
    ]
    lines += field(words.check, "\(check.name(language)): \(check.summary(language))")
    lines += field(words.expects, check.expectation(language))
    lines += field(words.fault, "\(fault.name(language)): \(fault.summary(language))")
    lines += field(
      words.scenario, "\(check.scenario.rawValue): \(check.scenario.summary(language))")
    lines += [
      "",
      "".padded(label) + "\(words.correct): BookingFlow".padded(column)
        + "\(words.faulty): \(fault.name(language))",
    ]
    for (name, left, right) in sideBySide(words) {
      let leftLines = left.wrapped(column - 2)
      let rightLines = right.wrapped(column - 2)
      for index in 0..<max(leftLines.count, rightLines.count) {
        let head = index == 0 ? name : ""
        let leftText = leftLines.indices.contains(index) ? leftLines[index] : ""
        let rightText = rightLines.indices.contains(index) ? rightLines[index] : ""
        lines.append(head.padded(label) + leftText.padded(column) + rightText)
      }
    }
    lines.append("")
    lines += "=> \(separation.labelled(language)): \(separation.meaning(language))".wrapped(98)
      .enumerated().map { ($0.offset == 0 ? "" : "   ") + $0.element }
    lines.append("")
    lines += describe(language).wrapped(96).enumerated().map {
      ($0.offset == 0 ? "" : "    ") + $0.element
    }
    return lines.joined(separator: "\n")
  }

  /// One cell explained as Markdown: a two-column table of both versions.
  public func markdownExplanation(_ language: Language) -> String {
    let words = Words(language)
    var lines = [
      "### `\(check.name(language))` x `\(fault.name(language))`: "
        + separation.labelled(language), "",
      "- \(words.check): \(check.summary(language))",
      "- \(words.expects): \(check.expectation(language))",
      "- \(words.fault): \(fault.summary(language))",
      "- \(words.scenario): \(check.scenario.summary(language))", "",
      "| | \(words.correct): BookingFlow | \(words.faulty): `\(fault.name(language))` |",
      "|---|---|---|",
    ]
    for (name, left, right) in sideBySide(words) {
      lines.append("| \(name) | `\(left)` | `\(right)` |")
    }
    lines += ["", "**\(separation.labelled(language))**: \(separation.meaning(language))"]
    return lines.joined(separator: "\n")
  }

  /// The rows shown side by side: what the check read, its verdict, and what each flow showed:
  /// the route, the screens drawn for it, the seats and the snapshot.
  private func sideBySide(_ words: Words) -> [(String, String, String)] {
    [
      (words.reads, correctReading, faultyReading),
      (words.verdict, words.verdict(passesCorrect), words.verdict(passesFaulty)),
      (words.path, correct.detailedTrail, faulty.detailedTrail),
      (words.screens, correct.detailedScreens, faulty.detailedScreens),
      (words.seats, correct.seatList, faulty.seatList),
      (
        words.snapshot, Self.shortened(correct.snapshotJSON, 300, words),
        Self.shortened(faulty.snapshotJSON, 300, words)
      ),
    ]
  }

  /// `text` cut to `limit` characters, saying how many more there were.
  static func shortened(_ text: String, _ limit: Int, _ words: Words) -> String {
    guard text.count > limit else { return text }
    return "\(text.prefix(limit))... (+\(text.count - limit) \(words.characters))"
  }
}
