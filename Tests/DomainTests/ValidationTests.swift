import Domain
import Foundation
import Testing

@Suite("Domain validation")
struct ValidationTests {
  @Test("an IATA code is three letters, case-folded")
  func iataCodes() throws {
    #expect(try IATACode("ist").rawValue == "IST")
    #expect(try IATACode(" Ams ").rawValue == "AMS")
    for bad in ["", "IS", "ISTA", "I5T", "İST", "I T", "ÅMS", "\u{0}AB"] {
      #expect(throws: DomainError.invalidAirportCode(bad)) { try IATACode(bad) }
    }
  }

  @Test("origin and destination must differ")
  func sameAirports() throws {
    let ist = try IATACode("IST")
    let day = try CalendarDay(iso: "2026-12-24")
    #expect(throws: DomainError.sameOriginAndDestination(ist)) {
      try SearchCriteria(
        origin: ist, destination: IATACode("ist"), departure: day, party: .adults(1))
    }
  }

  @Test("passenger count is 1 to 9: 0 and 10 are refused")
  func passengerCounts() throws {
    let ist = try IATACode("IST")
    let ams = try IATACode("AMS")
    let day = try CalendarDay(iso: "2026-12-24")
    for count in [0, 10, -1] {
      #expect(throws: DomainError.passengerCountOutOfRange(count)) {
        try SearchCriteria(origin: ist, destination: ams, departure: day, party: .adults(count))
      }
    }
    for count in [1, 9] {
      let criteria = try SearchCriteria(
        origin: ist, destination: ams, departure: day, party: .adults(count))
      #expect(criteria.party.adults == count)
    }
  }

  @Test("a party seats 1 to 9, has an adult, and no more infants than adults")
  func parties() throws {
    #expect(throws: DomainError.noAdultInParty) { try Party(adults: 0, children: 2) }
    #expect(throws: DomainError.moreInfantsThanAdults(infants: 2, adults: 1)) {
      try Party(adults: 1, infants: 2)
    }
    #expect(throws: DomainError.passengerCountOutOfRange(10)) { try Party(adults: 4, children: 6) }
    let party = try Party(adults: 2, children: 1, infants: 1)
    #expect(party.seats == 3)
    #expect(party.travellers == 4)
    #expect(party.types == [.adult, .adult, .child, .infant])
    #expect(party.description == "2A1C1I")
    #expect(try Party(adults: 9, infants: 9).travellers == 18)
    #expect(throws: DomainError.moreInfantsThanAdults(infants: 2, adults: 1)) {
      try JSONDecoder().decode(Party.self, from: Data(#"{"adults":1,"infants":2}"#.utf8))
    }
  }

  @Test(
    "a return is not before the departure; searches saved as a count of passengers read as adults")
  func roundTrips() throws {
    let ist = try IATACode("IST")
    let ams = try IATACode("AMS")
    let day = try CalendarDay(iso: "2026-12-24")
    #expect(
      throws: DomainError.returnBeforeDeparture(departure: day, returning: day.adding(days: -1))
    ) {
      try SearchCriteria(
        origin: ist, destination: ams, departure: day, returning: day.adding(days: -1),
        party: .one)
    }
    let trip = try SearchCriteria(
      origin: ist, destination: ams, departure: day, returning: day.adding(days: 7),
      party: Party(adults: 2, children: 1))
    let moved = try trip.moved(to: day.adding(days: 2))
    #expect(moved.returning == day.adding(days: 9))
    #expect(try JSONDecoder().decode(SearchCriteria.self, from: JSONEncoder().encode(trip)) == trip)
    let old = try JSONDecoder().decode(
      SearchCriteria.self,
      from: Data(
        #"{"origin":"IST","destination":"AMS","departure":"2026-12-24","passengerCount":3}"#.utf8))
    #expect(old.party == (try Party.adults(3)))
    #expect(old.returning == nil)
  }

  @Test("criteria decoded from JSON are validated like typed ones")
  func criteriaDecoding() throws {
    let bad = Data(
      #"{"origin":"IST","destination":"IST","departure":"2026-12-24","passengerCount":2}"#.utf8)
    #expect(throws: DomainError.sameOriginAndDestination(try IATACode("IST"))) {
      try JSONDecoder().decode(SearchCriteria.self, from: bad)
    }
    let good = Data(
      #"{"origin":"ist","destination":"AMS","departure":"2026-12-24","passengerCount":2}"#.utf8)
    let criteria = try JSONDecoder().decode(SearchCriteria.self, from: good)
    #expect(criteria.origin.rawValue == "IST")
    #expect(criteria.departure == (try CalendarDay(year: 2026, month: 12, day: 24)))
  }

  @Test("a calendar day is parsed strictly and knows leap years")
  func calendarDays() throws {
    #expect(try CalendarDay(iso: "2028-02-29").iso == "2028-02-29")
    for bad in [
      "2026-02-29", "2026-13-01", "2026-00-10", "26-12-24", "2026/12/24", "", "2026-1-05",
    ] {
      #expect(throws: DomainError.invalidDate(bad)) { try CalendarDay(iso: bad) }
    }
    let day = try CalendarDay(iso: "2026-12-31")
    #expect(day.adding(days: 1).iso == "2027-01-01")
    #expect(day.adding(days: -365).iso == "2025-12-31")
    #expect(try CalendarDay(iso: "1970-01-01").daysSinceEpoch == 0)
    #expect(try CalendarDay(iso: "2026-11-30").isoWeekday == 1)
  }

  @Test("a day is taken in the time zone it is asked for")
  func dayInZone() throws {
    let instant = Date(timeIntervalSince1970: 1_798_758_000)  // 2026-12-31T23:00:00Z
    let istanbul = try RuleZones.zone("Europe/Istanbul")
    let newYork = try RuleZones.zone("America/New_York")
    #expect(CalendarDay(instant, in: istanbul).iso == "2027-01-01")
    #expect(CalendarDay(instant, in: newYork).iso == "2026-12-31")
  }

  @Test("adding two currencies is an error, not a silent result")
  func currencies() throws {
    let eur = try Money("212.50", "EUR")
    let lira = try Money("100", "TRY")
    #expect(throws: DomainError.currencyMismatch("EUR", "TRY")) { try eur.adding(lira) }
    #expect(try eur.adding(Money("0.25", "eur")) == (try Money("212.75", "EUR")))
    #expect(throws: DomainError.invalidCurrency("EU")) { try Currency("EU") }
    #expect(throws: DomainError.invalidAmount("12,50")) { try Money("12,50", "EUR") }
    for text in ["1-2", "1.2.3", "-", ".", "--1", ""] {
      #expect(throws: DomainError.invalidAmount(text), "\(text)") { try Money(text, "EUR") }
    }
  }

  @Test("money is formatted for the language with the currency's minor units")
  func moneyFormatting() throws {
    #expect(try Money("1234.5", "EUR").formatted() == "EUR 1,234.50")
    #expect(try Money("1234.5", "TRY").formatted(.turkish) == "1.234,50 TRY")
    #expect(try Money("1234567", "JPY").formatted() == "JPY 1,234,567")
    #expect(try Money("0.005", "EUR").formatted() == "EUR 0.01")
    #expect(try Money("-12", "USD").formatted() == "USD -12.00")
    #expect(try Money("1.2345", "KWD").formatted() == "KWD 1.235")
    #expect(try Money("2.345", "EUR").formatted() == "EUR 2.35", "half rounds away from zero")
    #expect(try Money("-2.345", "EUR").formatted() == "USD -2.35".replacing("USD", with: "EUR"))
    #expect(try Money("2.344999", "EUR").formatted() == "EUR 2.34")
    #expect(try Money("999.995", "EUR").formatted() == "EUR 1,000.00", "a carry ripples up")
    #expect(try Money("0.5", "JPY").formatted() == "JPY 1")
    #expect(try Money("1234.5", "EUR").plainAmount == "1234.50")
  }

  @Test("money keeps every cent through JSON")
  func moneyCoding() throws {
    let money = try Money("1999999999.99", "EUR")
    let data = try JSONEncoder().encode(money)
    #expect(String(decoding: data, as: UTF8.self).contains(#""1999999999.99""#))
    #expect(try JSONDecoder().decode(Money.self, from: data) == money)
  }

  @Test("typed IDs refuse path tricks and keep their kind")
  func identifiers() throws {
    #expect(try QuoteID("q-123_abc").rawValue == "q-123_abc")
    for bad in ["", "../etc", "a/b", "a b", ".", "..", "q\u{0}", String(repeating: "x", count: 65)]
    {
      #expect(throws: DomainError.invalidIdentifier(kind: "quote", value: bad)) {
        try QuoteID(bad)
      }
    }
    #expect(OfferID.kindName == "offer")
    #expect(DraftID.kindName == "draft")
  }

  @Test("names allow any script but not symbols or control characters")
  func names() throws {
    let id = try PassengerID("p1")
    let birth = try CalendarDay(iso: "1990-05-01")
    let passenger = try Passenger(
      id: id, title: .ms, givenName: "  İpek  Nur ", familyName: "O'Neil-Öztürk",
      dateOfBirth: birth)
    #expect(passenger.givenName == "İpek Nur")
    _ = try Passenger(id: id, title: .mr, givenName: "太郎", familyName: "山田", dateOfBirth: birth)
    for bad in [
      "", "   ", "Ada\u{0}", "Ada😀", "<script>", "-Ada", String(repeating: "a", count: 51),
    ] {
      #expect(throws: DomainError.invalidName(field: "Given name", value: bad)) {
        try Passenger(id: id, title: .mr, givenName: bad, familyName: "X", dateOfBirth: birth)
      }
    }
  }

  @Test("passenger type is decided by age on the departure day")
  func passengerTypes() throws {
    let departure = try CalendarDay(iso: "2026-12-24")
    #expect(
      PassengerType(bornOn: try CalendarDay(iso: "2024-12-25"), travellingOn: departure) == .infant)
    #expect(
      PassengerType(bornOn: try CalendarDay(iso: "2024-12-24"), travellingOn: departure) == .child)
    #expect(
      PassengerType(bornOn: try CalendarDay(iso: "2014-12-25"), travellingOn: departure) == .child)
    #expect(
      PassengerType(bornOn: try CalendarDay(iso: "2014-12-24"), travellingOn: departure) == .adult)
  }

  @Test("contact email and phone must be plausible")
  func contacts() throws {
    let contact = try Contact(email: " ada@example.com ", phone: "+90 (532) 123-45-67")
    #expect(contact.email == "ada@example.com")
    #expect(contact.phone == "+905321234567")
    for bad in ["", "ada", "ada@", "@example.com", "ada@example", "a da@example.com", "a@b@c.com"] {
      #expect(throws: DomainError.invalidEmail(bad)) {
        try Contact(email: bad, phone: "+31201234567")
      }
    }
    for bad in ["", "12345", "+31 20 abc", "1234567890123456"] {
      #expect(throws: DomainError.invalidPhone(bad)) { try Contact(email: "a@b.nl", phone: bad) }
    }
  }

  @Test("seats, references and cards follow their formats")
  func formats() throws {
    #expect(try SeatDesignator("14a").description == "14A")
    for bad in ["A14", "0A", "100A", "14Z", "14", ""] {
      #expect(throws: DomainError.invalidSeatDesignator(bad)) { try SeatDesignator(bad) }
    }
    #expect(try BookingReference("k7q2zp").rawValue == "K7Q2ZP")
    #expect(throws: DomainError.invalidBookingReference("K7Q2Z")) { try BookingReference("K7Q2Z") }
    let card = try PaymentCard(number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123")
    #expect(card.method == .card(brand: .visa, lastFour: "4242"))
    #expect(card.description == "Visa •••• 4242")
    #expect(card.expiryYear == 2030)
    #expect(throws: DomainError.invalidCardNumber) {
      try PaymentCard(number: "4242 4242 4242 4241", expiry: "12/30", cvc: "123")
    }
    #expect(throws: DomainError.invalidCardExpiry("13/30")) {
      try PaymentCard(number: "4242424242424242", expiry: "13/30", cvc: "123")
    }
    #expect(throws: DomainError.invalidCVC) {
      try PaymentCard(number: "4242424242424242", expiry: "12/30", cvc: "12")
    }
    #expect(
      PaymentCard.problems(number: "1234", expiry: "1/30", cvc: "") == [
        .invalidCardNumber, .invalidCardExpiry("1/30"), .invalidCVC,
      ])
    #expect(PaymentCard.problems(number: "4242424242424242", expiry: "12/2030", cvc: "1234") == [])
  }

  @Test("error messages are one readable line, with control characters escaped")
  func messages() {
    let message = DomainError.invalidAirportCode("A\nB").description
    #expect(message == #"'A\u{A}B' is not an airport code: use three letters, like IST or AMS."#)
    #expect(!message.contains("\n"))
  }
}
