import Foundation
import Persistence

/// A record shaped like the app's: strings, numbers, a decimal amount, a date, nesting.
struct Itinerary: Codable, Equatable, Sendable {
  var reference: String
  var seats: [String]
  var price: Decimal
  var departure: Date
  var note: String?
  var legs: [Leg]

  struct Leg: Codable, Equatable, Sendable {
    var from: String
    var to: String
    var minutes: Int
  }

  static func sample(_ reference: String = "ABC123") -> Itinerary {
    Itinerary(
      reference: reference,
      seats: ["14A", "14B"],
      price: Decimal(string: "1234.56") ?? 0,
      departure: Date(timeIntervalSince1970: 1_795_990_500.125),
      note: "Window, \"please\" / ñ ✈︎",
      legs: [Leg(from: "LHR", to: "JFK", minutes: 475), Leg(from: "JFK", to: "SFO", minutes: 380)]
    )
  }
}

enum Kinds {
  static let quotes = RecordKind(folder: "quotes", schema: 2)
  static let drafts = RecordKind(folder: "drafts", schema: 2)
  static let offers = RecordKind(folder: "offers", schema: 1)
}
