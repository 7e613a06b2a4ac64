import Domain
import FlowOwner
import TestSupport
import Testing

@Suite("DeepLink")
struct DeepLinkTests {
  @Test("a payment link is a payment snapshot without criteria")
  func payLink() throws {
    let link = try DeepLink(parsing: "booking://pay/q-42")
    #expect(link == .pay(try QuoteID("q-42")))
    #expect(
      link.snapshot
        == BookingSnapshot(criteria: nil, position: .payment(quoteID: try QuoteID("q-42"))))
    #expect(try DeepLink(parsing: "BOOKING://pay/q-42/") == link)
    #expect(link.url == "booking://pay/q-42")
  }

  @Test("a search link gives the criteria and opens results")
  func searchLink() throws {
    let link = try DeepLink(
      parsing: "booking://search?from=ist&to=AMS&date=2026-12-24&passengers=2")
    #expect(link == .search(try Fixture.criteria()))
    #expect(link.snapshot == BookingSnapshot(criteria: try Fixture.criteria(), position: .results))
    #expect(try DeepLink(parsing: link.url) == link)
    let single = try DeepLink(parsing: "booking://search?to=AMS&from=IST&date=2026-12-24")
    #expect(single == .search(try Fixture.criteria(passengers: 1)))
  }

  @Test("malformed links are typed errors naming what is wrong")
  func malformed() throws {
    let ist = try IATACode("IST")
    let cases: [(String, DeepLinkError)] = [
      ("", .notALink("")),
      ("pay/q-1", .notALink("pay/q-1")),
      ("https://pay/q-1", .wrongScheme("https")),
      ("booking://", .missingHost),
      ("booking://refund/q-1", .unknownHost("refund")),
      ("booking://pay/", .missingQuoteID),
      ("booking://pay", .missingQuoteID),
      ("booking://pay/..%2Fetc", .invalidQuoteID("../etc")),
      ("booking://pay/a/b", .unexpectedPath("pay/a/b")),
      ("booking://pay/q%zz", .invalidEncoding("quote ID")),
      ("booking://pay/q-1?x=1", .unexpectedQuery("pay")),
      ("booking://search?from=IST&to=AMS", .missingParameter("date")),
      ("booking://search?from=IST&to=AMS&date=2026-12-24&seat=1", .unknownParameter("seat")),
      ("booking://search?from=IST&from=SAW&to=AMS&date=2026-12-24", .duplicateParameter("from")),
      (
        "booking://search?from=IST&to=AMS&date=2026-02-30",
        .invalidParameter(name: "date", reason: DomainError.invalidDate("2026-02-30").description)
      ),
      (
        "booking://search?from=IST&to=IST&date=2026-12-24",
        .invalidParameter(
          name: "from/to",
          reason: DomainError.sameOriginAndDestination(ist).description)
      ),
      (
        "booking://search?from=IST&to=AMS&date=2026-12-24&passengers=10",
        .invalidParameter(name: "passengers", reason: "'10' is not a count from 0 to 9.")
      ),
      (
        "booking://search?from=I5T&to=AMS&date=2026-12-24",
        .invalidParameter(
          name: "from/to", reason: DomainError.invalidAirportCode("I5T").description)
      ),
    ]
    for (text, expected) in cases {
      #expect(throws: expected, "\(text)") { try DeepLink(parsing: text) }
    }
  }

  @Test(
    "a passenger count that is not 0 to 9 names the value given and the range",
    arguments: ["99999", "1e9", "+9", "10", "-1", "٣", "09x"])
  func passengerCount(value: String) throws {
    let link = "booking://search?from=IST&to=AMS&date=2026-12-24&passengers=\(value)"
    // A '+' in a query is a space, so "+9" is given as " 9".
    let given = String(value.map { $0 == "+" ? " " : $0 })
    let expected = DeepLinkError.invalidParameter(
      name: "passengers", reason: "\(DomainError.quoted(given)) is not a count from 0 to 9.")
    #expect(throws: expected) { try DeepLink(parsing: link) }
    #expect(
      expected.description
        == "The link's passengers is wrong: \(DomainError.quoted(given)) is not a count from 0 to 9."
    )
  }

  @Test("a party the airline cannot seat is refused at the parameter that breaks it")
  func party() throws {
    let base = "booking://search?from=IST&to=AMS&date=2026-12-24"
    #expect(
      throws: DeepLinkError.invalidParameter(
        name: "passengers", reason: DomainError.passengerCountOutOfRange(0).description)
    ) {
      try DeepLink(parsing: base + "&passengers=0")
    }
    #expect(
      throws: DeepLinkError.invalidParameter(
        name: "infants",
        reason: DomainError.moreInfantsThanAdults(infants: 2, adults: 1).description)
    ) {
      try DeepLink(parsing: base + "&adults=1&infants=2")
    }
    #expect(
      throws: DeepLinkError.invalidParameter(
        name: "adults", reason: DomainError.passengerCountOutOfRange(10).description)
    ) {
      try DeepLink(parsing: base + "&adults=5&children=5")
    }
    #expect(
      throws: DeepLinkError.invalidParameter(
        name: "adults", reason: DomainError.noAdultInParty.description)
    ) {
      try DeepLink(parsing: base + "&adults=0&children=2")
    }
    #expect(throws: DeepLinkError.duplicateParameter("adults")) {
      try DeepLink(parsing: base + "&adults=1&passengers=2")
    }
    #expect(
      throws: DeepLinkError.invalidParameter(
        name: "return",
        reason: DomainError.returnBeforeDeparture(
          departure: try CalendarDay(iso: "2026-12-24"),
          returning: try CalendarDay(iso: "2026-12-20")
        ).description)
    ) {
      try DeepLink(parsing: base + "&return=2026-12-20")
    }
  }

  @Test("a round trip for a party goes out as a link and comes back the same")
  func roundTripParty() throws {
    let criteria = try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"),
      departure: CalendarDay(iso: "2026-12-24"),
      returning: CalendarDay(iso: "2026-12-31"), party: Party(adults: 2, children: 1, infants: 1))
    let link = DeepLink.search(criteria)
    #expect(
      link.url
        == "booking://search?from=IST&to=AMS&date=2026-12-24&return=2026-12-31&adults=2&children=1&infants=1"
    )
    #expect(try DeepLink(parsing: link.url) == link)
  }

  @Test("a passenger count with a leading zero is still a count")
  func passengerCountLeadingZero() throws {
    let link = try DeepLink(
      parsing: "booking://search?from=IST&to=AMS&date=2026-12-24&passengers=02")
    #expect(link == .search(try Fixture.criteria(passengers: 2)))
  }

  @Test("an overlong link is refused before it is read")
  func overlong() {
    let text = "booking://pay/" + String(repeating: "a", count: 3000)
    #expect(throws: DeepLinkError.tooLong(text.utf8.count)) { try DeepLink(parsing: text) }
  }

  @Test(
    "booking://trip/<REF> opens the booking in the trips over the search form; a bad one says why"
  )
  func tripLink() throws {
    let link = try DeepLink(parsing: "booking://trip/k7q2zp")
    let reference = try BookingReference("K7Q2ZP")
    #expect(link == .trip(reference))
    #expect(link.url == "booking://trip/K7Q2ZP")
    #expect(
      link.snapshot
        == BookingSnapshot(
          criteria: nil, position: .search, trip: TripPosition(reference: reference)))
    #expect(throws: DeepLinkError.missingReference) { try DeepLink(parsing: "booking://trip/") }
    #expect(throws: DeepLinkError.invalidReference("K7Q2")) {
      try DeepLink(parsing: "booking://trip/K7Q2")
    }
    #expect(throws: DeepLinkError.unexpectedQuery("trip")) {
      try DeepLink(parsing: "booking://trip/K7Q2ZP?x=1")
    }
  }

  @Test("error messages name the problem in one line")
  func messages() {
    #expect(
      DeepLinkError.unknownHost("refund").description
        == "'refund' is not a link action: use booking://pay/<quote ID>, booking://search?... or "
        + "booking://trip/<reference>.")
    #expect(
      DeepLinkError.invalidQuoteID("a\nb").description
        == #"'a\u{A}b' is not a quote ID: use 1 to 64 letters, digits, '-' or '_'."#)
  }
}

@Suite("Links that read well but cannot be opened")
struct DeepLinkWindowTests {
  @Test("a search link for a day that has passed everywhere, or beyond the window, is a problem")
  func window() throws {
    let now = Fixture.now  // 2026-11-29 12:00 UTC
    func problem(_ date: String) throws -> DeepLinkError? {
      try DeepLink(parsing: "booking://search?from=IST&to=AMS&date=\(date)&passengers=1")
        .problem(at: now)
    }
    #expect(try problem("2026-11-28") == .dayPassed(try CalendarDay(iso: "2026-11-28")))
    // Still the 29th west of Greenwich, and today east of it.
    #expect(try problem("2026-11-29") == nil)
    #expect(try problem("2027-11-20") == nil)
    #expect(try problem("2027-11-22") == .beyondBookingWindow(try CalendarDay(iso: "2027-11-22")))
    #expect(try DeepLink(parsing: "booking://pay/qt-1").problem(at: now) == nil)
  }
}
