import Domain
import FlowOwner
import TestSupport
import Testing

@Suite("A search link whose return is beyond the booking window")
struct DeepLinkReturnWindowTests {
  func problem(_ query: String) throws -> DeepLinkError? {
    try DeepLink(parsing: "booking://search?from=IST&to=AMS&\(query)&adults=1")
      .problem(at: Fixture.now)  // 2026-11-29 12:00 UTC
  }

  @Test("the return day too far is the one named, not the departure")
  func namesTheReturn() throws {
    let far = try CalendarDay(iso: "2099-01-01")
    let problem = try problem("date=2027-01-15&return=2099-01-01")
    #expect(problem == .beyondBookingWindow(far))
    let message = try #require(problem).description
    #expect(message.hasPrefix("2099-01-01 is more than"), "\(message)")
    #expect(!message.contains("2027-01-15"), "\(message)")
  }

  @Test("a departure too far is named first; a return inside the window is no problem")
  func departureFirst() throws {
    #expect(
      try problem("date=2099-01-01&return=2099-01-08")
        == .beyondBookingWindow(try CalendarDay(iso: "2099-01-01")))
    #expect(try problem("date=2027-01-15&return=2027-01-22") == nil)
  }

  @Test("a saved search whose return is beyond the window falls back naming the return")
  func restoreNamesTheReturn() async throws {
    let far = try CalendarDay(iso: "2099-01-01")
    let criteria = try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"),
      departure: CalendarDay(iso: "2027-01-15"), returning: far, party: .adults(1))
    let restored = await BookingFlow.restore(
      BookingSnapshot(criteria: criteria, position: .results), using: StubLookup(),
      now: Fixture.now)
    #expect(restored.outcome == .fellBack(to: .search, because: .beyondBookingWindow(far)))
    #expect(criteria.dayBeyondBookingWindow(at: Fixture.now) == far)
  }
}
