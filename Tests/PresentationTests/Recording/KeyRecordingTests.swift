import Airline
import Canvas
import Domain
import FlowOwner
import Presentation
import Recording
import SimulatedAirline
import TestSupport
import Testing

/// What a recording may hold: decided by what handled each key.
@Suite("Recording keys")
struct KeyRecordingTests {
  /// Records `text` typed with `use`, then finishes; returns the typed characters written.
  func recorded(_ steps: [(String, RootFeature.KeyUse)], ending: Key = .tab) -> String {
    var recording = KeyRecording()
    var written: [RecordedKey] = []
    var t = 0
    for (text, use) in steps {
      for character in text {
        t += 10
        written += recording.record(.character(character), use: use, busy: false, at: t)
      }
    }
    written += recording.record(ending, use: .used, busy: false, at: t + 10)
    written += recording.finish()
    var times = written.map(\.t)
    times.sort()
    #expect(written.map(\.t) == times, "times went back")
    return written.compactMap { key in
      key.key.hasPrefix("=") ? String(key.key.dropFirst()) : nil
    }.joined()
  }

  @Test("a card number typed while the price loads (nothing used it) is left out")
  func ignoredKeysLeftOut() {
    #expect(recorded([("4111111111111111", .ignored)]) == "")
  }

  @Test("a card number typed with focus on the expiry becomes a valid test expiry")
  func cardIntoExpiry() {
    #expect(recorded([("4111", .typed(.cardExpiry))]) == "1230")
  }

  @Test("a card number becomes the test card; a test card stays as typed (a declined demo)")
  func cardNumbers() {
    #expect(recorded([("5555444433331111", .typed(.cardNumber))]) == "4242424242424242")
    #expect(recorded([("4000000000000002", .typed(.cardNumber))]) == "4000000000000002")
    #expect(recorded([("9876", .typed(.securityCode))]) == "1234")
  }

  @Test("names, e-mail, phone and birth date become placeholders of the same kind")
  func personalData() {
    #expect(recorded([("Zephyrine", .typed(.name))]) == "Adalovela")
    #expect(recorded([("Ada", .typed(.name))]) == "Ada")
    #expect(recorded([("O'Brien-Smith", .typed(.name))]) == "A'Dalov-Elace")
    #expect(recorded([("zq.p@example.com", .typed(.email))]) == "aa.a@aaaaaaa.aaa")
    #expect(recorded([("+905557654321", .typed(.phone))]) == "+555555555555")
    #expect(recorded([("1985-07-23", .typed(.birthDate))]) == "1990-01-01")
    #expect(recorded([("ist", .used)]) == "ist", "the search holds no personal data")
  }

  @Test("a command, or a letter used as it is, comes after the card held so far; ignored is out")
  func commandsAndIgnoredKeys() {
    var recording = KeyRecording()
    var written: [RecordedKey] = []
    for (t, digit) in "5105".enumerated() {
      written += recording.record(.character(digit), use: .typed(.cardNumber), busy: false, at: t)
    }
    written += recording.record(.character("r"), use: .used, busy: false, at: 10)
    written += recording.record(.enter, use: .ignored, busy: true, at: 11)
    for (t, digit) in "51".enumerated() {
      written += recording.record(
        .character(digit), use: .typed(.cardNumber), busy: false, at: 12 + t)
    }
    written += recording.record(.character("q"), use: .command(.control("c")), busy: false, at: 20)
    written += recording.finish()
    let card = Array("4242424242424242").map { "=\($0)" }
    #expect(written.map(\.key) == card + ["=r"] + card + ["ctrl-c"])
    #expect(written.map(\.t) == written.map(\.t).sorted(), "times went back")
  }

  @Test("the app says which field received a key when it handled it")
  func keyUseFromTheRoot() async throws {
    let world = TestWorld()
    defer { world.remove() }
    let draft = try await world.draft()
    let quote = try await world.quote(for: draft)
    var state = RootFeature.State(now: TestWorld.start)
    let restored = await BookingFlow.restore(
      BookingSnapshot(criteria: try world.criteria(), position: .payment(quoteID: quote.id)),
      using: world.environment.services, now: TestWorld.start)
    await drive(&state, [.restored(restored), .key(.character("4"))], world)
    #expect(state.lastKey == .typed(.cardNumber))
    await drive(&state, [.key(.tab), .key(.character("1"))], world)
    #expect(state.lastKey == .typed(.cardExpiry))
    await drive(&state, [.key(.tab), .key(.tab), .key(.character("x"))], world)
    #expect(state.lastKey == .ignored, "a letter on the Pay button does nothing")
    await drive(&state, [.key(.escape)], world)
    #expect(state.current == .extras)
    await drive(&state, [.key(.character("x"))], world)
    #expect(state.lastKey == .ignored)
    await drive(&state, [.key(.character("2"))], world)
    #expect(state.lastKey == .used, "a digit on extras switches passenger")
  }
}
