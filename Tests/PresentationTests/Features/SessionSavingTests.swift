import Domain
import FlowOwner
import Presentation
import Testing

/// Saving the session: once per change of the path, a failure and a recovery said once each.
@Suite("Saving the session")
struct SessionSavingTests {
  @Test("fail, fail again, recover: the header hears failed once and recovered once, in order")
  func sequence() throws {
    let criteria = try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"),
      departure: CalendarDay(iso: "2026-12-24"), party: .adults(1))
    let results = BookingSnapshot(criteria: criteria, position: .results)
    let search = BookingSnapshot.search
    let passengers = BookingSnapshot(
      criteria: criteria, position: .passengers(offerID: try OfferID("of-1")))
    var saving = SessionSaving(saved: search)
    #expect(!saving.needsSave(search), "what is on disk is not written again")
    #expect(saving.needsSave(results))
    #expect(
      saving.wrote(results, error: "No space left on device") == .failed("No space left on device"))
    #expect(!saving.needsSave(results), "a failed save is not tried again on every action")
    #expect(saving.needsSave(passengers), "the next change of the path is")
    #expect(saving.wrote(passengers, error: "No space left on device") == nil, "said once")
    #expect(
      saving.wrote(passengers, error: "Read-only file system") == .failed("Read-only file system"))
    #expect(saving.wrote(results, error: nil) == .recovered)
    #expect(saving.saved == results)
    #expect(saving.wrote(passengers, error: nil) == nil)
  }
}
