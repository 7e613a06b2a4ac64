import CNcurses
import Canvas

/// Turns what ncurses's `wgetch` returns into Canvas's `Key`, without a terminal.
///
/// It reads bytes rather than ncurses's wide characters, because `wget_wch` swallows every byte
/// after an invalid one until its buffer is full; here an invalid byte costs only itself. It keeps
/// what is still arriving from one drain of the input to the next: a character cut in two, an
/// escape sequence, a paste.
///
/// Rules, in order:
/// - Between the bracketed-paste markers `Esc [200~` and `Esc [201~` everything is the text of
///   one `Key.paste` (key codes inside it are dropped; a resize still comes through).
/// - A paste whose end marker does not come ends by itself, with its text so far: at a control
///   byte no pasted text holds (Ctrl-C, DEL; tab, CR, LF and Esc belong to pastes), once the
///   input has gone quiet `pasteQuietDrains` times since it began, or once it has taken
///   `pasteReadLimit` reads. What follows is read as keys again (Ctrl-C, `y`).
/// - Esc followed in the same drain by another key is that key with Alt (`Key.alt`), never Esc;
///   Esc last in a drain is Esc (ncurses has waited its escape delay for more).
/// - A mouse report in xterm's SGR form, `Esc [ < b ; x ; y M` (press) or `m` (release), is one
///   `Key.mouse`; one cut by the end of a drain is held for the next even when ncurses had no
///   more input, as no key a person types starts `Esc [ <`. ncurses takes `Esc [ <` for
///   `KEY_MOUSE` where the terminal description says so (`kmous` of xterm-256color) unless the
///   screen turns that key code off (`keyok`); a report after `KEY_MOUSE` is read all the same.
/// - Any other `Esc [` sequence ncurses did not know (Ctrl+arrows on some terminals) is dropped,
///   not typed into a field; so are the terminal's answers to queries, device attributes
///   (`Esc [ ? … c`) and operating system commands (`Esc ] … BEL` or `Esc ] … Esc \`), which
///   arrive as input when they come late.
/// - A sequence longer than its bound (`controlSequenceLimit`, `operatingSystemCommandLimit`)
///   is dropped whole, up to its end, even across drains: none of its bytes becomes a key, and
///   a byte it cannot hold ends it and is read as input. Each read is looked at a bounded number
///   of times, so a sequence of any length costs time in proportion to its length.
/// - Bytes are read as UTF-8; a byte that cannot start or continue a character is dropped alone.
/// - A combining mark that arrives after a character joins it, because terminals send "e" and
///   U+0301 as two characters for what is one.
struct KeyDecoder {
  /// The most characters a paste keeps; the rest is dropped (no field takes more than 254).
  static let pasteLimit = 4096

  /// How many drains that end with no more input waiting a paste stays open across (a paste
  /// cut into pieces by a slow link arrives in a few).
  static let pasteQuietDrains = 8
  /// The most reads a paste takes before it ends by itself.
  static let pasteReadLimit = 1 << 20

  /// Reads held back for the next drain: the start of a character or of an escape sequence.
  private var held: [KeyRead] = []
  /// The text of a paste whose end marker has not come yet, and how many scalars it holds.
  private var pasted: Paste?
  /// A sequence past its bound whose bytes are being dropped up to its end.
  private var dropping: Overlong?
  /// How many reads the decoder has looked at, each time it looked: the measure of its work.
  private(set) var examined = 0

  /// The kind of a sequence past its bound, which says what ends it.
  private enum Overlong {
    /// `Esc [` and parameter bytes: a final byte ends it.
    case controlSequence
    /// `Esc ]` and text: BEL or `Esc \` ends it.
    case operatingSystemCommand
  }

  /// A paste under way.
  private struct Paste {
    /// Its text (at most `pasteLimit` scalars).
    var text = ""
    /// How many scalars `text` holds.
    var scalars = 0
    /// How many reads it has taken.
    var reads = 0
    /// How many drains have ended quiet while it was open.
    var quietDrains = 0
  }

