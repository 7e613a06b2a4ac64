import Canvas
import Runtime

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a recording for `--replay` may hold, key by key; people share recordings, so no personal
/// or card data gets through, whatever had focus and whenever a key was typed.
///
/// What decides is what the step (or the root, for its own keys) said when it handled the key
/// (`KeyUse`), not what had focus when it was typed:
/// - text a name, e-mail or phone field took is written as a placeholder of the same kind
///   (a name's letters as those of "Ada Lovelace" in the case typed, an e-mail's as `a`, phone
///   digits as 5, punctuation kept), a birth date as the digits of 1990-01-01;
/// - a card number is held until the field is left, then written as typed when it is one of the
///   test cards, or as 4242 4242 4242 4242 otherwise; an expiry as 12/30; a security code as 1234;
/// - a letter that acted as a command (`q` opened the quit question) is written as the key that
///   does the same and types nothing (Ctrl-C);
/// - a key nothing used (typed while a price was loading, say), or that a step swallowed (typed
///   on a button, while paying or saving the draft) is left out: it did nothing, and it may have
///   been meant for a card field;
/// - the latest key is held back until the next one, so the keys that quit (`q`, then `y`) can be
///   dropped and a replay ends where the flow ended.
public struct KeyRecording: Sendable {
  /// The cards a recording keeps as typed: demos show a declined card on purpose.
  public static let testCards = ["4242424242424242", "4000000000000002", "4000000000009995"]

  private var heldCardKeys: [(t: Int, key: Key, busy: Bool)] = []
  /// The sensitive field keys go to now, and how many characters it has had (placeholders that
  /// must stay valid, a date or an expiry, follow the count).
  private var field: SensitiveText?
  private var digitsInField = 0
  private var lettersInField = 0
  private var pending: RecordedKey?

  /// An empty recording.
  public init() {}

  /// Records `key`, which did `use`, typed at `t` ms while the app was (`busy`) or was not
  /// waiting for the airline; returns the keys now ready to be written.
  public mutating func record(_ key: Key, use: KeyUse, busy: Bool, at t: Int)
    -> [RecordedKey]
  {
    var ready: [RecordedKey] = []
    switch use {
    case .ignored:
      return ready
    case .command(let equivalent):
      // After the card typed so far, so times never go back.
      ready += flushCardNumber()
      field = nil
      return ready + write(equivalent, at: t, busy: busy)
    case .typed, .used:
      break
    }
    let target: SensitiveText? = if case .typed(let text) = use { text } else { nil }
    // A character used as it is (a command such as `r` for a new price) ends a card number.
    let usedCharacter = if case .character = key, use == .used { true } else { false }
    if target != field, target != nil || !Self.isEditing(key) || usedCharacter {
      if field == .cardNumber { ready += flushCardNumber() }
      field = target
      digitsInField = 0
      lettersInField = 0
    }
    if field == .cardNumber, Self.isEditing(key) {
      heldCardKeys.append((t, key, busy))
      return ready
    }
    switch (use, key) {
    case (.typed(let text), .character(let character)):
      let shown = Self.placeholder(
        for: character, in: text, at: character.isLetter ? lettersInField : digitsInField)
      if character.isNumber { digitsInField += 1 }
      if character.isLetter { lettersInField += 1 }
      return ready + write(.character(shown), at: t, busy: busy)
    default:
      return ready + write(key, at: t, busy: busy)
    }
  }

  /// Forgets the latest key (it opened the quit question that is now being confirmed).
  public mutating func discardPending() { pending = nil }

  /// Everything still held, at the end of the recording.
  public mutating func finish() -> [RecordedKey] {
    var ready = flushCardNumber()
    if let pending { ready.append(pending) }
    pending = nil
    return ready
  }

  /// The character written in place of `character` typed into a `text` field after `index`
  /// other letters (for a letter) or digits (for a digit).
  public static func placeholder(
    for character: Character, in text: SensitiveText, at index: Int
  ) -> Character {
    func cycle(_ pattern: String) -> Character {
      let characters = Array(pattern)
      return characters[index % characters.count]
    }
    switch text {
    case .name:
      // The letters of a test name, in the case typed: "Ada" stays "Ada", "Grace" is "Adalo".
      guard character.isLetter else { return character.isNumber ? "a" : character }
      let letter = cycle("adalovelace")
      return character.isUppercase ? Character(letter.uppercased()) : letter
    case .email:
      guard character.isLetter || character.isNumber else { return character }
      return "a"
    case .phone:
      return character.isNumber ? "5" : character
    case .birthDate:
      return character.isNumber ? cycle("19900101") : character
    case .cardExpiry:
      return character.isNumber ? cycle("1230") : character
    case .securityCode, .cardNumber:
      return character.isNumber ? cycle("1234") : character
    }
  }

  /// The held card-number keys: as typed for a test card, else as the success test card.
  private mutating func flushCardNumber() -> [RecordedKey] {
    guard let first = heldCardKeys.first, let last = heldCardKeys.last else { return [] }
    let digits = heldCardKeys.compactMap { held -> Character? in
      if case .character(let character) = held.key, character.isNumber { return character }
      return nil
    }
    var ready: [RecordedKey] = []
    if Self.testCards.contains(String(digits)) {
      for held in heldCardKeys { ready += write(held.key, at: held.t, busy: held.busy) }
    } else {
      // Within the time the real digits took, so times never go back.
      for (offset, digit) in "4242424242424242".enumerated() {
        ready += write(.character(digit), at: min(first.t + offset, last.t), busy: first.busy)
      }
    }
    heldCardKeys = []
    return ready
  }

  /// Holds `key` back and returns the one held before it.
  private mutating func write(_ key: Key, at t: Int, busy: Bool) -> [RecordedKey] {
    guard let word = KeyCoding.word(key) else { return [] }
    let previous = pending
    pending = RecordedKey(t: t, key: word, busy: busy ? true : nil)
    return previous.map { [$0] } ?? []
  }

  private static func isEditing(_ key: Key) -> Bool {
    switch key {
    case .character, .backspace, .delete, .left, .right, .home, .end: true
    default: false
    }
  }
}
