import Canvas
import Domain
import FlowOwner
import Presentation
import TestSupport
import Testing

/// Keys that arrive with Esc in front (Alt-modified keys) and pastes: they edit text fields and
/// never move the flow.
@Suite("Paste and Alt keys through the root")
struct PasteAndAltKeyTests {
  /// The root at results for IST→AMS on 24 Dec for two, offers loaded.
  func atResults(_ world: TestWorld) async -> RootFeature.State {
    var state = RootFeature.State(now: TestWorld.start)
    await drive(
      &state,
      keys("ist") + [.key(.enter)] + keys("ams") + [.key(.enter), .key(.control("u"))]
        + keys("2026-12-24") + [.key(.tab), .key(.character("+")), .key(.control("s"))], world)
    return state
  }

  let fillPassengers: [RootFeature.Action] =
    [.key(.right), .key(.tab)] + keys("Ada") + [.key(.tab)] + keys("Lovelace") + [.key(.tab)]
    + keys("1985-12-10")
    + [.key(.tab), .key(.right), .key(.tab)] + keys("Grace") + [.key(.tab)] + keys("Hopper") + [
      .key(.tab)
    ]
    + keys("1986-12-09") + [.key(.tab)] + keys("ada@example.com") + [.key(.tab)]
    + keys("+31201234567") + [.key(.tab), .key(.enter)]

  @Test(
    "a paste into the given name inserts the letters a name may have, its next line goes to the family name, and the flow stays"
  )
  func pasteIntoName() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = await atResults(world)
    await drive(&state, [.key(.enter), .key(.tab)], world)
    let path = state.flow.path
    await drive(&state, [.key(.paste("Ada\r\n\u{1B}[201~ Lov3lace\t"))], world)
    guard let form = state.steps.last?.screen.state(PassengersFeature.self) else {
      Issue.record("not at passengers: \(state.current)")
      return
    }
    #expect(form.forms[0].given.text == "Ada")
    #expect(form.forms[0].family.text == "Lovlace")
    #expect(form.focus == .family(0))
    #expect(state.flow.path == path)
  }

  @Test("a paste goes into the payment fields by their rules and never pays")
  func pasteAtPayment() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = await atResults(world)
    await drive(&state, [.key(.enter)] + fillPassengers + [.key(.character("c"))], world)
    #expect(state.current == .payment)
    await drive(
      &state,
      [
        .key(.paste("4242 4242 4242 4242\r")), .key(.tab), .key(.paste("12/30\r")), .key(.tab),
        .key(.paste("123\r")), .key(.tab), .key(.paste("\r")),
      ], world)
    guard let form = state.steps.last?.screen.state(PaymentFeature.self) else {
      Issue.record("not at payment: \(state.current)")
      return
    }
    #expect(form.number.text == "4242424242424242")
    #expect(form.expiry.text == "12/30")
    #expect(form.cvc.text == "123")
    #expect(form.focus == .pay)
    #expect(!form.paying, "a line break in a paste is not Enter")
    #expect(state.current == .payment)
  }

  @Test("Alt+Backspace on the payment form deletes a word and stays at payment")
  func altBackspaceAtPayment() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = await atResults(world)
    await drive(&state, [.key(.enter)] + fillPassengers + [.key(.character("c"))], world)
    await drive(&state, cardKeys(), world)
    let path = state.flow.path
    await drive(&state, [.key(.alt(.backspace)), .key(.alt(.character("b")))], world)
    guard let form = state.steps.last?.screen.state(PaymentFeature.self) else {
      Issue.record("not at payment: \(state.current)")
      return
    }
    #expect(form.cvc.text.isEmpty)
    #expect(form.number.text == "4242424242424242")
    #expect(state.flow.path == path, "the price lock is kept")
  }

  @Test(
    "pastes and Alt keys do nothing where there is no text field",
    arguments: [
      Key.paste("n"), .paste("\u{1B}"), .alt(.escape), .alt(.character("n")), .alt(.enter),
    ])
  func elsewhere(key: Key) async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = await atResults(world)
    let before = state
    await drive(&state, [.key(key)], world)
    #expect(state.flow == before.flow)
    #expect(state.steps == before.steps)
    await drive(&state, [.key(.enter)] + fillPassengers, world)
    #expect(state.current == .extras)
    let atExtras = state
    await drive(&state, [.key(key)], world)
    #expect(state.steps == atExtras.steps)
    #expect(state.flow == atExtras.flow)
  }
}
