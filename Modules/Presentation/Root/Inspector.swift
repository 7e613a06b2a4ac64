extension RootFeature.State {
  /// The inspector's text: the path as values, the snapshot as saved on disk (as the app last
  /// read it, `shell.savedSnapshotText`), the latest events. The reducer bounds scrolling by these
  /// lines and the view draws them, so both count the same text.
  public var inspectorLines: [String] {
    var lines = ["\(strings.inspectorPath):"]
    if flow.path.isEmpty { lines.append("  []") }
    for step in flow.path {
      lines.append("  .\(step.kind)(\(BookingSteps.definition(of: step).summary(in: language)))")
      // A quote holds its seats for everyone else until it expires (the airline's inventory).
      if let quote = step.quote {
        let held =
          quote.extras.seats.values.sorted().map(\.description)
          + quote.extras.returnSeats.values.sorted().map { "\($0) (\(strings.sliceName(1)))" }
        if !held.isEmpty {
          let left = quote.secondsRemaining(at: now)
          func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
          let clock = "\(twoDigits(left / 60)):\(twoDigits(left % 60))"
          lines.append("    " + strings.inspectorHold(held.joined(separator: ", "), clock))
        }
      }
    }
    lines.append("")
    lines.append("\(strings.inspectorSnapshot):")
    lines.append("  " + (shell.savedSnapshotText.flatMap { $0.isEmpty ? nil : $0 } ?? "-"))
    lines.append("")
    lines.append("\(strings.inspectorEvents):")
    lines.append(contentsOf: shell.activity.suffix(8).map { "  " + $0 })
    return lines
  }
}
