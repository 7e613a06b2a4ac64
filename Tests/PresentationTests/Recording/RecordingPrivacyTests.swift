import Airline
import Canvas
import Domain
import FlowOwner
import Presentation
import Recording
import SimulatedAirline
import TestSupport
import Testing

/// Every printable character typed in every state of the steps that hold personal data, and in
/// every state where the app is busy: what the recording writes is a placeholder, a key that
/// types nothing, or nothing, never the character where it could be personal.
@Suite("Recording privacy")
struct RecordingPrivacyTests {
  /// Printable ASCII, and letters and digits of other scripts (an Arabic-Indic three is a
  /// number too).
  static let printable: [Character] =
    (0x20...0x7E).compactMap { Unicode.Scalar($0).map(Character.init) } + [
      "é", "ş", "İ", "ß", "漢", "٣", "😀",
    ]

  /// A state to type into, what the field with focus (if any) writes its characters as, and
  /// the characters the state may write as they are (answers to a question, a named command).
  struct Case {
    let name: String
    let state: RootFeature.State
    /// The placeholder characters of the field with focus; nil when no field has focus (a
    /// button, a title, a wait): then no letter, digit or sign may be written.
    let placeholders: String?
    /// Characters written as typed because they are the state's own commands.
    var commands: Set<Character> = []
    /// The time of the world's clock the keys are typed at (a price runs out by it).
    var now = TestWorld.start
  }

  /// The root restored at `position`, with its work done.
  func restored(
    _ position: BookingSnapshot.Position, _ world: TestWorld
  ) async throws -> RootFeature.State {
    var state = RootFeature.State(now: TestWorld.start)
    let restored = await BookingFlow.restore(
      BookingSnapshot(criteria: try world.criteria(), position: position),
      using: world.environment.services, now: TestWorld.start)
    await drive(&state, [.restored(restored)], world)
    return state
  }

  /// `state` after `keys`, their work left waiting (a spinner shows).
  func pressedWithoutAnswer(_ state: RootFeature.State, _ keys: [Key], _ world: TestWorld)
    -> RootFeature.State
  {
    var state = state
    for key in keys {
      _ = RootFeature.reduce(
        &state, .key(key), at: world.environment.clock.now(), environment: world.environment)
    }
    return state
  }

  /// Every state of payment: each field and the button, paying, an expired price, pricing again,
  /// and the boxes over it.
  func paymentCases(_ world: TestWorld) async throws -> [Case] {
    let draft = try await world.draft()
    let quote = try await world.quote(for: draft)
    let payment = try await restored(.payment(quoteID: quote.id), world)
    #expect(payment.current == .payment)
    var cases = [Case(name: "card number", state: payment, placeholders: "42")]
    var state = payment
    for (name, placeholders) in [("expiry", "1230"), ("security code", "1234")] {
      await drive(&state, [.key(.tab)], world)
      cases.append(Case(name: name, state: state, placeholders: placeholders))
    }
    var atPay = payment
    await drive(&atPay, cardKeys() + [.key(.tab)], world)
    cases.append(Case(name: "Pay button", state: atPay, placeholders: nil))
    let paying = pressedWithoutAnswer(atPay, [.enter], world)
    #expect(paying.isBusy, "not paying")
    cases.append(Case(name: "paying", state: paying, placeholders: nil))
    cases.append(
      Case(
        name: "help over payment",
        state: pressedWithoutAnswer(payment, [.function(1)], world), placeholders: nil))
    cases.append(
      Case(
        name: "quit question over payment",
        state: pressedWithoutAnswer(payment, [.control("c")], world), placeholders: nil,
        commands: ["y", "Y", "e", "E", "n", "N", "h", "H", "q"]))

    let later = TestWorld.start.addingTimeInterval(24 * 3600)
    cases.append(
      Case(name: "expired price", state: payment, placeholders: nil, commands: ["r"], now: later))
    world.clock.set(later)
    let repricing = pressedWithoutAnswer(payment, [.character("r")], world)
    world.clock.set(TestWorld.start)
    #expect(repricing.isBusy, "not pricing again")
    cases.append(Case(name: "pricing again", state: repricing, placeholders: nil))
    return cases
  }

  /// Every state of passengers: each title, name, birth date and contact field, the Continue
  /// button, and the draft being saved.
  func passengersCases(_ world: TestWorld) async throws -> [Case] {
    let offer = try await world.offer()
    var state = try await restored(.passengers(offerID: offer.id), world)
    #expect(state.current == .passengers)
    let fields: [(String, String?)] = [
      ("title 1", nil), ("given name 1", "adalovelaceADALOVELACE"),
      ("family name 1", "adalovelaceADALOVELACE"), ("birth date 1", "190"), ("title 2", nil),
      ("given name 2", "adalovelaceADALOVELACE"), ("family name 2", "adalovelaceADALOVELACE"),
      ("birth date 2", "190"), ("e-mail", "a"), ("phone", "5"), ("Continue button", nil),
    ]
    var cases: [Case] = []
    for (index, (name, placeholders)) in fields.enumerated() {
      if index > 0 { await drive(&state, [.key(.tab)], world) }
      cases.append(Case(name: name, state: state, placeholders: placeholders))
    }
    var filled = try await restored(.passengers(offerID: offer.id), world)
    await drive(
      &filled,
      [.key(.right), .key(.tab)] + keys("Ada") + [.key(.tab)] + keys("Lovelace") + [.key(.tab)]
        + keys("1985-12-10") + [.key(.tab), .key(.right), .key(.tab)] + keys("Grace")
        + [.key(.tab)] + keys("Hopper") + [.key(.tab)] + keys("1986-12-09") + [.key(.tab)]
        + keys("ada@example.com") + [.key(.tab)] + keys("+31201234567") + [.key(.tab)], world)
    let saving = pressedWithoutAnswer(filled, [.enter], world)
    #expect(saving.isBusy && saving.current == .passengers, "not saving the draft")
    cases.append(Case(name: "saving the draft", state: saving, placeholders: nil))
    return cases
  }

