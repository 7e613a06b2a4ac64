import Airline
import Domain
import SimulatedAirline
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

  /// While the whole list is built at start, one airport is made from its row alone (a pay
  /// link's first frame needs two, not seventy zone files): it must be the list's airport.
  @Test("an airport made from its row alone is the list's airport, for every code")
  func single() throws {
    for airport in directory.airports {
      #expect(AirportDirectory.builtInAirport(airport.code, zones: .live) == airport)
    }
    #expect(AirportDirectory.builtInAirport(try IATACode("QQQ"), zones: .live) == nil)
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

  @Test("search folds the letters of many languages, typed composed or decomposed")
  func folding() {
    #expect(directory.search("zürich").first?.code.rawValue == "ZRH")
    #expect(directory.search("zu\u{308}rich").first?.code.rawValue == "ZRH")
    #expect(directory.search("ZÜRICH").first?.code.rawValue == "ZRH")
    #expect(directory.search("ıstanbul").map(\.code.rawValue).prefix(2).sorted() == ["IST", "SAW"])
    #expect(directory.search("İzmir").first?.code.rawValue == "ADB")
    #expect(directory.search("montréal").first?.code.rawValue == "YUL")
    #expect(directory.search("MONTRÉAL").first?.code.rawValue == "YUL")
    #expect(directory.search("montreal").first?.code.rawValue == "YUL")
    #expect(directory.search("MÜNCHEN").first?.code.rawValue == "MUC")
    #expect(directory.search("gokcen").first?.code.rawValue == "SAW")
    #expect(directory.search("Gökçen").first?.code.rawValue == "SAW")
  }
}

@Suite("Airport suggestions, main airport first")
struct MainAirportTests {
  @Test(
    "a city's main airport comes first among its airports: London Heathrow, Paris CDG, Tokyo Haneda"
  )
  func mainFirst() {
    let airports = AirportDirectory.builtIn
    for (query, first) in [
      ("lond", "LHR"), ("London", "LHR"), ("paris", "CDG"), ("tokyo", "HND"), ("beij", "PEK"),
      ("istanbul", "IST"),
    ] {
      #expect(airports.search(query).first?.code.rawValue == first, "\(query)")
    }
    // Match quality still comes first: a code typed exactly, or a name only one airport has.
    #expect(airports.search("lgw").first?.code.rawValue == "LGW")
    #expect(airports.search("gatwick").first?.code.rawValue == "LGW")
    #expect(airports.search("orly").first?.code.rawValue == "ORY")
  }
}
