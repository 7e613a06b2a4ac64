import Airline
import Domain
import Testing

@testable import SimulatedAirline

/// The airport search matches folded text scalar by scalar; this is the same ranking written with
/// `String`'s own letter-by-letter `hasPrefix` and `contains`, the reading of its documentation
/// comment, as the oracle it must agree with on every query.
@Suite("Airport search against its letter-by-letter reading")
struct AirportSearchOracleTests {
  let directory = AirportDirectory.builtIn

  @Test(
    "every prefix, piece and spread-out spelling of every airport's words ranks as the letters say"
  )
  func agreesOnEveryQuery() {
    var queries: Set<String> = [
      "", " ", "ist ", " İSTANBUL", "zu\u{308}rich", "ıst", "東京", "😀", "a-b",
    ]
    for row in AirportTable.rows {
      for text in [row.code, row.city, row.cityEnglish, row.name] {
        let folded = AirportDirectory.fold(text)
        let letters = Array(folded)
        // The first letters typed, and a piece of three at every other letter.
        queries.insert(String(letters.prefix(1)))
        queries.insert(String(letters.prefix(2)))
        for start in stride(from: 0, to: letters.count - 2, by: 2) {
          queries.insert(String(letters[start..<start + 3]))
        }
        // Letters in order with gaps ("frnkf"); and the whole text as written, and upper case.
        queries.insert(String(letters.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)))
        queries.insert(text)
        queries.insert(text.uppercased())
      }
    }
    var generator = SeededGenerator(seed: "airport queries")
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz üöçşğıİé")
    for _ in 0..<300 {
      let count = Int(generator.next() % 5) + 1
      queries.insert(
        String((0..<count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }))
    }
    var disagreements: [String] = []
    let rows = rows
    for query in queries.sorted() {
      let found = directory.search(query, limit: 1000).map(\.code)
      let expected = reference(query, rows)
      if found != expected { disagreements.append("\(query): \(found) ≠ \(expected)") }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    #expect(queries.count > 1000, "\(queries.count) queries")
  }

  /// One airport's words, folded as the search folds them.
  private struct Row {
    let code: IATACode
    let folded: String
    let cities: [String]
    let name: String
    let words: [String]
    let isMain: Bool
  }

  private var rows: [Row] {
    AirportTable.rows.compactMap { row in
      guard let code = try? IATACode(row.code), directory.airport(code) != nil else { return nil }
      let name = AirportDirectory.fold(row.name)
      return Row(
        code: code, folded: AirportDirectory.fold(row.code),
        cities: [row.city, row.cityEnglish].map(AirportDirectory.fold), name: name,
        words: name.split(whereSeparator: { !$0.isLetter }).map(String.init), isMain: row.isMain)
    }
  }

  /// The ranking of `AirportDirectory.search`'s documentation, on `String`s.
  private func reference(_ query: String, _ rows: [Row]) -> [IATACode] {
    let needle = AirportDirectory.fold(query.trimmingSpaces())
    guard !needle.isEmpty else { return [] }
    var scored: [(rank: Int, secondary: Int, code: IATACode)] = []
    for row in rows {
      let rank: Int? =
        if row.folded == needle { 0 } else if row.folded.hasPrefix(needle) {
          1
        } else if row.cities
          .contains(where: { $0.hasPrefix(needle) })
        { 2 } else if row.words.contains(where: { $0.hasPrefix(needle) }) {
          3
        } else if row.cities.contains(where: { $0.contains(needle) }) || row.name.contains(needle) {
          4
        } else if needle.count >= 3, row.cities.contains(where: { lettersInOrder(needle, $0) }) {
          5
        } else { nil }
      if let rank { scored.append((rank, row.isMain ? 0 : 1, row.code)) }
    }
    return scored.sorted { ($0.rank, $0.secondary, $0.code) < ($1.rank, $1.secondary, $1.code) }
      .map(\.code)
  }

  private func lettersInOrder(_ needle: String, _ haystack: String) -> Bool {
    var remaining = needle[...]
    for character in haystack where character == remaining.first {
      remaining = remaining.dropFirst()
      if remaining.isEmpty { return true }
    }
    return remaining.isEmpty
  }
}
