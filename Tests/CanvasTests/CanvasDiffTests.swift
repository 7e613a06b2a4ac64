import Canvas
import Testing

@Suite("Canvas diff")
struct CanvasDiffTests {
  @Test("an unchanged canvas gives no changes")
  func unchanged() {
    let canvas = Canvas(lines: ["Search flights", "LHR → JFK  漢字"])
    #expect(CanvasDiff.changes(from: canvas, to: canvas).isEmpty)
    #expect(!CanvasDiff.isFullRepaint(from: canvas, to: canvas))
  }

  @Test("one changed cell gives exactly one change")
  func oneCell() {
    let before = Canvas(lines: ["12:34", "#####"])
    let after = Canvas(lines: ["12:33", "#####"])
    #expect(
      CanvasDiff.changes(from: before, to: after) == [
        CellChange(x: 4, y: 0, cell: Cell(grapheme: "3", width: 1, style: .plain))
      ])
  }

  @Test("a changed style is a change even when the text is the same")
  func style() {
    let before = Canvas(lines: ["ok"])
    var after = before
    after.restyle(Rect(x: 1, y: 0, width: 1, height: 1)) { $0.attributes = .bold }
    let changes = CanvasDiff.changes(from: before, to: after)
    #expect(changes.map(\.x) == [1])
    #expect(changes.first?.cell.style == Style(attributes: .bold))
  }

  @Test("a wide character replaced by two narrow ones repaints both columns")
  func wideToNarrow() {
    let before = Canvas(lines: ["a漢b"])
    let after = Canvas(lines: ["axyb"])
    #expect(
      CanvasDiff.changes(from: before, to: after) == [
        CellChange(x: 1, y: 0, cell: Cell(grapheme: "x", width: 1, style: .plain)),
        CellChange(x: 2, y: 0, cell: Cell(grapheme: "y", width: 1, style: .plain)),
      ])
  }

  @Test("two narrow characters replaced by a wide one send the wide one once")
  func narrowToWide() {
    let before = Canvas(lines: ["axyb"])
    let after = Canvas(lines: ["a漢b"])
    #expect(
      CanvasDiff.changes(from: before, to: after) == [
        CellChange(x: 1, y: 0, cell: Cell(grapheme: "漢", width: 2, style: .plain))
      ])
  }

  @Test("a wide character moved one column left repaints the column it left")
  func wideMoves() {
    let before = Canvas(lines: ["a漢b"])
    let after = Canvas(lines: ["漢cb"])
    #expect(
      CanvasDiff.changes(from: before, to: after) == [
        CellChange(x: 0, y: 0, cell: Cell(grapheme: "漢", width: 2, style: .plain)),
        CellChange(x: 2, y: 0, cell: Cell(grapheme: "c", width: 1, style: .plain)),
      ])
  }

  @Test("a changed right half alone sends its whole wide character")
  func continuationOnly() {
    let before = Canvas(lines: ["a漢b"])
    var after = before
    after.restyle(Rect(x: 2, y: 0, width: 1, height: 1)) { $0.foreground = .red }
    let changes = CanvasDiff.changes(from: before, to: after)
    #expect(changes.map(\.x) == [1])
    #expect(changes.first?.cell.grapheme == "漢")
  }

  @Test("a size change repaints every cell")
  func resize() {
    let before = Canvas(lines: ["ab", "cd"])
    let after = Canvas(lines: ["ab ", "cd "])
    #expect(CanvasDiff.isFullRepaint(from: before, to: after))
    let changes = CanvasDiff.changes(from: before, to: after)
    #expect(changes.count == 6)
    #expect(changes.map { "\($0.x),\($0.y)" } == ["0,0", "1,0", "2,0", "0,1", "1,1", "2,1"])
  }

  @Test("a first frame repaints every cell, the wide ones once")
  func firstFrame() {
    let canvas = Canvas(lines: ["漢字", "ab"])
    #expect(CanvasDiff.isFullRepaint(from: nil, to: canvas))
    let changes = CanvasDiff.changes(from: nil, to: canvas)
    #expect(changes.map(\.cell.grapheme) == ["漢", "字", "a", "b", " ", " "])
  }

  @Test("onto a cleared screen: every cell but the plain blanks, the wide ones once")
  func toCleared() {
    var canvas = Canvas(lines: ["漢字 a", "  b  ", "x 漢 "])
    canvas.restyle(Rect(x: 3, y: 1, width: 1, height: 1)) { $0.attributes = .reverse }
    let changes = CanvasDiff.changes(toCleared: canvas)
    #expect(changes.map(\.cell.grapheme) == ["漢", "字", "a", "b", " ", "x", "漢"])
    #expect(changes.map(\.x) == [0, 2, 5, 2, 3, 0, 2])
    // The same screen as sending every cell onto a blank one: the blanks skipped are plain.
    let skipped = CanvasDiff.changes(from: nil, to: canvas).filter { !changes.contains($0) }
    #expect(!skipped.isEmpty)
    #expect(skipped.allSatisfy { $0.cell == .blank(.plain) })
    #expect(CanvasDiff.changes(toCleared: Canvas(width: 7, height: 3)).isEmpty)
  }

  @Test("continuation cells are never sent on their own")
  func noContinuations() {
    let before = Canvas(lines: ["漢字かな", "ab漢cd"])
    let after = Canvas(lines: ["x字かyz", "a漢cdef"])
    for previous in [nil, before] {
      let changes = CanvasDiff.changes(from: previous, to: after)
      #expect(changes.allSatisfy { !$0.cell.isContinuation })
      #expect(changes.allSatisfy { after[$0.x, $0.y] == $0.cell })
    }
  }

  @Test("changes come row by row, left to right")
  func order() {
    let before = Canvas(lines: ["aaaa", "bbbb"])
    let after = Canvas(lines: ["xa漢", "yby漢"])
    let positions = CanvasDiff.changes(from: before, to: after).map { [$0.y, $0.x] }
    #expect(positions == positions.sorted { $0.lexicographicallyPrecedes($1) })
  }

  @Test("rows given: only they are compared and copied (a tick changes the header row alone)")
  func onlyTheRowsGiven() {
    let before = Canvas(lines: ["12:34", "#####", "abcde"])
    let after = Canvas(lines: ["12:33", "#####", "abcdX"])
    #expect(
      CanvasDiff.changes(from: before, to: after, rows: 0..<1) == [
        CellChange(x: 4, y: 0, cell: Cell(grapheme: "3", width: 1, style: .plain))
      ])
    #expect(CanvasDiff.changes(from: before, to: after).count == 2, "all rows by default")
    #expect(CanvasDiff.changes(from: nil, to: after, rows: 0..<1).count == 15, "nothing drawn yet")
    var drawn = before
    drawn.copyCells(from: after, rows: 0..<1)
    #expect(drawn.lines == ["12:33", "#####", "abcde"])
    drawn.copyCells(from: after)
    #expect(drawn == after)
  }
}
