import Foundation
import TestSupport

/// Reading the app's screens, and the usual steps of a booking typed into a session.
enum Screens {
  /// A short, fresh folder path under /tmp (short so one-line messages naming it fit the header).
  static func temporaryPath(_ prefix: String) -> String {
    "/tmp/\(prefix)-" + UUID().uuidString.prefix(6).lowercased()
  }

  /// The first row: the header with the app's name and its one-line notice.
  static func header(_ screen: String) -> String {
    String(screen.prefix { $0 != "\n" })
  }

  /// Whether `screen` is the search panel drawn whole at `width` x `height`: its four corners and
  /// both sides on every row.
  static func isWholeSearchPanel(
    _ screen: String, width: Int = BookingTerminal.width, height: Int = BookingTerminal.height
  )
    -> Bool
  {
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count >= height - 1, lines[1].hasPrefix("┌ Search flights"),
      lines[1].hasSuffix("┐"),
      lines[1].count == width, lines[height - 2].hasPrefix("└"),
      lines[height - 2].hasSuffix("┘"), lines[height - 2].count == width
    else { return false }
    return lines[2...(height - 3)].allSatisfy {
      $0.hasPrefix("│") && $0.hasSuffix("│") && $0.count == width
    }
  }

  /// The results list with its offers.
  static func isResults(_ screen: String) -> Bool {
    screen.contains("┌ Results · ") && screen.contains(#/\d+ offers · sorted by price/#)
  }
}

extension TmuxPane {
  /// Searches IST → AMS for one passenger (tomorrow) from the search form; waits for results.
  @discardableResult
  func searchIstanbulToAmsterdam() async throws -> String {
    try await waitFor("┌ Search flights", "From")
    try await type("ist")
    try await press("Enter")
    try await type("ams")
    try await press("Enter")
    try await waitFor("IST and AMS in the form") { screen in
      screen.contains(#/From +IST/#) && screen.contains(#/To +AMS/#)
    }
    try await press("C-s")
    return try await waitFor("the results list", Screens.isResults)
  }
}
