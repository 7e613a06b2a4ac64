import Airline
import Domain
import Presentation
import TestSupport
import Testing

/// The screen tests' airline is only as good as its failing default: a call no test answered
/// must fail the test that made it, not pass quietly.
@Suite("Test airline")
struct TestAirlineTests {
  @Test("a call the test did not answer is recorded as a failure and throws")
  func unansweredCallFails() async throws {
    let id = try OfferID("o1")
    await withKnownIssue {
      await #expect(throws: ServiceError.self) {
        try await TestAirline.failing.offer(id: id)
      }
    }
  }

  @Test("an answered call returns the test's answer and records nothing")
  func answeredCall() async throws {
    let offer = try Fixture.offer("o1")
    var airline = TestAirline.failing
    airline.offer = { _ throws(ServiceError) in offer }
    #expect(try await airline.services.offer(id: offer.id) == offer)
  }
}
