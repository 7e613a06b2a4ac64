import Domain
import FlowOwner
import Persistence
import TestSupport
import Testing

@Suite("Random deep links")
struct DeepLinkFuzzTests {
  static let cases = 10_000
  static let seed: UInt64 = 0xDEE9_7144_C0DE

  static let prefixes = [
    "booking://", "booking://", "booking://", "BOOKING://", "Booking://", "booking:/", "booking:",
    "http://", "", " booking://", "booking:///", "bookinǵ://", "\u{202E}booking://", "booking\0://",
  ]
  static let pieces = [
    "pay", "pay/", "PAY/", "search", "search?", "/", "//", "?", "&", "=", "#", "from=", "to=",
    "date=", "passengers=", "from=IST", "to=AMS", "date=2026-12-24", "passengers=2", "IST", "AMS",
    "ist", "2026-12-24", "2026-02-30", "qt-", "qt-5f0c93a1", "%", "%2", "%41", "%ZZ", "%00", "%0A",
    "%E2%80%8F", "%F0%9F%99%82", "%C0%80", "%FF", "+", " ", "..", "../", "%2E%2E%2F", "-", "_",
    "0", "99", "-1", "1e9", "trip", "trip/", "TRIP/", "K7Q2ZP", "k7q2zp", "K7Q2Z",
  ]

  static let valid = [
    "booking://pay/qt-5f0c93a1", "booking://pay/qt_1", "booking://PAY/Q-1/",
    "booking://search?from=IST&to=AMS&date=2026-12-24&passengers=2",
    "booking://search?to=AMS&from=IST&date=2026-12-24",
    "booking://search?from=ist&to=ams&date=2027-01-05&passengers=9",
    "booking://search?FROM=IST&To=AMS&date=2026-12-24&passengers=1",
    "booking://search?from=%49ST&to=AMS&date=2026-12-24",
    "booking://trip/K7Q2ZP", "booking://TRIP/k7q2zp/",
  ]

  /// A random text that is often almost a link.
  static func text(using random: inout SeededRandom) -> String {
    if random.chance(0.01) {
      return "booking://pay/" + String(repeating: random.pick(["a", "é", "%41"]), count: 3_000)
    }
    if random.chance(0.3) {
      // A valid link, left alone or with a few edits.
      var scalars = Array(random.pick(valid).unicodeScalars)
      for _ in 0..<random.int(0...2) {
        let at = random.int(0...scalars.count)
        if random.chance(0.5), at < scalars.count {
          scalars.removeSubrange(at..<min(scalars.count, at + random.int(1...3)))
        } else {
          let piece =
            random.chance(0.5)
            ? random.pick(pieces) : HostileText.string(maxScalars: 2, using: &random)
          scalars.insert(contentsOf: piece.unicodeScalars, at: at)
        }
      }
      var text = ""
      text.unicodeScalars.append(contentsOf: scalars)
      return text
    }
    var text = random.pick(prefixes)
    for _ in 0..<random.int(0...8) {
      text +=
        random.chance(0.8) ? random.pick(pieces) : HostileText.string(maxScalars: 4, using: &random)
    }
    return text
  }

  @Test("10,000 random links: a link that opens, or one clear line saying what is wrong")
  func randomLinks() async throws {
    try await offTheGlobalExecutor("randomLinks") { try self.randomLinksBody() }
  }

  /// The test, run off the global executor: its CPU would hold one of that executor's threads.
  func randomLinksBody() throws {
    var random = SeededRandom(seed: Self.seed)
    var failures: [String] = []
    var accepted = 0
    var errors: [String: Int] = [:]
    for index in 0..<Self.cases {
      let text = Self.text(using: &random)
      if let problem = Self.problem(with: text, accepted: &accepted, errors: &errors) {
        failures.append("case \(index) '\(HostileText.escaped(text))': \(problem)")
        if failures.count >= 20 { break }
      }
    }
    let summary = errors.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
      .joined(separator: " ")
    print("[reliability] deep links: \(Self.cases) texts, \(accepted) opened; errors: \(summary)")
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    #expect(accepted > 100, "the generator should make some links that open")
  }

  /// The error's case, for the tally.
  static func name(of error: DeepLinkError) -> String {
    switch error {
    case .tooLong: "tooLong"
    case .notALink: "notALink"
    case .wrongScheme: "wrongScheme"
    case .missingHost: "missingHost"
    case .unknownHost: "unknownHost"
    case .unexpectedPath: "unexpectedPath"
    case .unexpectedQuery: "unexpectedQuery"
    case .missingQuoteID: "missingQuoteID"
    case .invalidQuoteID: "invalidQuoteID"
    case .missingReference: "missingReference"
    case .invalidReference: "invalidReference"
    case .invalidEncoding: "invalidEncoding"
    case .unknownParameter: "unknownParameter"
    case .duplicateParameter: "duplicateParameter"
    case .missingParameter: "missingParameter"
    case .invalidParameter: "invalidParameter"
    case .dayPassed: "dayPassed"
    case .beyondBookingWindow: "beyondBookingWindow"
    }
  }

  /// What is wrong with how `text` is parsed, if anything.
  static func problem(with text: String, accepted: inout Int, errors: inout [String: Int])
    -> String?
  {
    let link: DeepLink
    do {
      link = try DeepLink(parsing: text)
    } catch {
      errors[Self.name(of: error), default: 0] += 1
      let description = error.description
      guard HostileText.isOneLine(description) else {
        return "the error is not one clear line: '\(HostileText.escaped(description))'"
      }
      // Bidi controls and joiners from the text must not reach the message unescaped either.
      let format = description.unicodeScalars.filter { $0.properties.generalCategory == .format }
      guard format.isEmpty else {
        return "the error shows raw format characters \(format.map(\.value)): "
          + "'\(HostileText.escaped(description))'"
      }
      return nil
    }
    accepted += 1
    // An opened link names a file the store may read, and reads back as itself.
    switch link {
    case .pay(let quoteID):
      guard RecordID.isValid(quoteID.rawValue) else {
        return "opened a quote ID '\(quoteID.rawValue)' that is not a safe record ID"
      }
      guard link.snapshot == BookingSnapshot(criteria: nil, position: .payment(quoteID: quoteID))
      else { return "the snapshot of \(link) is \(link.snapshot)" }
    case .search(let criteria):
      guard link.snapshot == BookingSnapshot(criteria: criteria, position: .results) else {
        return "the snapshot of \(link) is \(link.snapshot)"
      }
    case .trip(let reference):
      guard RecordID.isValid(reference.rawValue) else {
        return "opened a reference '\(reference.rawValue)' that is not a safe record ID"
      }
      guard
        link.snapshot
          == BookingSnapshot(
            criteria: nil, position: .search, trip: TripPosition(reference: reference))
      else { return "the snapshot of \(link) is \(link.snapshot)" }
    }
    do {
      let again = try DeepLink(parsing: link.url)
      guard again == link else { return "\(link.url) reads back as \(again), not \(link)" }
    } catch {
      return "its own url \(link.url) does not parse: \(error)"
    }
    return nil
  }
}