  /// The keys in one drain of the input. `complete` says the drain ended because ncurses had no
  /// more input (not at the read limit), so an Esc at its end was pressed alone. `size` is the
  /// terminal's size after the reads, carried by a resize.
  mutating func keys(_ reads: [KeyRead], size: TerminalSize, complete: Bool = true) -> [Key] {
    let input = held + reads
    held = []
    var keys: [Key] = []
    var index = 0
    reading: while index < input.count {
      switch next(in: input, at: index, size: size, complete: complete) {
      case .needMore:
        held = Array(input[index...])
        break reading
      case .consumed(let count, let key):
        index += count
        if let key { append(key, to: &keys) }
      }
    }
    if complete, pasted != nil {
      pasted?.quietDrains += 1
      if let paste = pasted, paste.quietDrains >= Self.pasteQuietDrains {
        if let key = endPaste() { keys.append(key) }
      }
    }
    return keys
  }

  /// Ends the paste under way: its text as one key, nil if it has none.
  private mutating func endPaste() -> Key? {
    let text = pasted?.text ?? ""
    pasted = nil
    return text.isEmpty ? nil : .paste(text)
  }

  /// The decoder with nothing held, as after a new start.
  mutating func reset() {
    held = []
    pasted = nil
    dropping = nil
  }

  private enum Step {
    /// The reads from here on are the start of something still arriving.
    case needMore
    /// This many reads made this key (or nothing).
    case consumed(Int, Key?)
  }

  private mutating func next(in input: [KeyRead], at index: Int, size: TerminalSize, complete: Bool)
    -> Step
  {
    if let paste = pasted {
      guard paste.reads < Self.pasteReadLimit else { return .consumed(0, endPaste()) }
      let step = nextInPaste(input, at: index, size: size)
      if case .consumed(let count, _) = step { pasted?.reads += count }
      return step
    }
    if let overlong = dropping {
      return drop(overlong, in: input, at: index, complete: complete)
    }
    examined += 1
    switch input[index] {
    case .keyCode(let code) where code == cnc_key_mouse():
      // ncurses took `Esc [ <` as its mouse key: the rest of the report follows as bytes.
      switch Self.controlSequence(in: input, from: index + 1, examined: &examined) {
      case .incomplete: return .needMore
      case .invalid: return .consumed(1, nil)
      case .overlong:
        dropping = .controlSequence
        return .consumed(1 + Self.controlSequenceLimit, nil)
      case .sequence(let body, let length):
        return .consumed(1 + length, Self.mouse(sgr: "<" + body))
      }
    case .keyCode(let code):
      return .consumed(1, Self.key(code: code, size: size))
    case .byte(27):
      return escape(in: input, at: index, size: size, complete: complete)
    case .byte:
      switch Self.scalar(in: input, at: index) {
      case .incomplete: return .needMore
      case .invalid: return .consumed(1, nil)
      case .scalar(let scalar, let length): return .consumed(length, Self.key(scalar))
      }
    }
  }

  /// What Esc at `index` starts: a paste, a sequence ncurses did not know, an Alt key, or Esc.
  private mutating func escape(
    in input: [KeyRead], at index: Int, size: TerminalSize, complete: Bool
  ) -> Step {
    let after = index + 1
    guard after < input.count else { return complete ? .consumed(1, .escape) : .needMore }
    switch input[after] {
    case .byte(UInt8(ascii: "[")):
      switch Self.controlSequence(in: input, from: after + 1, examined: &examined) {
      case .incomplete where !complete || Self.startsMouseReport(input, at: after + 1):
        return .needMore
      case .incomplete, .invalid: return .consumed(2, .alt(.character("[")))
      case .overlong:
        dropping = .controlSequence
        return .consumed(2 + Self.controlSequenceLimit, nil)
      case .sequence(let body, let length):
        if body.hasPrefix("<") { return .consumed(2 + length, Self.mouse(sgr: body)) }
        if body == "200~" { pasted = Paste() }
        // The end of a paste outside one, and sequences ncurses did not know, do nothing.
        return .consumed(2 + length, nil)
      }
    case .byte(UInt8(ascii: "]")):
      switch Self.operatingSystemCommand(in: input, from: after + 1, examined: &examined) {
      case .incomplete where !complete: return .needMore
      case .incomplete, .invalid: return .consumed(2, .alt(.character("]")))
      case .overlong:
        dropping = .operatingSystemCommand
        return .consumed(2 + Self.operatingSystemCommandLimit, nil)
      case .sequence(_, let length): return .consumed(2 + length, nil)
      }
    case .byte(27):
      return .consumed(2, .alt(.escape))
    case .keyCode(let code):
      guard let key = Self.key(code: code, size: size) else { return .consumed(2, nil) }
      if case .resize = key { return .consumed(1, .escape) }
      return .consumed(2, .alt(key))
    case .byte:
      switch Self.scalar(in: input, at: after) {
      case .incomplete: return .needMore
      case .invalid: return .consumed(2, nil)
      case .scalar(let scalar, let length):
        return .consumed(1 + length, Self.key(scalar).map(Key.alt))
      }
    }
  }