  /// The steps that hold no personal data, while they wait: results loading, extras pricing.
  func waitingCases(_ world: TestWorld) async throws -> [Case] {
    var form = RootFeature.State(now: TestWorld.start)
    await drive(
      &form,
      keys("ist") + [.key(.enter)] + keys("ams") + [.key(.enter), .key(.control("u"))]
        + keys("2026-12-24"), world)
    let loading = pressedWithoutAnswer(form, [.control("s")], world)
    #expect(loading.isBusy && loading.current == .results, "results are not loading")
    let draft = try await world.draft()
    let extras = try await restored(.extras(draftID: draft.id), world)
    #expect(extras.current == .extras)
    let pricing = pressedWithoutAnswer(extras, [.backTab, .enter], world)
    #expect(pricing.isBusy, "extras are not pricing")
    return [
      Case(name: "results loading", state: loading, placeholders: nil),
      Case(name: "extras pricing", state: pricing, placeholders: nil),
    ]
  }

  /// The characters written for `character` typed in `state`, the recording then finished.
  func written(_ character: Character, in state: RootFeature.State, _ world: TestWorld)
    -> [Character]
  {
    var state = state
    let busy = state.isBusy
    _ = RootFeature.reduce(
      &state, .key(.character(character)), at: world.environment.clock.now(),
      environment: world.environment)
    var recording = KeyRecording()
    let keys =
      recording.record(.character(character), use: state.lastKey, busy: busy, at: 0)
      + recording.finish()
    return keys.compactMap { $0.key.hasPrefix("=") ? $0.key.dropFirst().first : nil }
  }

  @Test("no character typed in any state of payment, passengers or a wait is written as typed")
  func everyCharacterInEveryState() async throws {
    let world = TestWorld()
    defer { world.remove() }
    let cases =
      try await paymentCases(world) + passengersCases(world) + waitingCases(world)
    for test in cases {
      world.clock.set(test.now)
      defer { world.clock.set(TestWorld.start) }
      for character in Self.printable {
        // A field writes placeholders, and signs between them (an e-mail's @) as they are.
        let allowed =
          test.placeholders.map {
            $0.contains(character) || !(character.isLetter || character.isNumber)
          }
          ?? test.commands.contains(character)
        let shown = written(character, in: test.state, world)
        if !allowed {
          #expect(!shown.contains(character), "\(test.name): \(character) written as typed")
        }
        if test.placeholders == nil {
          #expect(
            shown.allSatisfy { test.commands.contains($0) }, "\(test.name): \(character) → \(shown)"
          )
        }
      }
    }
  }

  @Test(
    "a card and a name typed while paying or while the draft saves leave no key in the recording")
  func typedWhileBusy() async throws {
    let world = TestWorld()
    defer { world.remove() }
    let busy =
      try await paymentCases(world).filter { $0.name == "paying" }
      + passengersCases(world).filter { $0.name == "saving the draft" }
    #expect(busy.count == 2)
    for test in busy {
      var state = test.state
      var recording = KeyRecording()
      var keys: [RecordedKey] = []
      // The card and the name, typed as into fields: Tab between them, Backspace, Enter.
      let typed =
        typed("5105105105105100") + [.tab, .backspace] + typed("Grace Hopper") + [.enter]
      for (t, key) in typed.enumerated() {
        _ = RootFeature.reduce(
          &state, .key(key), at: world.environment.clock.now(), environment: world.environment)
        keys += recording.record(key, use: state.lastKey, busy: true, at: t)
      }
      keys += recording.finish()
      #expect(keys.isEmpty, "\(test.name): \(keys.map(\.key))")
    }
  }

  @Test("a letter that opened a box is written as the key that does the same and types nothing")
  func commandsAsKeys() async throws {
    let world = TestWorld()
    defer { world.remove() }
    let payment = try await paymentCases(world)[0].state
    for (letter, word) in [("q", "ctrl-c"), ("?", "f1"), ("i", "f2")] {
      var atPay = payment
      await drive(&atPay, [.key(.backTab)], world)
      _ = RootFeature.reduce(
        &atPay, .key(.character(Character(letter))), at: world.environment.clock.now(),
        environment: world.environment)
      #expect(atPay.shell.modal != nil, "\(letter)")
      var recording = KeyRecording()
      let keys =
        recording.record(.character(Character(letter)), use: atPay.lastKey, busy: false, at: 0)
        + recording.finish()
      #expect(keys.map(\.key) == [word], "\(letter)")
    }
  }
}
