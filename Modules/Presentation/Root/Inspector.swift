extension RootFeature.State {
  /// The inspector's text: the path as values, the snapshot as saved on disk (as the app last
  /// read it, `shell.savedSnapshotText`), the latest events. The reducer bounds scrolling by these
  /// lines and the view draws them, so both count the same text.
  public var inspectorLines: [String] {
    var lines = ["\(strings.inspectorPath):"]
    if flow.path.isEmpty { lines.append("  []") }
    for step in flow.path {
      lines.append("  .\(step.kind)(\(step.summary(in: language)))")
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