  /// Inside a sequence past its bound: the run of reads from `index` it still holds, dropped at
  /// once, with its end if that came. A read it cannot hold ends it without being taken (it is
  /// read again as input). An `Esc` last in a drain that is not complete waits for the next
  /// drain, which may bring the backslash of `Esc \`.
  private mutating func drop(
    _ overlong: Overlong, in input: [KeyRead], at index: Int, complete: Bool
  ) -> Step {
    var end = index
    scanning: while end < input.count {
      examined += 1
      guard case .byte(let byte) = input[end] else { break scanning }
      switch (overlong, byte) {
      case (.controlSequence, 0x20...0x3F), (.operatingSystemCommand, 0x20...0x7E):
        end += 1
      case (.controlSequence, 0x40...0x7E), (.operatingSystemCommand, 0x07):
        dropping = nil
        return .consumed(end + 1 - index, nil)
      case (.operatingSystemCommand, 27) where end + 1 < input.count:
        guard input[end + 1] == .byte(UInt8(ascii: "\\")) else { break scanning }
        dropping = nil
        return .consumed(end + 2 - index, nil)
      case (.operatingSystemCommand, 27) where !complete:
        return end > index ? .consumed(end - index, nil) : .needMore
      default:
        break scanning
      }
    }
    // At a read the sequence cannot hold, it ends before that read.
    if end < input.count { dropping = nil }
    return .consumed(end - index, nil)
  }

  /// Inside a paste: its end marker, or one more character of its text.
  private mutating func nextInPaste(_ input: [KeyRead], at index: Int, size: TerminalSize) -> Step {
    switch input[index] {
    case .keyCode(let code):
      let key = Self.key(code: code, size: size)
      if case .resize? = key { return .consumed(1, key) }
      return .consumed(1, nil)
    case .byte(let byte) where Self.endsPaste(byte):
      return .consumed(0, endPaste())
    case .byte(27):
      let marker = Array("[201~".utf8)
      var offset = 0
      while offset < marker.count {
        guard index + 1 + offset < input.count else { return .needMore }
        guard input[index + 1 + offset] == .byte(marker[offset]) else { return .consumed(1, nil) }
        offset += 1
      }
      return .consumed(1 + marker.count, endPaste())
    case .byte:
      switch Self.scalar(in: input, at: index) {
      case .incomplete: return .needMore
      case .invalid: return .consumed(1, nil)
      case .scalar(let scalar, let length):
        // In place: a copy per character would make a long paste quadratic.
        if let scalars = pasted?.scalars, scalars < Self.pasteLimit {
          pasted?.text.unicodeScalars.append(scalar)
          pasted?.scalars += 1
        }
        return .consumed(length, nil)
      }
    }
  }

  /// Whether `byte` is a control byte no pasted text holds: a key pressed after a paste that
  /// never ended.
  private static func endsPaste(_ byte: UInt8) -> Bool {
    switch byte {
    case 9, 10, 13, 27: false
    case 0..<32, 127: true
    default: false
    }
  }

