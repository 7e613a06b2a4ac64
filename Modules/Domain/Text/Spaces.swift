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
