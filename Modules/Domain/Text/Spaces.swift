extension StringProtocol {
  /// The text without the spaces and tabs at either end (line breaks are kept), as typed input
  /// is read everywhere in the app. Inlinable, so that it is specialized where it is called:
  /// unspecialized, its generic code looks conformances up at run time.
  @inlinable
  public func trimmingSpaces() -> String {
    let isSpace: (Character) -> Bool = { $0.isWhitespace && !$0.isNewline }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}

extension StringProtocol {
  /// The words (runs between spaces) in lines of at most `width` characters, each line's words
  /// one space apart; a word longer than `width` takes a line of its own.
  public func wrapped(at width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in split(separator: " ") {
      if !line.isEmpty, line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    return lines + (line.isEmpty ? [] : [line])
  }
}
