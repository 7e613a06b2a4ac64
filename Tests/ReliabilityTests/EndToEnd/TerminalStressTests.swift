import Foundation
import Testing

@Suite("Resize storm in a real terminal")
struct ResizeStormTests {
  static let resizes = 200
  static let seed: UInt64 = 0x2E51_2E57_0244

  @Test("200 random resizes, 1x1 among them, then 100x30: the app is alive and the screen whole")
  func resizeStorm() async throws {
    let data = Screens.temporaryPath("rel-resize")
    let terminal = try Tmux()
    defer {
      terminal.close()
      try? FileManager.default.removeItem(atPath: data)
    }
    try terminal.launch("app", dataDirectory: data)
    try await terminal.waitFor("app", "┌ Search flights")
    try terminal.type("app", "ist")
    try await terminal.waitFor("app", "Istanbul")
    let pid = try terminal.panePID("app")

    var random = SeededRandom(seed: Self.seed)
    var tiny = 0
    for index in 0..<Self.resizes {
      let oneByOne = index.isMultiple(of: 25) || random.chance(0.05)
      let (width, height) = oneByOne ? (1, 1) : (random.int(1...300), random.int(1...100))
      if oneByOne { tiny += 1 }
      try terminal.resize("app", width: width, height: height)
      // Now and then let the app catch up and draw, so some sizes are really drawn.
      if random.chance(0.15) { try await Task.sleep(for: .milliseconds(random.int(1...20))) }
    }
    try terminal.resize("app", width: Tmux.width, height: Tmux.height)
    try await terminal.waitFor("app", "the whole search panel at 100x30") { screen in
      Screens.isWholeSearchPanel(screen) && screen.contains(#/From +ist /#)
    }
    #expect(tiny >= 8)
    #expect(Tmux.exists(pid), "the app died")
    #expect(terminal.isAlive("app"))
    // It still takes keys.
    try terminal.press("app", "Enter")
    try await terminal.waitFor("app", "IST accepted") { $0.contains(#/From +IST /#) }
  }
}
