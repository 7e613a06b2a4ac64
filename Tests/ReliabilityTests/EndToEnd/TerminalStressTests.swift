import Foundation
import TestSupport
import Testing

@Suite("Resize storm in a real terminal")
struct ResizeStormTests {
  static let resizes = 200
  static let seed: UInt64 = 0x2E51_2E57_0244

  @Test("200 random resizes, 1x1 among them, then 100x30: the app is alive and the screen whole")
  func resizeStorm() async throws {
    let data = Screens.temporaryPath("rel-resize")
    let terminal = try await BookingTerminal(dataDirectory: data)
    defer {
      terminal.close()
      try? FileManager.default.removeItem(atPath: data)
    }
    let app = try await terminal.launch()
    try await app.waitFor("┌ Search flights")
    try await app.type("ist")
    try await app.waitFor("Istanbul")

    var random = SeededRandom(seed: Self.seed)
    var tiny = 0
    for index in 0..<Self.resizes {
      let oneByOne = index.isMultiple(of: 25) || random.chance(0.05)
      let (width, height) = oneByOne ? (1, 1) : (random.int(1...300), random.int(1...100))
      if oneByOne { tiny += 1 }
      try await app.resize(width: width, height: height)
      // Now and then let the app catch up and draw, so some sizes are really drawn.
      if random.chance(0.15) { try await Task.sleep(for: .milliseconds(random.int(1...20))) }
    }
    try await app.resize(width: BookingTerminal.width, height: BookingTerminal.height)
    try await app.waitFor("the whole search panel at 100x30") { screen in
      Screens.isWholeSearchPanel(screen) && screen.contains(#/From +ist /#)
    }
    #expect(tiny >= 8)
    #expect(app.isRunning, "the app died")
    // It still takes keys.
    try await app.press("Enter")
    try await app.waitFor("IST accepted") { $0.contains(#/From +IST /#) }
  }
}
