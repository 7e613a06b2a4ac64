import Canvas
import Domain
import Widgets

/// A form whose text fields a paste holding line breaks fills in turn, in Tab order: "card⏎
/// expiry⏎code" copied from a note goes to the number, the expiry and the code, each part by its
/// own field's rules, as if typed there.
protocol PasteAcrossFields {
  associatedtype FormField: Hashable
  /// The text field at `field`; nil for a choice or a button, which no pasted part goes to.
  subscript(field: FormField) -> TextField? { get set }
  /// Every place the cursor can be, in Tab order.
  var fieldOrder: [FormField] { get }
}

extension PasteAcrossFields {
  /// Spreads `text` over the fields from `focus` on when it holds a line break (CR, LF or CR LF,
  /// as terminals paste a line's end; other separators are left to the field): the part before
  /// the first break goes in at the cursor, as a paste does; each next part replaces the text
  /// of the next text field in order (choices and buttons are passed over), its spaces at
  /// either end left out. Blank lines are passed over, and parts past the last field are
  /// dropped. Returns the fields that took a part, in order (`focus` first); nil when `text`
  /// holds no line break or `focus` is not a text field, for the field to take the paste as it
  /// is.
  mutating func spreadPaste(_ text: String, from focus: FormField) -> [FormField]? {
    guard text.contains(where: Self.isLineBreak), var first = self[focus] else { return nil }
    var parts = text.split(omittingEmptySubsequences: false, whereSeparator: Self.isLineBreak)
      .map(String.init)
    let head = parts.removeFirst()
    _ = first.handle(.paste(head))
    self[focus] = first
    var took = [focus]
    let order = fieldOrder
    var next = (order.firstIndex(of: focus) ?? order.count) + 1
    for part in parts.map({ $0.trimmingSpaces() }) where !part.isEmpty {
      guard let index = order[min(next, order.count)...].firstIndex(where: { self[$0] != nil })
      else { break }
      let field = order[index]
      guard var typed = self[field] else { break }
      typed.setText(part)
      // What the field refused may leave spaces at an end ("born 1986" in a date).
      let kept = typed.text.trimmingSpaces()
      typed.setText(kept)
      self[field] = typed
      took.append(field)
      next = index + 1
    }
    return took
  }

  /// CR, LF or CR LF (one character in Swift).
  static func isLineBreak(_ character: Character) -> Bool {
    character == "\n" || character == "\r" || character == "\r\n"
  }
}

extension PassengersFeature.State: PasteAcrossFields {}
extension SearchFeature.State: PasteAcrossFields {}

extension PaymentFeature.State: PasteAcrossFields {
  /// The card's fields, then Pay.
  public var fieldOrder: [PaymentFeature.Field] { PaymentFeature.Field.allCases }
}
