import Canvas
import Testing
import Widgets

@Suite("Text field drawing")
struct TextFieldDrawingTests {
  let theme = WidgetTest.theme

  private func render(
    _ field: TextField, width: Int, focused: Bool = true, placeholder: String = ""
  ) -> Canvas {
    var canvas = Canvas(width: width, height: 1)
    field.draw(
      on: &canvas, in: canvas.bounds, focused: focused, theme: theme, placeholder: placeholder)
    return canvas
  }

  /// The columns whose cell has `reverse` toggled from the focused field's style.
  private func cursorColumns(_ canvas: Canvas) -> [Int] {
    (0..<canvas.width).filter { canvas[$0, 0]?.style.attributes.contains(.reverse) == true }
  }

  @Test("an unfocused empty field shows its placeholder dimmed")
  func placeholder() {
    let canvas = render(TextField(), width: 10, focused: false, placeholder: "City")
    WidgetTest.expectLines(canvas, ["City"])
    #expect(canvas[0, 0]?.style == theme.dim)
    #expect(canvas[5, 0]?.style == theme.text)
    let cut = render(TextField(), width: 5, focused: false, placeholder: "Departure")
    WidgetTest.expectLines(cut, ["Depa…"])
  }

  @Test("a focused empty field shows only the cursor, in reverse")
  func focusedEmpty() {
    let canvas = render(TextField(), width: 6, placeholder: "City")
    WidgetTest.expectLines(canvas, [""])
    #expect(cursorColumns(canvas) == [0])
    #expect(canvas[3, 0]?.style == theme.selection.adding(.underline))
  }

  @Test("a long text scrolls so the cursor stays in view, … where it is cut")
  func scrolling() {
    var field = TextField("abcdefghij")
    var canvas = render(field, width: 5)
    WidgetTest.expectLines(canvas, ["…hij"])
    #expect(cursorColumns(canvas) == [4])
    _ = field.handle(.home)
    canvas = render(field, width: 5)
    WidgetTest.expectLines(canvas, ["abcd…"])
    #expect(cursorColumns(canvas) == [0])
    for _ in 0..<7 { _ = field.handle(.right) }
    canvas = render(field, width: 5)
    WidgetTest.expectLines(canvas, ["…fgh…"])
    #expect(cursorColumns(canvas) == [3])
  }

  @Test("an unfocused field shows its start, cut with …, and no cursor")
  func unfocused() {
    let canvas = render(TextField("abcdefghij"), width: 5, focused: false)
    WidgetTest.expectLines(canvas, ["abcd…"])
    #expect(cursorColumns(canvas).isEmpty)
    #expect(canvas[0, 0]?.style == theme.text)
  }

  @Test("a secret is drawn as dots")
  func secret() {
    let canvas = render(TextField("1234", mask: .secret), width: 8, focused: false)
    WidgetTest.expectLines(canvas, ["••••"])
  }

  @Test("the cursor of a card number is drawn past the group space")
  func cardCursor() {
    var field = TextField("41111111", mask: .cardNumber, allowed: .digits)
    _ = field.handle(.home)
    for _ in 0..<4 { _ = field.handle(.right) }
    let canvas = render(field, width: 12)
    WidgetTest.expectLines(canvas, ["4111 1111"])
    #expect(cursorColumns(canvas) == [5])
    _ = field.handle(.end)
    #expect(cursorColumns(render(field, width: 12)) == [9])
    let scrolled = render(field, width: 6)
    WidgetTest.expectLines(scrolled, ["…1111"])
    #expect(cursorColumns(scrolled) == [5])
  }

  @Test("wide characters scroll whole and the cursor covers both their columns")
  func wideCharacters() {
    var field = TextField("東京abc")
    var canvas = render(field, width: 4)
    WidgetTest.expectLines(canvas, ["…bc"])
    _ = field.handle(.home)
    _ = field.handle(.right)
    canvas = render(field, width: 4)
    WidgetTest.expectLines(canvas, ["…京…"])
    #expect(cursorColumns(canvas) == [1, 2])
    _ = field.handle(.right)
    canvas = render(field, width: 6)
    WidgetTest.expectLines(canvas, ["東京a…"])
    #expect(cursorColumns(canvas) == [4])
  }

  @Test("tiny fields draw without crashing")
  func tiny() {
    var field = TextField("東")
    _ = field.handle(.home)
    let one = render(field, width: 1)
    WidgetTest.expectLines(one, [""])
    #expect(cursorColumns(one) == [0])
    var empty = Canvas(width: 0, height: 0)
    field.draw(on: &empty, in: empty.bounds, focused: true, theme: theme)
    var flat = WidgetTest.dotted(width: 3, height: 2)
    field.draw(
      on: &flat, in: Rect(x: 1, y: 1, width: 2, height: 0), focused: true, theme: theme)
    WidgetTest.expectLines(flat, ["...", "..."])
    var short = WidgetTest.dotted(width: 3, height: 2)
    TextField("abc").draw(
      on: &short, in: Rect(x: 0, y: 0, width: 3, height: 2), focused: false, theme: theme)
    WidgetTest.expectLines(short, ["abc", "..."])
  }
}

@Suite("Text field ellipsis")
struct TextFieldEllipsisTests {
  let theme = WidgetTest.theme

  private func render(_ field: TextField, width: Int, focused: Bool = true) -> Canvas {
    var canvas = Canvas(width: width, height: 1)
    field.draw(on: &canvas, in: canvas.bounds, focused: focused, theme: theme)
    return canvas
  }

  private func cursorColumns(_ canvas: Canvas) -> [Int] {
    (0..<canvas.width).filter { canvas[$0, 0]?.style.attributes.contains(.reverse) == true }
  }

  @Test("a 19-digit card number typed into a narrower field shows … where it is cut")
  func longCardNumber() {
    var field = TextField(maxLength: 19, mask: .cardNumber, allowed: .digits)
    for digit in "4242424242424242424" { _ = field.handle(.character(digit)) }
    // "4242 4242 4242 4242 424" is 23 columns, and the cursor one more.
    let typing = render(field, width: 20)
    WidgetTest.expectLines(typing, ["…4242 4242 4242 424"])
    #expect(cursorColumns(typing) == [19])
    // A column narrower, the cut falls inside a group; a column wider, on a group space, which
    // the … stands for.
    WidgetTest.expectLines(render(field, width: 19), ["…242 4242 4242 424"])
    WidgetTest.expectLines(render(field, width: 21), ["…4242 4242 4242 424"])
    _ = field.handle(.home)
    let atStart = render(field, width: 20)
    WidgetTest.expectLines(atStart, ["4242 4242 4242 4242…"])
    #expect(cursorColumns(atStart) == [0])
    WidgetTest.expectLines(render(field, width: 20, focused: false), ["4242 4242 4242 4242…"])
  }

  @Test("a field cut on both sides of the cursor shows … on both")
  func bothSides() {
    var field = TextField("abcdefghijklmnop")
    _ = field.handle(.home)
    for _ in 0..<8 { _ = field.handle(.right) }
    let canvas = render(field, width: 8)
    WidgetTest.expectLines(canvas, ["…defghi…"])
    #expect(cursorColumns(canvas) == [6])
  }

  @Test("a masked secret longer than its field is cut with … too")
  func secret() {
    let canvas = render(TextField("123456789", mask: .secret), width: 6, focused: false)
    WidgetTest.expectLines(canvas, ["•••••…"])
  }
}
