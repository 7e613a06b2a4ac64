import Domain
import Services
import Testing

@Suite("Airports")
struct AirportTests {
  let directory = AirportDirectory.builtIn

  @Test("the built-in list has about 100 airports, the Turkish ones included")
  func list() throws {
    #expect(directory.airports.count >= 100)
    for code in ["IST", "SAW", "ESB", "ADB", "AYT", "AMS", "JFK", "MUC"] {
      #expect(directory.airport(try IATACode(code)) != nil, "\(code)")
    }
    let istanbul = try #require(directory.airport(try IATACode("IST")))
    #expect(istanbul.city == "İstanbul")
    #expect(istanbul.timeZoneID == "Europe/Istanbul")
  }

  @Test("search finds by code, city in either spelling, or name, ignoring case and accents")
  func search() {
    #expect(directory.search("ist").first?.code.rawValue == "IST")
    #expect(directory.search("ist").map(\.code.rawValue).contains("SAW"))
    #expect(directory.search("istanbul").map(\.code.rawValue).prefix(2).sorted() == ["IST", "SAW"])
    #expect(directory.search("İSTANBUL").map(\.code.rawValue).prefix(2).sorted() == ["IST", "SAW"])
    #expect(directory.search("mun").first?.code.rawValue == "MUC")
    #expect(directory.search("münchen").first?.code.rawValue == "MUC")
    #expect(directory.search("zur").first?.code.rawValue == "ZRH")
    #expect(directory.search("schiphol").first?.code.rawValue == "AMS")
    #expect(directory.search("frnkf").first?.code.rawValue == "FRA")
    #expect(directory.search("").isEmpty)
    #expect(directory.search("qqqq").isEmpty)
    #expect(directory.search("a", limit: 3).count == 3)
  }
}
