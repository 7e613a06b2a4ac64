import Airline
import Canvas
import Domain
import FlowOwner
import Foundation
import TestSupport
import Testing
import Words

@testable import Presentation
@testable import Screens

/// Three literal bookings: a round trip for a family (an adult, a child and an infant; back
/// through Munich), the fixture one-way trip, and a round trip for two.
struct RoundTripTrips: AppWorld {
  let bookings: [Booking]

  init() throws {
    let (p1, p2) = (try PassengerID("p1"), try PassengerID("p2"))
    let family = try Fixture.roundTrip(
      "r1", party: Party(adults: 1, children: 1, infants: 1), viaBack: true)
    let familyDraft = try Fixture.draft("d1", for: family, passengers: Fixture.family())
    let familyExtras = Extras(
      seats: [p1: try SeatDesignator("12A"), p2: try SeatDesignator("12B")],
      returnSeats: [p1: try SeatDesignator("14C")], bags: [p1: 1], insurance: true)
    let oneWay = try Fixture.offer("o1")
    let pair = try Fixture.roundTrip("r2")
    let pairDraft = try Fixture.draft("d3", for: pair)
    let pairExtras = Extras(
      seats: [p1: try SeatDesignator("14A"), p2: try SeatDesignator("14B")],
      returnSeats: [p1: try SeatDesignator("13A"), p2: try SeatDesignator("13B")])
    bookings = [
      try Self.booking("RFAM01", familyDraft, familyExtras, paidAt: Fixture.now),
      try Self.booking(
        "ONEWY2", try Fixture.draft("d2", for: oneWay), try Fixture.extras(),
        paidAt: Fixture.now.addingTimeInterval(-60)),
      try Self.booking(
        "RPAIR3", pairDraft, pairExtras, paidAt: Fixture.now.addingTimeInterval(-120)),
    ]
  }

  /// `draft` paid with `extras` (priced as the fixture prices them) by Visa.
  static func booking(
    _ reference: String, _ draft: BookingDraft, _ extras: Extras, paidAt: Date
  ) throws -> Booking {
    let quote = try Fixture.quote("q-\(reference)", for: draft, extras: extras)
    return Booking(
      reference: try BookingReference(reference), draftID: draft.id, quoteID: quote.id,
      offer: draft.offer, passengers: draft.passengers, contact: draft.contact, extras: extras,
      totalPaid: quote.total, paymentMethod: .card(brand: .visa, lastFour: "4242"),
      paidAt: paidAt)
  }

  var environment: AppEnvironment {
    var airline = TestAirline.failing
    let bookings = bookings
    airline.bookings = { () throws(ServiceError) in
      bookings.map { BookingListing(reference: $0.reference, recordedAt: $0.paidAt) }
    }
    airline.booking = { reference throws(ServiceError) in
      guard let booking = bookings.first(where: { $0.reference == reference }) else {
        throw .bookingNotFound(reference)
      }
      return booking
    }
    return .test(airline: airline)
  }
}

@Suite("Round trips in the trips list", .serialized)
struct RoundTripTripsTests {
  @Test("a round trip is marked IST ⇄ AMS with both days and both flights; one way is not")
  func rows() throws {
    let world = try RoundTripTrips()
    let cells = world.bookings.map {
      TripsView.cells($0, language: .english, zone: .utc, strings: .english)
    }
    #expect(cells[0][1...3] == ["Th 24–31 Dec", "IST ⇄ AMS", "TK1957/TK1958+TK1959"])
    #expect(cells[1][1...3] == ["Th 24 Dec 08:40", "IST→AMS", "TK1957"])
    #expect(cells[2][1...3] == ["Th 24–31 Dec", "IST ⇄ AMS", "TK1957/TK1958"])
    // Across a month's end, both months; the first day's weekday in two letters either way.
    let (out, back) = (try CalendarDay(iso: "2026-12-28"), try CalendarDay(iso: "2027-01-04"))
    #expect(TripsView.days(out, back, language: .english) == "Mo 28 Dec–4 Jan")
    #expect(TripsView.days(out, back, language: .turkish) == "Pt 28 Ara–4 Oca")
  }

  @Test("the list and the opened round trip at 100x30, 80x24 and 40x12, in both languages")
  func goldens() async throws {
    let world = try RoundTripTrips()
    for language in [Language.english, .turkish] {
      let suffix = language == .english ? "" : "-tr"
      let strings = language.strings
      var state = RootFeature.State(now: Fixture.now, language: language)
      await drive(&state, [.key(.control("t"))], world)
      for (width, height) in GoldenTests.sizes {
        var sized = state
        await drive(&sized, [.key(.resize(width: width, height: height))], world)
        expectGolden(sized, "trips-roundtrip\(suffix)-\(width)x\(height)") {
          RootView.render($0, width: width, height: height, theme: .color)
        }
      }
      await drive(&state, [.key(.enter)], world)
      for (width, height) in GoldenTests.sizes {
        var sized = state
        await drive(&sized, [.key(.resize(width: width, height: height))], world)
        expectGolden(sized, "trip-roundtrip\(suffix)-\(width)x\(height)") {
          RootView.render($0, width: width, height: height, theme: .color)
        }
      }
      let opened = RootView.render(state, width: 100, height: 30, theme: .color).description
      for words in [
        strings.sliceName(0) + " · IST → AMS · " + strings.nonstop,
        strings.sliceName(1) + " · AMS → IST · " + strings.stops(1) + " MUC",
        "TK1958  AMS Thu 31 Dec", "TK1959  MUC Thu 31 Dec",
        "Byron Lovelace · " + strings.passengerTypeName(.child),
        "Annabella Lovelace · " + strings.infantOnLap,
        "Ada Lovelace · " + strings.seatsBothWays("12A", "14C"),
        "Byron Lovelace · " + strings.passengerTypeName(.child) + " · "
          + strings.seatsBothWays("12B", nil),
      ] {
        let localized =
          language == .english ? words : words.replacing("Thu 31 Dec", with: "31 Ara Per")
        #expect(opened.contains(localized), "'\(localized)' in:\n\(opened)")
      }
      // The child chose no return seat: the booking says it is given at check-in; the return's
      // connection says how long it waits in Munich.
      let checkIn =
        language == .english ? "12B out, back at check-in" : "gidiş 12B, dönüş check-in'de"
      #expect(opened.contains(checkIn), "\(opened)")
      let layover = strings.layover("MUC", language.duration(minutes: 60))
      #expect(opened.contains("  " + layover), "\(opened)")
    }
  }
}
