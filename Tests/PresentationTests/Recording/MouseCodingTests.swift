import Canvas
import Presentation
import Recording
import Testing

@Suite("Mouse in recordings")
struct MouseCodingTests {
  @Test("a press is written as its button and cell, and read back as the same key")
  func roundTrip() {
    let keys: [Key] = [
      .mouse(MouseEvent(.left, x: 12, y: 5)), .mouse(MouseEvent(.wheelDown, x: 0, y: 29)),
      .mouse(MouseEvent(.wheelUp, x: 3, y: 4)), .mouse(MouseEvent(.right, x: 99, y: 0)),
    ]
    let words = keys.map(KeyCoding.word)
    #expect(
      words == ["mouse-left-12-5", "mouse-wheeldown-0-29", "mouse-wheelup-3-4", "mouse-right-99-0"])
    #expect(words.map { $0.flatMap(KeyCoding.key) } == keys)
  }

  @Test("a release and a press with a modifier are left out; malformed words are no key")
  func leftOut() {
    #expect(KeyCoding.word(.mouse(MouseEvent(.left, x: 1, y: 1, pressed: false))) == nil)
    #expect(KeyCoding.word(.mouse(MouseEvent(.left, x: 1, y: 1, shift: true))) == nil)
    for word in [
      "mouse-left-1", "mouse-up-1-1", "mouse-left--1-1", "mouse-left-1-1-1", "mouse-left-x-1",
    ] {
      #expect(KeyCoding.key(word) == nil, "\(word)")
    }
  }
}
