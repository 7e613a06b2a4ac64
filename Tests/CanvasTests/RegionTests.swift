import Canvas
import Testing

@Suite("Canvas regions")
struct RegionTests {
  @Test("a canvas keeps no regions unless asked, and recording on it then does nothing")
  func offByDefault() {
    var canvas = Canvas(width: 10, height: 4)
    canvas.record("row", in: Rect(x: 0, y: 0, width: 10, height: 1))
    #expect(canvas.regions == nil)
    #expect(canvas.region(atX: 1, y: 0) == nil)
  }

  @Test("the region on top at a cell is the one recorded last; regions are cut to the canvas")
  func topmost() {
    var canvas = Canvas(width: 10, height: 4)
    canvas.recordRegions()
    canvas.record("list", in: Rect(x: 0, y: 0, width: 10, height: 4))
    canvas.record("row", in: Rect(x: 0, y: 1, width: 20, height: 1))
    canvas.record("outside", in: Rect(x: 12, y: 0, width: 3, height: 1))
    #expect(canvas.region(atX: 5, y: 1)?.target as? String == "row")
    #expect(canvas.region(atX: 5, y: 2)?.target as? String == "list")
    #expect(canvas.region(atX: 9, y: 1)?.rect == Rect(x: 0, y: 1, width: 10, height: 1))
    #expect(canvas.region(atX: 10, y: 1) == nil)
    #expect(canvas.regions?.count == 2)
  }

  @Test("two canvases showing the same are equal whether or not they keep regions")
  func equality() {
    var recorded = Canvas(width: 10, height: 2)
    recorded.recordRegions()
    recorded.put("hello", x: 0, y: 0)
    recorded.record("word", in: Rect(x: 0, y: 0, width: 5, height: 1))
    var plain = Canvas(width: 10, height: 2)
    plain.put("hello", x: 0, y: 0)
    #expect(recorded == plain)
    #expect(recorded.hashValue == plain.hashValue)
    plain.put("!", x: 5, y: 0)
    #expect(recorded != plain)
  }
}
