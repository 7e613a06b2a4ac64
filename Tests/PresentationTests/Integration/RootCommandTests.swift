import Airline
import Canvas
import Domain
import FlowOwner
import Foundation
import TestSupport
import Testing
import Words

@testable import Presentation
@testable import Screens

/// The root's commands, asserted with the whole state through the exhaustive `TestStore`: what
/// is saved, logged, read and ended is in the reducer's answer, not found by watching the state.
@Suite("The root's commands, whole state")
struct RootCommandTests {
  static func store(_ state: RootFeature.State) -> TestStore<RootFeature.State, RootFeature.Action>
  {
    let environment = AppEnvironment.test()
    return TestStore(state) { state, action in
      RootFeature.reduce(&state, action, at: Fixture.now, environment: environment)
    }
  }

  @Test(
    "Ctrl-C asks, n stays, Ctrl-C asks again and y quits: each key recorded but the ones that quit, the quit a command, no save"
  )
  func quit() {
    let store = Self.store(RootFeature.State(now: Fixture.now, saved: .search))
    store.send(.key(.control("c"))) { $0.shell.modal = .confirmQuit }
    store.commands([.recordKey(.control("c"), use: .used)])
    store.send(.key(.character("n"))) { $0.shell.modal = nil }
    store.commands([.recordKey(.character("n"), use: .used)])
    store.send(.key(.control("c"))) { $0.shell.modal = .confirmQuit }
    store.commands([.recordKey(.control("c"), use: .used)])
    store.send(.key(.character("y")))
    store.commands([.unrecordLastKey, .quit(code: 0)])
    store.finish()
  }

  @Test(
    "a letter that opens a box is recorded as the key that does the same; keys while restoring are not recorded"
  )
  func recordedKeys() {
    let restoring = RootFeature.Restoring(step: .payment)
    let store = Self.store(
      RootFeature.State(now: Fixture.now, restoring: restoring, saved: .search))
    store.send(.key(.character("x"))) {
      $0.shell.notice = $0.strings.stillResuming
      $0.lastKey = .ignored
    }
    store.commands([.log("notice: " + Strings.english.stillResuming)])
    store.send(.key(.character("?"))) {
      $0.shell.modal = .help
      $0.lastKey = .command(.function(1))
    }
    store.commands([])
    store.finish()
  }

  @Test(
    "the first save is asked once; a failure is said in the header and logged once; a save that works clears it"
  )
  func saveFailsThenWorks() {
    let store = Self.store(RootFeature.State(now: Fixture.now))
    // A resize is the terminal's, never recorded; the start (after the first frame) saves the
    // path that is not on disk yet.
    store.send(.key(.resize(width: 100, height: 30))) {
      $0.shell.screenWidth = 100
      $0.shell.screenHeight = 30
    }
    store.commands([])
    store.send(.started) { $0.saving.willSave(.search) }
    store.commands([.saveSnapshot])
    store.send(.key(.resize(width: 80, height: 24))) {
      $0.shell.screenWidth = 80
      $0.shell.screenHeight = 24
    }
    store.commands([])
    store.send(.snapshotSaved(.search, error: "No space left on device")) {
      _ = $0.saving.wrote(.search, error: "No space left on device")
      $0.shell.saveProblem = "Progress cannot be saved: No space left on device"
    }
    store.commands([.log("cannot save: Progress cannot be saved: No space left on device")])
    // The snapshot that failed is not asked again until the path moves; at quit it is tried
    // once more, before the program ends.
    store.send(.key(.control("c"))) { $0.shell.modal = .confirmQuit }
    store.commands([.recordKey(.control("c"), use: .used)])
    store.send(.key(.character("y"))) { $0.saving.willSave(.search) }
    store.commands([.unrecordLastKey, .saveSnapshot, .quit(code: 0)])
    store.send(.snapshotSaved(.search, error: nil)) {
      _ = $0.saving.wrote(.search, error: nil)
      $0.shell.saveProblem = nil
    }
    store.commands([.log("saving works again")])
    store.finish()
  }

  @Test(
    "the start saves only a path not on disk: not while restoring, not a session --fresh keeps, not what the disk has"
  )
  func startSaves() {
    let cases: [(state: RootFeature.State, saves: Bool)] = [
      (RootFeature.State(now: Fixture.now), true),
      (RootFeature.State(now: Fixture.now, saved: .search), false),
      (RootFeature.State(now: Fixture.now, restoring: .init(step: .payment)), false),
      (RootFeature.State(now: Fixture.now, keptSession: .payment), false),
    ]
    for (state, saves) in cases {
      let store = Self.store(state)
      store.send(.started) { if saves { $0.saving.willSave(.search) } }
      store.commands(saves ? [.saveSnapshot] : [])
      store.finish()
    }
  }

  @Test(
    "the inspector asks for the file when it opens and after each save while open, not on every key"
  )
  func inspectorReads() {
    let store = Self.store(RootFeature.State(now: Fixture.now, saved: .search))
    store.send(.key(.function(2))) { $0.shell.modal = .inspector }
    store.commands([.recordKey(.function(2), use: .used), .readSavedSnapshot])
    store.send(.savedSnapshotRead("{\"position\":\"search\"}")) {
      $0.shell.savedSnapshotText = "{\"position\":\"search\"}"
    }
    store.send(.key(.down))
    store.commands([.recordKey(.down, use: .used)])
    store.send(.snapshotSaved(.search, error: nil))
    store.commands([.readSavedSnapshot])
    store.send(.key(.escape)) { $0.shell.modal = nil }
    store.commands([.recordKey(.escape, use: .used)])
    store.send(.key(.function(2))) { $0.shell.modal = .inspector }
    store.commands([.recordKey(.function(2), use: .used), .readSavedSnapshot])
    store.finish()
  }
}