  /// Adds `key`, joining a combining mark to the character before it.
  private func append(_ key: Key, to keys: inout [Key]) {
    if case .character(let next) = key, case .character(let previous)? = keys.last {
      let joined = String(previous) + String(next)
      if joined.count == 1, let character = joined.first {
        keys[keys.count - 1] = .character(character)
        return
      }
    }
    keys.append(key)
  }

  // MARK: - Bytes

  private enum Decoded {
    case scalar(Unicode.Scalar, length: Int)
    case incomplete
    case invalid
  }

  /// The UTF-8 character starting at `index`: its scalar and byte count, `incomplete` when the
  /// input ends inside it, `invalid` when the byte at `index` starts none.
  private static func scalar(in input: [KeyRead], at index: Int) -> Decoded {
    guard case .byte(let lead) = input[index] else { return .invalid }
    let length: Int
    switch lead {
    case 0..<0x80: return .scalar(Unicode.Scalar(lead), length: 1)
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return .invalid
    }
    var bytes = [lead]
    for offset in 1..<length {
      // Cut by the end of the drain: the rest may come with the next one.
      guard index + offset < input.count else {
        return couldContinue(bytes, to: length) ? .incomplete : .invalid
      }
      guard case .byte(let byte) = input[index + offset], (0x80...0xBF).contains(byte) else {
        return .invalid
      }
      bytes.append(byte)
    }
    // String's own check refuses overlong forms and surrogates.
    guard let text = String(validating: bytes, as: UTF8.self),
      let scalar = text.unicodeScalars.first
    else { return .invalid }
    return .scalar(scalar, length: length)
  }

  /// Whether `bytes`, the start of a character `length` bytes long, can still become a valid one.
  private static func couldContinue(_ bytes: [UInt8], to length: Int) -> Bool {
    // The lowest or the highest continuation makes it valid if any does (E0 needs A0 and up,
    // ED at most 9F).
    [0x80, 0xBF].contains { (filler: UInt8) in
      let padding = [UInt8](repeating: filler, count: length - bytes.count)
      return String(validating: bytes + padding, as: UTF8.self) != nil
    }
  }

  private enum ControlSequence {
    case sequence(String, length: Int)
    case incomplete
    case invalid
    /// As many reads as the bound, every one of which the sequence can hold: it is dropped.
    case overlong
  }

  /// The most parameter and intermediate bytes a control sequence holds: keys send a few, a
  /// mouse report at 65535x65535 with every modifier 17 (`<127;65535;65535`), xterm's device
  /// attributes about 35. A longer run is dropped whole, however much arrives.
  static let controlSequenceLimit = 64

  /// The rest of a control sequence after `Esc [`, from `start`: parameter bytes, intermediate
  /// bytes and the final byte (ECMA-48), as text with the count of its reads. At most
  /// `controlSequenceLimit` + 1 reads are looked at, each counted in `examined`.
  private static func controlSequence(
    in input: [KeyRead], from start: Int, examined: inout Int
  ) -> ControlSequence {
    var body = ""
    var index = start
    while index < input.count {
      guard index - start < controlSequenceLimit else { return .overlong }
      examined += 1
      guard case .byte(let byte) = input[index] else { return .invalid }
      body.unicodeScalars.append(Unicode.Scalar(byte))
      switch byte {
      case 0x20...0x3F: index += 1
      case 0x40...0x7E: return .sequence(body, length: index - start + 1)
      default: return .invalid
      }
    }
    return .incomplete
  }

  /// The longest operating system command taken as one: a terminal's answer (a colour is about
  /// 25 bytes); a longer run of the text an answer holds is dropped whole.
  static let operatingSystemCommandLimit = 128

