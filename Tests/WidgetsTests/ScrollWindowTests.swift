import Testing
import Widgets

@Suite("Scroll window")
struct ScrollWindowTests {
  @Test("lines that fit show whole, with no marker")
  func fits() {
    let window = ScrollWindow(count: 5, height: 5, showing: 4)
    #expect(window.lines == 0..<5 && window.hiddenAbove == 0 && window.hiddenBelow == 0)
    #expect(window.firstLineRow == 0)
  }

  @Test("from the top, in the middle and at the end: a marker row for each hidden side")
  func markers() {
    let top = ScrollWindow(count: 20, height: 6, showing: 3)
    #expect(top.lines == 0..<5 && top.hiddenBelow == 15 && top.firstLineRow == 0)
    let middle = ScrollWindow(count: 20, height: 6, showing: 10, centred: true)
    #expect(middle.lines.count == 4 && middle.lines.contains(10))
    #expect(middle.hiddenAbove + middle.hiddenBelow == 16 && middle.firstLineRow == 1)
    let end = ScrollWindow(count: 20, height: 6, showing: 19)
    #expect(end.lines == 15..<20 && end.hiddenAbove == 15 && end.hiddenBelow == 0)
  }

  @Test("a marker never stands for one line, whatever line is shown")
  func neverOne() {
    for height in 3...9 {
      for count in (height + 1)...(height + 6) {
        for line in 0..<count {
          for centred in [false, true] {
            let window = ScrollWindow(count: count, height: height, showing: line, centred: centred)
            #expect(window.lines.contains(line))
            #expect(window.hiddenAbove != 1 && window.hiddenBelow != 1, "\(count) in \(height)")
            let rows =
              window.lines.count + (window.hiddenAbove > 0 ? 1 : 0)
              + (window.hiddenBelow > 0 ? 1 : 0)
            #expect(rows <= height, "\(count) lines in \(height) rows, line \(line)")
          }
        }
      }
    }
  }

  @Test("the part to keep shows whole when it fits, scrolled no further than needed")
  func keep() {
    // Lines 8 to 12 are the focused part, 12 the focused line: six lines between two markers,
    // scrolled only until the part's last line shows.
    let window = ScrollWindow(count: 20, height: 8, showing: 12, keep: 8...12)
    #expect(window.lines == 7..<13, "\(window)")
    let whole = ScrollWindow(count: 20, height: 8, showing: 9, keep: 8...12)
    #expect(whole.lines.contains(8) && whole.lines.contains(12))
  }

  @Test("rows too few for a marker show lines only")
  func tiny() {
    let window = ScrollWindow(count: 10, height: 2, showing: 7)
    #expect(window.lines == 6..<8 && !window.marked && window.firstLineRow == 0)
    #expect(ScrollWindow(count: 10, height: 0, showing: 3).lines.isEmpty)
    #expect(ScrollWindow(count: 0, height: 4, showing: 3).lines.isEmpty)
  }
}
