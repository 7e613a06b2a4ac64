import Canvas

/// Keys as short words for recordings: `a`, `enter`, `ctrl-c`, `f2`, `alt-backspace`; printable
/// characters are written as themselves (JSON escapes the rest).
///
/// A paste has no word and is left out of recordings: its text would reach the file in clear
/// whatever field it went to. Alt with a character does nothing in the app and is left out too,
/// so nothing typed with Alt held down reaches the file either.
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
    }
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