  /// The rest of a terminal's answer after `Esc ]`, from `start`: its text up to BEL or
  /// `Esc \` (the terminator counted in its length), or `invalid` at a byte no answer holds.
  /// At most `operatingSystemCommandLimit` + 2 reads are looked at, each counted in `examined`.
  private static func operatingSystemCommand(
    in input: [KeyRead], from start: Int, examined: inout Int
  ) -> ControlSequence {
    var body = ""
    var index = start
    while index < input.count {
      guard index - start < operatingSystemCommandLimit else { return .overlong }
      examined += 1
      guard case .byte(let byte) = input[index] else { return .invalid }
      switch byte {
      case 0x07: return .sequence(body, length: index - start + 1)
      case 27:
        guard index + 1 < input.count else { return .incomplete }
        guard input[index + 1] == .byte(UInt8(ascii: "\\")) else { return .invalid }
        return .sequence(body, length: index - start + 2)
      case 0x20...0x7E: body.unicodeScalars.append(Unicode.Scalar(byte))
      default: return .invalid
      }
      index += 1
    }
    return .incomplete
  }

  // MARK: - Mouse

  /// Whether the read at `index` is the `<` that starts an SGR mouse report after `Esc [`.
  private static func startsMouseReport(_ input: [KeyRead], at index: Int) -> Bool {
    index < input.count && input[index] == .byte(UInt8(ascii: "<"))
  }

  /// The mouse event an SGR report's body says (`<0;12;5M`: the left button pressed at column
  /// 12, row 5, both counted from 1); nil for what the app has no use for (motion, the wheel's
  /// sideways turns) and for a body that is not a report.
  static func mouse(sgr body: String) -> Key? {
    guard body.hasPrefix("<"), let final = body.last, final == "M" || final == "m" else {
      return nil
    }
    let numbers = body.dropFirst().dropLast().split(
      separator: ";", omittingEmptySubsequences: false
    )
    .map { Int($0) }
    guard numbers.count == 3, let code = numbers[0], let column = numbers[1], let row = numbers[2],
      code >= 0, column >= 1, row >= 1
    else { return nil }
    // Bit 5 is motion, which the app never asks for.
    guard code & 32 == 0 else { return nil }
    let button: MouseEvent.Button
    switch (code & 64 != 0, code & 3) {
    case (true, 0): button = .wheelUp
    case (true, 1): button = .wheelDown
    case (false, 0): button = .left
    case (false, 1): button = .middle
    case (false, 2): button = .right
    default: return nil
    }
    let pressed = final == "M"
    if button == .wheelUp || button == .wheelDown, !pressed { return nil }
    return .mouse(
      MouseEvent(
        button, x: column - 1, y: row - 1, pressed: pressed, shift: code & 4 != 0,
        alt: code & 8 != 0, control: code & 16 != 0))
  }

  // MARK: - Keys

  /// The key for an ncurses key code, or nil for a code the app has no use for. `size` is the
  /// terminal's size after the read, carried by a resize.
  static func key(code: Int32, size: TerminalSize) -> Key? {
    if code == cnc_key_resize() { return .resize(width: size.columns, height: size.rows) }
    return keyCodes[code]
  }

  /// A character read as such: control codes, then printable characters.
  static func key(_ scalar: Unicode.Scalar) -> Key? {
    switch scalar.value {
    case 9: return .tab
    // Enter is CR under `nonl`, LF when a terminal or paste sends one.
    case 10, 13: return .enter
    // Terminals send DEL (127) or Ctrl-H (8) for the Backspace key.
    case 8, 127: return .backspace
    case 27: return .escape
    case 1...26:
      guard let letter = Unicode.Scalar(0x60 + scalar.value) else { return nil }
      return .control(Character(letter))
    case 0..<32, 0x80..<0xA0: return nil
    default: return .character(Character(scalar))
    }
  }

  /// ncurses key codes and their keys.
  private static let keyCodes: [Int32: Key] = {
    var codes: [Int32: Key] = [
      cnc_key_up(): .up, cnc_key_down(): .down, cnc_key_left(): .left, cnc_key_right(): .right,
      cnc_key_enter(): .enter, cnc_key_btab(): .backTab, cnc_key_backspace(): .backspace,
      cnc_key_dc(): .delete, cnc_key_home(): .home, cnc_key_end(): .end,
      cnc_key_ppage(): .pageUp, cnc_key_npage(): .pageDown,
    ]
    for number in 1...12 { codes[cnc_key_f(Int32(number))] = .function(number) }
    return codes
  }()
}
