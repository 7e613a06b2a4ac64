import CNcurses
import Presentation

/// Turns what ncurses's `wget_wch` returns into Presentation's `Key`, without a terminal.
enum KeyDecoder {
  /// The keys read in one drain of the input. A combining mark that arrives after a character
  /// joins it, because terminals send "e" and U+0301 as two reads for what is one character.
  static func keys(_ reads: [KeyRead], size: TerminalSize) -> [Key] {
    var keys: [Key] = []
    for read in reads {
      guard let key = key(status: read.status, value: read.value, size: size) else { continue }
      if case .character(let next) = key, case .character(let previous)? = keys.last {
        let joined = String(previous) + String(next)
        if joined.count == 1, let character = joined.first {
          keys[keys.count - 1] = .character(character)
          continue
        }
      }
      keys.append(key)
    }
    return keys
  }

  /// The key for one read, or nil for a code the app has no use for. `size` is the terminal's
  /// size after the read, carried by a resize.
  static func key(status: Int32, value: UInt32, size: TerminalSize) -> Key? {
    if status == cnc_key_code_yes() {
      if value == UInt32(cnc_key_resize()) {
        return .resize(width: size.columns, height: size.rows)
      }
      return keyCodes[value]
    }
    guard status == cnc_ok() else { return nil }
    return character(value)
  }

  /// A character read as such: control codes, then printable characters.
  private static func character(_ value: UInt32) -> Key? {
    switch value {
    case 9: return .tab
    // Enter is CR under `nonl`, LF when a terminal or paste sends one.
    case 10, 13: return .enter
    // Terminals send DEL (127) or Ctrl-H (8) for the Backspace key.
    case 8, 127: return .backspace
    case 27: return .escape
    case 1...26:
      guard let letter = Unicode.Scalar(0x60 + value) else { return nil }
      return .control(Character(letter))
    case 0..<32, 0x80..<0xA0: return nil
    default:
      guard let scalar = Unicode.Scalar(value) else { return nil }
      return .character(Character(scalar))
    }
  }

  /// ncurses key codes (with `KEY_CODE_YES`) and their keys.
  private static let keyCodes: [UInt32: Key] = {
    var codes: [Int32: Key] = [
      cnc_key_up(): .up, cnc_key_down(): .down, cnc_key_left(): .left, cnc_key_right(): .right,
      cnc_key_enter(): .enter, cnc_key_btab(): .backTab, cnc_key_backspace(): .backspace,
      cnc_key_dc(): .delete, cnc_key_home(): .home, cnc_key_end(): .end,
      cnc_key_ppage(): .pageUp, cnc_key_npage(): .pageDown,
    ]
    for number in 1...12 { codes[cnc_key_f(Int32(number))] = .function(number) }
    return Dictionary(uniqueKeysWithValues: codes.map { (UInt32(bitPattern: $0.key), $0.value) })
  }()
}
