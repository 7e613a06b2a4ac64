import Canvas
import Testing
import Widgets

@Suite("Text field editing")
struct TextFieldEditingTests {
  /// Types each character of `text` into `field`.
  private func type(
    _ text: String, into field: inout TextField, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for character in text {
      press(.character(character), on: &field, sourceLocation: sourceLocation)
    }
  }

  /// Presses `key` in `field`, expecting the field to use it.
  private func press(
    _ key: Key, on field: inout TextField, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let used = field.handle(key)
    #expect(used, "\(key)", sourceLocation: sourceLocation)
  }

  @Test("typing inserts at the cursor, and the arrows, home and end move it")
  func insertAndMove() {
    var field = TextField()
    type("abc", into: &field)
    #expect(field.text == "abc")
    #expect(field.cursor == 3)
    press(.left, on: &field)
    press(.left, on: &field)
    #expect(field.cursor == 1)
    type("X", into: &field)
    #expect(field.text == "aXbc")
    #expect(field.cursor == 2)
    press(.home, on: &field)
    #expect(field.cursor == 0)
    press(.left, on: &field)
    #expect(field.cursor == 0)
    press(.end, on: &field)
    #expect(field.cursor == 4)
    press(.right, on: &field)
    #expect(field.cursor == 4)
    press(.control("a"), on: &field)
    #expect(field.cursor == 0)
    press(.control("e"), on: &field)
    #expect(field.cursor == 4)
  }

  @Test("backspace at the start and delete at the end change nothing but are used")
  func deletingAtTheEdges() {
    var field = TextField("abc")
    press(.delete, on: &field)
    #expect(field.text == "abc")
    #expect(field.cursor == 3)
    press(.backspace, on: &field)
    #expect(field.text == "ab")
    #expect(field.cursor == 2)
    press(.home, on: &field)
    press(.backspace, on: &field)
    #expect(field.text == "ab")
    #expect(field.cursor == 0)
    press(.delete, on: &field)
    #expect(field.text == "b")
    #expect(field.cursor == 0)
  }

  @Test("ctrl-u clears to the start and ctrl-k clears to the end")
  func clearing() {
    var field = TextField("hello world")
    for _ in 0..<5 { _ = field.handle(.left) }
    press(.control("k"), on: &field)
    #expect(field.text == "hello ")
    #expect(field.cursor == 6)
    press(.left, on: &field)
    press(.control("u"), on: &field)
    #expect(field.text == " ")
    #expect(field.cursor == 0)
  }

  @Test("keys the form needs are not used and change nothing")
  func unusedKeys() {
    var field = TextField("abc")
    _ = field.handle(.left)
    let before = field
    let keys: [Key] = [
      .tab, .backTab, .enter, .escape, .up, .down, .pageUp, .pageDown, .function(1),
      .control("c"), .control("x"), .resize(width: 80, height: 24), .alt(.character("b")),
      .alt(.escape), .alt(.enter), .alt(.left),
    ]
    for key in keys {
      let used = field.handle(key)
      #expect(!used, "\(key)")
      #expect(field == before)
    }
  }

  @Test("nothing is typed past the maximum length, at the end or in the middle")
  func maxLength() {
    var field = TextField(maxLength: 3)
    type("abcd", into: &field)
    #expect(field.text == "abc")
    press(.home, on: &field)
    press(.character("z"), on: &field)
    #expect(field.text == "abc")
    #expect(field.cursor == 0)
    let cut = TextField("abcdef", maxLength: 4)
    #expect(cut.text == "abcd")
    #expect(cut.cursor == 4)
    var zero = TextField("abc", maxLength: 0)
    #expect(zero.text.isEmpty)
    press(.character("a"), on: &zero)
    #expect(zero.text.isEmpty)
  }

  @Test(
    "control, format, separator, private, unassigned and lone joining characters are refused",
    arguments: ([
      "\u{0}", "\t", "\u{1B}", "\u{7F}", "\u{85}", "\r\n", "\u{200F}", "\u{202E}", "\u{200D}",
      "\u{200B}", "\u{FEFF}", "\u{301}", "\u{2028}", "\u{2029}", "\u{E000}", "\u{378}",
      "👨\u{200D}👩", "\u{11D46}",
    ] as [Character]).map(Typed.init))
  func refused(_ typed: Typed) {
    let character = typed.character
    var field = TextField("ab")
    _ = field.handle(.left)
    press(.character(character), on: &field)
    #expect(field.text == "ab")
    #expect(field.cursor == 1)
    #expect(TextField(String(character)).text.isEmpty)
  }

