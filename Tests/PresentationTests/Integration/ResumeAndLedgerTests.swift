import Airline
import Canvas
import Domain
import FlowOwner
import Foundation
import Presentation
import SimulatedAirline
import TestSupport
import Testing
import Words

/// The root while a saved flow is restored, with a session `--fresh` kept, and when the airline
/// answers that a draft is booked already.
@Suite("Resuming and the saved booking")
struct ResumeAndLedgerTests {
  static let resumingAtPayment = RootFeature.Restoring(step: .payment)

  @Test("while resuming the screen says so; other keys are answered, q asks and y quits")
  func keysWhileResuming() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = RootFeature.State(now: TestWorld.start, restoring: Self.resumingAtPayment)
    #expect(state.isBusy && state.keepsSavedSession)
    let screen = RootView.render(state, width: 100, height: 30, theme: .monochrome)
    #expect(screen.description.contains("Resuming your booking at payment…"), "\(screen)")

    await drive(&state, keys("ist"), world)
    #expect(state.shell.notice == state.strings.stillResuming)
    #expect(state.flow.path.isEmpty && state.search.origin.text.isEmpty, "typed into a form")
    await drive(&state, [.key(.function(1))], world)
    #expect(state.shell.modal == .help)
    await drive(&state, [.key(.escape), .key(.character("q"))], world)
    #expect(state.shell.modal == .confirmQuit)
    let asking = RootView.render(state, width: 100, height: 30, theme: .monochrome)
    #expect(asking.description.contains(state.strings.quitKeepsSaved), "\(asking)")
    // Nothing is saved while resuming: quitting leaves the saved session as it is.
    let quit = await drive(&state, [.key(.character("y"))], world)
    #expect(quit == [.quit(code: 0)])
  }

  @Test("in Turkish the quit question takes e (evet) and h (hayır), as it says")
  func turkishAnswers() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = RootFeature.State(
      now: TestWorld.start, language: .turkish, restoring: Self.resumingAtPayment)
    let stayed = await drive(&state, [.key(.control("c")), .key(.character("h"))], world)
    #expect(state.shell.modal == nil && stayed.isEmpty)
    let quit = await drive(&state, [.key(.control("c")), .key(.character("e"))], world)
    #expect(quit == [.quit(code: 0)])
  }

  @Test("the restore ends the resuming screen, and an attempt cut off pays again with its key")
  func restoredPaymentKey() async throws {
    let world = TestWorld()
    defer { world.remove() }
    let draft = try await world.draft()
    let quote = try await world.quote(for: draft)
    let restored = await BookingFlow.restore(
      BookingSnapshot(criteria: try world.criteria(), position: .payment(quoteID: quote.id)),
      using: world.environment.services, now: TestWorld.start)
    let key = try IdempotencyKey("cut-off-attempt")
    var state = RootFeature.State(now: TestWorld.start, restoring: Self.resumingAtPayment)
    await drive(
      &state,
      [.restored(Restoration(flow: restored.flow, outcome: restored.outcome, paymentKey: key))],
      world)
    #expect(state.restoring == nil && !state.keepsSavedSession)
    guard let form = state.steps.last?.screen.state(PaymentFeature.self) else {
      Issue.record("not at payment: \(state.current)")
      return
    }
    #expect(form.attempt == PaymentFeature.Attempt(fingerprint: nil, key: key))
    await drive(&state, cardKeys() + [.key(.tab), .key(.enter)], world)
    #expect(state.current == .confirmation)
    #expect(FileManager.default.fileExists(atPath: world.root + "/payments/\(key).json"))
  }

  @Test(
    "while the start's work saves the restored path the root holds and saves nothing; it lets go with the save's outcome, and saves nothing when none was made (an end stopped it)"
  )
  func holdsForTheRestoredPathsSave() async throws {
    let world = TestWorld()
    defer { world.remove() }
    let draft = try await world.draft()
    let quote = try await world.quote(for: draft)
    let snapshot = BookingSnapshot(
      criteria: try world.criteria(), position: .payment(quoteID: quote.id))
    let restored = await BookingFlow.restore(
      snapshot, using: world.environment.services, now: TestWorld.start)
    let restoration = Restoration(flow: restored.flow, outcome: restored.outcome)
    func held() async -> RootFeature.State {
      var state = RootFeature.State(now: TestWorld.start, restoring: Self.resumingAtPayment)
      let commands = await drive(&state, [.restored(restoration, saving: true)], world)
      #expect(!commands.contains(.saveSnapshot), "\(commands)")
      return state
    }

    var failing = await held()
    #expect(
      RootFeature.status(of: failing)
        == ProgramStatus(current: .payment, resuming: .payment, holding: true))
    #expect(
      RootFeature.session(of: failing)?.kept == true, "an end meanwhile leaves the disk alone")
    #expect(RootFeature.session(of: failing)?.toSave == nil)
    let failed = await drive(
      &failing, [.restoredPathSaved(snapshot, error: "No space left on device")], world)
    #expect(RootFeature.status(of: failing) == ProgramStatus(current: .payment))
    #expect(failing.shell.saveProblem?.contains("No space left on device") == true)
    #expect(!failed.contains(.saveSnapshot), "the snapshot that just failed is not asked again")

    var unsaved = await held()
    let made = await drive(&unsaved, [.restoredPathSaved(nil, error: nil)], world)
    #expect(!RootFeature.status(of: unsaved).holding)
    #expect(made.isEmpty, "\(made)")
    #expect(unsaved.saving.pending == nil && unsaved.saving.saved == nil)

    var saved = await held()
    let none = await drive(&saved, [.restoredPathSaved(snapshot, error: nil)], world)
    #expect(!RootFeature.status(of: saved).holding && saved.saving.saved == snapshot)
    #expect(!none.contains(.saveSnapshot), "\(none)")
  }

  /// A session `--fresh` kept at payment: it names a quote.
  static func keptAtPayment() throws -> BookingSnapshot {
    BookingSnapshot(criteria: nil, position: .payment(quoteID: try QuoteID("quote-a")))
  }

  @Test("--fresh kept a booking at payment: a search asks first; n keeps it, y replaces it")
  func discardQuestion() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = RootFeature.State(
      now: TestWorld.start, keptSession: .payment, saved: try Self.keptAtPayment())
    #expect(state.keepsSavedSession)
    let search =
      keys("ist") + [.key(.enter)] + keys("ams") + [.key(.enter), .key(.control("u"))]
      + keys("2026-12-24") + [.key(.control("s"))]
    await drive(&state, search, world)
    #expect(state.shell.modal == .confirmDiscard && state.flow.path.isEmpty)
    let asking = RootView.render(state, width: 100, height: 30, theme: .monochrome)
    #expect(asking.description.contains("Discard the booking waiting at payment?"), "\(asking)")
    await drive(&state, [.key(.character("n"))], world)
    #expect(state.shell.modal == nil && state.flow.path.isEmpty && state.keptSession == .payment)
    await drive(&state, [.key(.control("s")), .key(.character("y"))], world)
    #expect(state.current == .results && state.keptSession == nil && !state.keepsSavedSession)
  }

  @Test("Enter alone keeps the booking at payment: only y discards it")
  func enterKeepsTheBooking() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = RootFeature.State(
      now: TestWorld.start, keptSession: .payment, saved: try Self.keptAtPayment())
    let search =
      keys("ist") + [.key(.enter)] + keys("ams") + [.key(.enter), .key(.control("u"))]
      + keys("2026-12-24") + [.key(.control("s"))]
    await drive(&state, search, world)
    #expect(state.shell.modal == .confirmDiscard)
    let asking = RootView.render(state, width: 100, height: 30, theme: .monochrome)
    #expect(asking.description.contains("y: discard and search"), "\(asking)")
    #expect(!asking.description.contains("Enter: discard"), "\(asking)")
    await drive(&state, [.key(.enter)], world)
    #expect(state.shell.modal == nil && state.flow.path.isEmpty && state.keptSession == .payment)
  }

  @Test("a kept session before payment is replaced by a search without a question")
  func noQuestionBeforePayment() async throws {
    let world = TestWorld()
    defer { world.remove() }
    var state = RootFeature.State(
      now: TestWorld.start, keptSession: .extras,
      saved: BookingSnapshot(criteria: nil, position: .extras(draftID: try DraftID("draft-a"))))
    await drive(
      &state,
      keys("ist") + [.key(.enter)] + keys("ams") + [.key(.enter), .key(.control("u"))]
        + keys("2026-12-24") + [.key(.control("s"))], world)
    #expect(state.shell.modal == nil && state.current == .results && state.keptSession == nil)
  }

  @Test("paying a quote whose draft was booked with another quote opens that booking")
  func alreadyBooked() async throws {
    let world = TestWorld()
    defer { world.remove() }
    let draft = try await world.draft()
    let older = try await world.quote(for: draft)
    let newer = try await world.quote(for: draft)
    let booking = try await world.airline.pay(
      quoteID: newer.id,
      method: PaymentCard(number: "4242424242424242", expiry: "12/30", cvc: "123"),
      idempotencyKey: IdempotencyKey("first"))
    var state = RootFeature.State(now: TestWorld.start)
    let restored = await BookingFlow.restore(
      BookingSnapshot(criteria: try world.criteria(), position: .extras(draftID: draft.id)),
      using: world.environment.services, now: TestWorld.start)
    await drive(&state, [.restored(restored)], world)
    guard let extras = state.steps.last, extras.screen.isShown(by: ExtrasFeature.self) else {
      Issue.record("not at extras")
      return
    }
    await drive(&state, [.step(extras.id, ExtrasFeature.action(.priced(.success(older))))], world)
    #expect(state.current == .payment)
    await drive(&state, cardKeys() + [.key(.tab), .key(.enter)], world)
    #expect(state.flow.path == [.confirmation(booking.reference)])
    #expect(state.shell.notice == "Already booked: \(booking.reference)")
  }

  @Test("quitting while a payment is under way says the next start will tell how it went")
  func quitWhilePaying() async throws {
    let world = TestWorld()
    defer { world.remove() }
    let draft = try await world.draft()
    let quote = try await world.quote(for: draft)
    var state = RootFeature.State(now: TestWorld.start)
    let restored = await BookingFlow.restore(
      BookingSnapshot(criteria: try world.criteria(), position: .payment(quoteID: quote.id)),
      using: world.environment.services, now: TestWorld.start)
    await drive(&state, [.restored(restored)] + cardKeys() + [.key(.tab)], world)
    // Pay pressed, its reply not yet in: the effect is left unrun.
    _ = RootFeature.reduce(
      &state, .key(.enter), at: world.environment.clock.now(), environment: world.environment)
    _ = RootFeature.reduce(
      &state, .key(.control("c")), at: world.environment.clock.now(), environment: world.environment
    )
    #expect(state.shell.modal == .confirmQuit)
    let screen = RootView.render(state, width: 100, height: 30, theme: .monochrome)
    #expect(screen.description.contains("A payment is under way."), "\(screen)")
  }

  @Test("the quit question says what each step keeps and what it does not, in both languages")
  func quitWordsPerStep() async throws {
    let world = TestWorld()
    defer { world.remove() }
    let draft = try await world.draft()
    let quote = try await world.quote(for: draft)
    let booking = try await world.airline.pay(
      quoteID: quote.id,
      method: PaymentCard(number: "4242424242424242", expiry: "12/30", cvc: "123"),
      idempotencyKey: IdempotencyKey("quit-words"))
    let criteria = try world.criteria()
    let positions: [(BookingSnapshot.Position, StepKind)] = [
      (.results, .results), (.passengers(offerID: draft.offer.id), .passengers),
      (.extras(draftID: draft.id), .extras),
      (.confirmation(reference: booking.reference), .confirmation),
    ]
    for language in [Language.english, .turkish] {
      for (position, step) in positions {
        var state = RootFeature.State(now: TestWorld.start, language: language)
        let restored = await BookingFlow.restore(
          BookingSnapshot(criteria: criteria, position: position),
          using: world.environment.services, now: TestWorld.start)
        await drive(&state, [.restored(restored), .key(.control("c"))], world)
        #expect(state.current == step)
        let screen = RootView.render(state, width: 100, height: 30, theme: .monochrome)
          .description.replacingOccurrences(of: "\n", with: " ")
          .replacingOccurrences(of: "│", with: " ")
        let words = language.strings.quitAt(step).split(separator: " ").prefix(4)
          .joined(separator: " ")
        #expect(screen.contains(words), "\(language) \(step): \(screen)")
      }
    }
  }
}
