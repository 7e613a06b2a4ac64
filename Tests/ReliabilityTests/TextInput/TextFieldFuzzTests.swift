import Canvas
import Domain
import FlowOwner
import Foundation
import Presentation
import TestSupport
import Testing
import Widgets

@Suite("Hostile text in every field")
struct TextFieldFuzzTests {
  /// Hostile strings typed into each field: 120 in every run, 250 with `BOOKING_FUZZ=full`.
  static let stringsPerField = FuzzSize.cases(120, whole: 250)
  static let seed: UInt64 = 0x7E47_F1E1_D5ED

  /// A text field of one screen, found in the root state.
  struct FieldUnderTest: Sendable, CustomStringConvertible {
    let description: String
    /// Whether the field has focus in `state`.
    let focused: @Sendable (RootFeature.State) -> Bool
    /// The field in `state`.
    let field: @Sendable (RootFeature.State) -> TextField?
    /// Whether its text is pasted rather than typed: a count passes the keys it cannot take on
    /// to the app (q quits, t opens the trips), so typed hostile text would leave the form.
    var pasted = false
  }

  /// The search form's text fields (all but the trip type), the return included: the form is
  /// made a round trip first.
  static let searchFields: [FieldUnderTest] = SearchFeature.Field.allCases.filter {
    $0 != .trip && $0 != .search
  }.map { field in
    FieldUnderTest(
      description: "search \(field)",
      focused: { $0.steps.isEmpty && $0.search.focus == field },
      field: { $0.steps.isEmpty ? $0.search[field] : nil },
      pasted: SearchFeature.Field.party.contains(field))
  }

  static let passengerFields: [FieldUnderTest] = [
    PassengersFeature.Field.given(0), .family(0), .birth(0), .email, .phone,
  ].map { field in
    FieldUnderTest(
      description: "passengers \(field)",
      focused: { state in
        guard let form = state.steps.last?.screen.state(PassengersFeature.self) else {
          return false
        }
        return form.focus == field
      },
      field: { state in
        guard let form = state.steps.last?.screen.state(PassengersFeature.self) else { return nil }
        return form[field]
      })
  }

  static let paymentFields: [FieldUnderTest] = [PaymentFeature.Field.number, .expiry, .cvc].map {
    field in
    FieldUnderTest(
      description: "payment \(field)",
      focused: { state in
        guard let form = state.steps.last?.screen.state(PaymentFeature.self) else { return false }
        return form.focus == field
      },
      field: { state in
        guard let form = state.steps.last?.screen.state(PaymentFeature.self) else { return nil }
        return form[field]
      })
  }

  @Test("Random Unicode typed into every field of search, passengers and payment: clean text only")
  func hostileTyping() async throws {
    try await offTheGlobalExecutor("hostileTyping") { try await self.hostileTypingBody() }
  }

  /// The test, run off the global executor: its CPU would hold one of that executor's threads.
  func hostileTypingBody() async throws {
    let world = HeadlessWorld(inMemory: true)
    defer { world.remove() }
    var random = SeededRandom(seed: Self.seed)
    var failures: [String] = []
    var joined: [String] = []
    var typed = 0

    var state = RootFeature.State(now: HeadlessWorld.start)
    await drive(&state, [.key(.backTab), .key(.character(" "))], world)
    try #require(state.search.roundTrip)
    try await type(into: Self.searchFields, &state, world, &random, &failures, &joined, &typed)

    state = RootFeature.State(now: HeadlessWorld.start)
    await drive(&state, Self.toPassengers, world)
    try #require(state.current == .passengers, "\(state.flow.path.map(\.kind))")
    try await type(into: Self.passengerFields, &state, world, &random, &failures, &joined, &typed)

    state = RootFeature.State(now: HeadlessWorld.start)
    await drive(&state, Self.toPassengers + Self.fillPassengers + [.key(.character("c"))], world)
    try #require(state.current == .payment, "\(state.flow.path.map(\.kind))")
    try await type(into: Self.paymentFields, &state, world, &random, &failures, &joined, &typed)

    let fields = Self.searchFields.count + Self.passengerFields.count + Self.paymentFields.count
    print("[reliability] text fields: \(typed) hostile strings into \(fields) fields")
    #expect(failures.isEmpty, "\(failures.prefix(20).joined(separator: "\n"))")
    if let first = joined.first {
      Issue.record("\(joined.count) frames had cells that join; the first: \(first)")
    }
  }