  @Test("printable text of any script is accepted as a whole character")
  func acceptedText() {
    var field = TextField()
    type("é e\u{301} 東京 🛫 İ", into: &field)
    #expect(field.text == "é e\u{301} 東京 🛫 İ")
    #expect(field.cursor == 10)
    press(.backspace, on: &field)
    press(.backspace, on: &field)
    press(.backspace, on: &field)
    #expect(field.text == "é e\u{301} 東京 ")
  }

  @Test("a digits field takes only the ASCII digits")
  func digits() {
    var field = TextField(allowed: .digits)
    type("1a٣２ -9", into: &field)
    #expect(field.text == "19")
    field.setText("12a3\u{0}4")
    #expect(field.text == "1234")
    #expect(field.cursor == 4)
  }

  @Test("a names field takes letters, spaces, hyphens, apostrophes and dots")
  func letters() {
    var field = TextField(allowed: .letters)
    type("Şule O'Neil-Çelik Jr.1@_", into: &field)
    #expect(field.text == "Şule O'Neil-Çelik Jr.")
  }

  @Test("an airport field takes the letters A to Z and upper-cases them")
  func airport() {
    var field = TextField(maxLength: 3, allowed: .airport)
    type("i1ıİs-t", into: &field)
    #expect(field.text == "IST")
    #expect(TextField("ams", allowed: .airport).text == "AMS")
  }

  @Test("date, e-mail and phone fields take their own characters")
  func otherKinds() {
    #expect(TextField("2026-12-24 x", allowed: .date).text == "2026-12-24")
    #expect(TextField("a b@c.com\t", allowed: .email).text == "ab@c.com")
    #expect(TextField("+90 (212) 555-01 x", allowed: .phone).text == "+90 (212) 555-01 ")
    #expect(TextField("12/30 x", allowed: .cardExpiry).text == "12/30")
  }

  @Test("a paste inserts at the cursor what the field allows, up to its maximum length")
  func paste() {
    var name = TextField("Ada", maxLength: 12, allowed: .letters)
    press(.home, on: &name)
    press(.paste("Dr.\r\n\u{1B}[A 2x"), on: &name)
    #expect(name.text == "Dr.A xAda", "no line breaks, Esc, '[' or digits in a name")
    #expect(name.cursor == 6)
    press(.paste("abcdefgh"), on: &name)
    #expect(name.text == "Dr.A xabcAda", "stops at the maximum length")
    var card = TextField("", maxLength: 19, mask: .cardNumber, allowed: .digits)
    press(.paste("4242 4242-4242 4242\n"), on: &card)
    #expect(card.text == "4242424242424242")
    var empty = TextField("", allowed: .digits)
    press(.paste(""), on: &empty)
    press(.paste("\u{1B}"), on: &empty)
    #expect(empty.text.isEmpty)
  }

  @Test("Alt+Backspace deletes the word before the cursor, with the spaces after it")
  func deleteWord() {
    var field = TextField("Ada  Lovelace King")
    press(.alt(.backspace), on: &field)
    #expect(field.text == "Ada  Lovelace ")
    press(.alt(.backspace), on: &field)
    #expect(field.text == "Ada  ")
    press(.alt(.backspace), on: &field)
    #expect(field.text == "")
    press(.alt(.backspace), on: &field)
    #expect(field.text == "")
    var middle = TextField("one two three")
    for _ in 0..<6 { press(.left, on: &middle) }
    press(.alt(.backspace), on: &middle)
    #expect(middle.text == "one  three")
    #expect(middle.cursor == 4)
  }

  @Test("a secret shows a dot for every character")
  func secret() {
    let field = TextField("héllo", mask: .secret)
    #expect(field.displayText == "•••••")
    #expect(field.displayCursor == 5)
  }

  @Test("a card number is grouped in fours and the cursor maps past the spaces")
  func cardNumber() {
    var field = TextField(maxLength: 19, mask: .cardNumber, allowed: .digits)
    type("4111 1111-1111 1111", into: &field)
    #expect(field.text == "4111111111111111")
    #expect(field.displayText == "4111 1111 1111 1111")
    #expect(field.displayCursor == 19)
    press(.home, on: &field)
    #expect(field.displayCursor == 0)
    let expected = [0, 1, 2, 3, 5, 6, 7, 8, 10, 11, 12, 13, 15, 16, 17, 18, 19]
    var mapped: [Int] = []
    for _ in 0...16 {
      mapped.append(field.displayCursor)
      _ = field.handle(.right)
    }
    #expect(mapped == expected)
    let four = TextField("1234", mask: .cardNumber, allowed: .digits)
    #expect(four.displayText == "1234")
    #expect(four.displayCursor == 4)
    #expect(TextField("", mask: .cardNumber).displayCursor == 0)
  }

  /// A character as a test argument, named by its code points so test logs stay printable.
  struct Typed: Sendable, CustomTestStringConvertible {
    let character: Character

    var testDescription: String {
      character.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }
        .joined(separator: " ")
    }
  }
}
