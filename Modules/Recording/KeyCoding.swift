import Canvas

/// Keys as short words for recordings: `a`, `enter`, `ctrl-c`, `f2`, `alt-backspace`; printable
/// characters are written as themselves (JSON escapes the rest).
///
/// A paste has no word and is left out of recordings: its text would reach the file in clear
/// whatever field it went to. Alt with a character does nothing in the app and is left out too,
/// so nothing typed with Alt held down reaches the file either.
///
/// A mouse press is `mouse-left-12-5` (the button or `wheelup`/`wheeldown`, then the column and
/// the row from 0); a release and a press with a modifier held act on nothing and are left out.
public enum KeyCoding {
  /// The word for `key`; nil for a key recordings leave out (a resize, a paste).
  public static func word(_ key: Key) -> String? {
    switch key {
    case .character(let character): "=" + String(character)
    case .up: "up"
    case .down: "down"
    case .left: "left"
    case .right: "right"
    case .enter: "enter"
    case .escape: "esc"
    case .tab: "tab"
    case .backTab: "backtab"
    case .backspace: "backspace"
    case .delete: "delete"
    case .home: "home"
    case .end: "end"
    case .pageUp: "pageup"
    case .pageDown: "pagedown"
    case .control(let letter): "ctrl-\(letter)"
    case .function(let number): "f\(number)"
    case .alt(.character), .alt(.alt), .alt(.paste), .alt(.resize): nil
    case .alt(let key): word(key).map { "alt-" + $0 }
    case .paste, .resize: nil
    case .mouse(let event):
      event.pressed && !event.shift && !event.alt && !event.control
        ? "mouse-\(mouseButtons[event.button] ?? "")-\(event.x)-\(event.y)" : nil
    }
  }

  /// The words of the mouse's buttons.
  private static let mouseButtons: [MouseEvent.Button: String] = [
    .left: "left", .middle: "middle", .right: "right", .wheelUp: "wheelup",
    .wheelDown: "wheeldown",
  ]

  /// The mouse press `mouse-BUTTON-X-Y` stands for; nil for anything else.
  private static func mouse(_ word: String) -> Key? {
    let parts = word.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 4, parts[0] == "mouse",
      let button = mouseButtons.first(where: { $0.value == parts[1] })?.key,
      let x = Int(parts[2]), let y = Int(parts[3]), (0...9999).contains(x), (0...9999).contains(y)
    else { return nil }
    return .mouse(MouseEvent(button, x: x, y: y))
  }

  /// The key a word stands for; nil for anything else (a control character, an unknown word).
  public static func key(_ word: String) -> Key? {
    if word.hasPrefix("alt-") {
      // One level only: a file of "alt-alt-alt-..." must not recurse as deep as it is long.
      let rest = String(word.dropFirst(4))
      guard !rest.hasPrefix("alt-"), let key = key(rest) else { return nil }
      if case .character = key { return nil }
      return .alt(key)
    }
    if word.hasPrefix("="), word.count == 2, let character = word.last {
      let isControl = character.unicodeScalars.contains {
        $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
      }
      return isControl ? nil : .character(character)
    }
    if word.hasPrefix("ctrl-"), word.count == 6, let letter = word.last, letter.isASCII,
      letter.isLowercase
    {
      return .control(letter)
    }
    if word.hasPrefix("mouse-") { return mouse(word) }
    if word.hasPrefix("f"), let number = Int(word.dropFirst()), (1...12).contains(number) {
      return .function(number)
    }
    let named: [String: Key] = [
      "up": .up, "down": .down, "left": .left, "right": .right, "enter": .enter, "esc": .escape,
      "tab": .tab, "backtab": .backTab, "backspace": .backspace, "delete": .delete,
      "home": .home, "end": .end, "pageup": .pageUp, "pagedown": .pageDown,
    ]
    return named[word]
  }
}
