import Airline
import Domain
import Foundation
import SimulatedAirline
import Testing

@Suite("The booking window at the airline")
struct BookingWindowTests {
  @Test("a search whose return is too far ahead is refused naming the return, not the departure")
  func searchNamesTheReturn() async throws {
    let test = TestAirline()
    defer { test.remove() }
    let today = CalendarDay(test.clock.now, in: .utc)
    let far = today.adding(days: SearchCriteria.bookingWindowDays + 30)
    let criteria = try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"), departure: today.adding(days: 10),
      returning: far, party: .adults(1))
    await #expect(throws: ServiceError.beyondBookingWindow(far)) {
      try await test.airline.offers(for: criteria)
    }
  }
}
