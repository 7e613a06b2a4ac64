import Domain
import FlowOwner
import Foundation
import TestSupport
import Testing

@Suite("BookingSnapshot")
struct SnapshotTests {
  @Test("the snapshot at each step is the criteria and the position as an ID")
  func snapshotsAtEachStep() throws {
    var walked = try WalkedFlow()
    #expect(walked.flow.snapshot == .search)
    walked.walk(to: .results)
    #expect(walked.flow.snapshot == BookingSnapshot(criteria: walked.criteria, position: .results))
    walked.flow.offerSelected(walked.offer, from: walked.results)
    #expect(
      walked.flow.snapshot
        == BookingSnapshot(
          criteria: walked.criteria, position: .passengers(offerID: walked.offer.id)))
    walked.flow.passengersSaved(walked.draft, from: walked.passengers)
    #expect(
      walked.flow.snapshot
        == BookingSnapshot(
          criteria: walked.criteria,
          position: .extras(draftID: walked.draft.id, offerID: walked.offer.id)))
    walked.flow.extrasPriced(walked.quote, from: walked.extras)
    #expect(
      walked.flow.snapshot
        == BookingSnapshot(
          criteria: walked.criteria,
          position: .payment(
            quoteID: walked.quote.id, draftID: walked.draft.id, offerID: walked.offer.id)))
    let reference = try Fixture.reference()
    walked.flow.paid(reference, from: walked.payment)
    #expect(
      walked.flow.snapshot
        == BookingSnapshot(criteria: nil, position: .confirmation(reference: reference)))
  }

  @Test("the snapshot's JSON holds no names, contact, card digits or prices")
  func snapshotPrivacy() throws {
    var walked = try WalkedFlow()
    let card = try PaymentCard(number: "4242 4242 4242 4242", expiry: "12/30", cvc: "737")
    var jsons: [String] = []
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    for kind in [StepKind.results, .passengers, .extras, .payment] {
      walked = try WalkedFlow()
      walked.walk(to: kind)
      jsons.append(String(decoding: try encoder.encode(walked.flow.snapshot), as: UTF8.self))
    }
    walked.flow.paid(try Fixture.reference(), from: walked.payment)
    jsons.append(String(decoding: try encoder.encode(walked.flow.snapshot), as: UTF8.self))

    let secrets =
      Fixture.travellerNames + [Fixture.email, Fixture.phone, card.number, "4242", card.cvc]
      + ["212", "EUR", "14A", "Lovelace"]
    for json in jsons {
      for secret in secrets {
        #expect(!json.contains(secret), "\(secret) leaked into \(json)")
      }
    }
    #expect(
      jsons[3]
        == #"{"criteria":{"departure":"2026-12-24","destination":"AMS","origin":"IST","#
        + #""party":{"adults":2,"children":0,"infants":0}},"#
        + #""position":{"payment":{"draftID":"draft-a","offerID":"offer-a","quoteID":"quote-a"}}}"#)
  }

  @Test("a snapshot survives a round trip through JSON")
  func roundTrip() throws {
    var walked = try WalkedFlow()
    walked.walk(to: .extras)
    let data = try JSONEncoder().encode(walked.flow.snapshot)
    #expect(try JSONDecoder().decode(BookingSnapshot.self, from: data) == walked.flow.snapshot)
  }

  @Test("a saved session whose positions name no offer (an earlier version's) still reads")
  func positionsWithoutOffer() throws {
    let extras = #"{"position":{"extras":{"draftID":"draft-a"}}}"#
    let payment = #"{"position":{"payment":{"draftID":"draft-a","quoteID":"quote-a"}}}"#
    #expect(
      try JSONDecoder().decode(BookingSnapshot.self, from: Data(extras.utf8)).position
        == .extras(draftID: try DraftID("draft-a")))
    #expect(
      try JSONDecoder().decode(BookingSnapshot.self, from: Data(payment.utf8)).position
        == .payment(quoteID: try QuoteID("quote-a"), draftID: try DraftID("draft-a")))
  }

  @Test(
    "each position reads as earlier versions wrote it and is written back the same",
    arguments: [
      #"{"search":{}}"#, #"{"results":{}}"#, #"{"passengers":{"offerID":"offer-a"}}"#,
      #"{"extras":{"draftID":"draft-a","offerID":"offer-a"}}"#,
      #"{"payment":{"quoteID":"quote-a"}}"#,
      #"{"payment":{"draftID":"draft-a","offerID":"offer-a","quoteID":"quote-a"}}"#,
      #"{"confirmation":{"reference":"K7Q2ZP"}}"#,
    ])
  func positionForms(_ json: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let position = try JSONDecoder().decode(BookingSnapshot.Position.self, from: Data(json.utf8))
    #expect(String(decoding: try encoder.encode(position), as: UTF8.self) == json)
  }

  @Test(
    "a position naming no step, two, an unknown one, or records its step may not name is refused",
    arguments: [
      #"{}"#, #"{"results":{},"search":{}}"#, #"{"review":{}}"#, #"{"passengers":{}}"#,
      #"{"extras":{"offerID":"offer-a"}}"#, #"{"passengers":{"offerID":"o","quoteID":"q"}}"#,
      #"{"results":{"offerID":"offer-a"}}"#, #"{"payment":{"draftID":"draft-a"}}"#,
      #"{"confirmation":{}}"#, #"{"search":{"reference":"K7Q2ZP"}}"#,
    ])
  func positionsRefused(_ json: String) {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(BookingSnapshot.Position.self, from: Data(json.utf8))
    }
  }

  @Test("a position built by hand must name what its kind carries, and nothing a later step does")
  func positionsBuiltByHand() throws {
    let offer = try OfferID("offer-a")
    let quote = try QuoteID("quote-a")
    #expect(
      BookingSnapshot.Position(kind: .passengers, offerID: offer) == .passengers(offerID: offer))
    #expect(BookingSnapshot.Position(kind: .passengers) == nil)
    #expect(BookingSnapshot.Position(kind: .passengers, offerID: offer, quoteID: quote) == nil)
    #expect(BookingSnapshot.Position(kind: .payment, quoteID: quote) == .payment(quoteID: quote))
    #expect(BookingSnapshot.Position(kind: .search) == .search)
  }
}