  /// Search IST → AMS on 24 Dec for one, then the first offer.
  static let toPassengers: [RootFeature.Action] =
    keys("ist") + [.key(.enter)] + keys("ams") + [.key(.enter), .key(.control("u"))]
    + keys("2026-12-24") + [.key(.tab), .key(.control("s")), .key(.enter)]

  /// One valid passenger and the contact, then Continue.
  static let fillPassengers: [RootFeature.Action] =
    [.key(.right), .key(.tab)] + keys("Ada") + [.key(.tab)] + keys("Lovelace") + [.key(.tab)]
    + keys("1985-12-10") + [.key(.tab)] + keys("ada@example.com") + [.key(.tab)]
    + keys("+31201234567") + [.key(.tab), .key(.enter)]

  private func type(
    into fields: [FieldUnderTest], _ state: inout RootFeature.State, _ world: HeadlessWorld,
    _ random: inout SeededRandom, _ failures: inout [String], _ joined: inout [String],
    _ typed: inout Int
  ) async throws {
    let editing: [Key] = [
      .backspace, .delete, .left, .right, .home, .end, .control("a"), .control("e"),
    ]
    for target in fields {
      for _ in 0..<20 where !target.focused(state) { await drive(&state, [.key(.tab)], world) }
      try #require(target.focused(state), "cannot focus \(target)")
      for _ in 0..<Self.stringsPerField {
        let text = HostileText.string(maxScalars: 24, using: &random)
        var actions: [RootFeature.Action] =
          target.pasted ? [.key(.paste(text))] : text.map { .key(.character($0)) }
        if random.chance(0.3) { actions.insert(.key(random.pick(editing)), at: 0) }
        await drive(&state, actions, world)
        // A line break in a paste moves on to the next fields: back to the field under test.
        if target.pasted, text.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
          for _ in 0..<20 where !target.focused(state) {
            await drive(&state, [.key(.backTab)], world)
          }
        }
        typed += 1
        let place = "\(target) after '\(HostileText.escaped(text))'"
        switch Self.problem(target, state, random.int(1...120), random.int(1...40)) {
        case nil: break
        case .cellsJoin(let problem): joined.append("\(place): \(problem)")
        case .failure(let problem):
          failures.append("\(place): \(problem)")
          return
        }
        if random.chance(0.5) {
          await drive(&state, [.key(.control("u")), .key(.control("k"))], world)
        }
      }
    }
  }

  /// What is wrong with the field or the frame, if anything.
  static func problem(
    _ target: FieldUnderTest, _ state: RootFeature.State, _ width: Int, _ height: Int
  ) -> FrameCheck.Problem? {
    guard target.focused(state), let field = target.field(state) else {
      return .failure("the field lost focus or its step (path \(state.flow.path.map(\.kind)))")
    }
    let unclean = HostileText.unclean(field.text)
    guard unclean.isEmpty else {
      return .failure(
        "the text '\(HostileText.escaped(field.text))' keeps \(unclean.map(\.value))")
    }
    guard field.text.count <= field.maxLength, (0...field.text.count).contains(field.cursor) else {
      return .failure(
        "\(field.text.count) characters (max \(field.maxLength)), cursor \(field.cursor)")
    }
    for (w, h) in [(100, 30), (width, height)] {
      let canvas = RootView.render(state, width: w, height: h, theme: .color)
      if let problem = FrameCheck.problem(in: canvas, width: w, height: h) { return problem }
    }
    return nil
  }
}

@Suite("Marks at the start of a field")
struct LoneMarkTests {
  @Test(
    "A spacing mark or emoji modifier typed into an empty field keeps every row whole",
    arguments: ["\u{093F}", "\u{1F3FB}"])
  func loneMark(_ mark: String) async throws {
    let world = HeadlessWorld(inMemory: true)
    defer { world.remove() }
    var state = RootFeature.State(now: HeadlessWorld.start)
    await drive(&state, keys(mark), world)
    // Accepting it is fine (a clean scalar); drawing it must not shorten the row.
    let canvas = RootView.render(state, width: 100, height: 30, theme: .color)
    #expect(FrameCheck.crookedRows(in: canvas).isEmpty, "\(canvas)")
  }
}
