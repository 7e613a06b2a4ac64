import Canvas
import Domain
import FlowOwner
import Foundation
import Runtime
import TestSupport
import Testing
import Widgets

@testable import Screens

/// A step's targets are its feature's own: pointing at one asks the feature, from the screen's
/// state alone, for the keys that do the same, and it stops when the step stops being current.
@Suite("What pointing at a step's target asks")
struct StepPointerTests {
  /// Points at `target` on `state`, pressing each asked key on the form itself; the keys asked.
  func pointing(
    _ pointing: Pointing, at target: PassengersFeature.Target, on state: PassengersFeature.State,
    _ world: PassengersScreen, leavesAfter: Int = .max
  ) -> [Key] {
    var state = state
    var asked: [Key] = []
    PassengersFeature.point(pointing, at: target, on: state) { press in
      guard case .key(let key) = press else { return nil }
      asked.append(key)
      guard asked.count < leavesAfter else { return nil }
      _ = PassengersFeature.reduce(
        &state, .key(key), today: world.today, environment: world.environment, strings: .english)
      return state
    }
    return asked
  }

  @Test("a field is reached with Shift-Tab, Continue pressed with Enter, and nothing while saving")
  func passengers() throws {
    let world = try PassengersScreen()
    let form = PassengersFeature.State(offer: world.offer, prefill: .empty)
    let order = form.fieldOrder
    #expect(form.focus == order[0])
    let phone = try #require(order.firstIndex(of: .phone))
    #expect(
      pointing(.press, at: .phone, on: form, world)
        == Array(repeating: .backTab, count: order.count - phone))
    let proceed = try #require(order.firstIndex(of: .proceed))
    #expect(
      pointing(.press, at: .proceed, on: form, world)
        == Array(repeating: .backTab, count: order.count - proceed) + [.enter])
    #expect(pointing(.press, at: order[0], on: form, world) == [], "already focused")
    #expect(pointing(.wheel(down: true), at: .phone, on: form, world) == [], "nothing scrolls")
    // The step left after the first key: nothing more is asked.
    #expect(pointing(.press, at: .proceed, on: form, world, leavesAfter: 1) == [.backTab])
    var saving = form
    saving.saving = true
    #expect(pointing(.press, at: .proceed, on: saving, world) == [])
  }

  @Test("the seat map scrolls; a seat drawn by the seat map is the extras' target")
  func extrasTargets() throws {
    let seat = try SeatDesignator(row: 14, letter: "A")
    #expect(ExtrasFeature.target(SeatMapView.SeatClick(seat: seat)) == .seat(seat))
    #expect(ExtrasFeature.target(ExtrasFeature.Target.seatMap) == .seatMap)
    #expect(ExtrasFeature.target(PassengersFeature.Field.phone) == nil, "another step's")
    #expect(ExtrasFeature.scrolls(.seatMap) && !ExtrasFeature.scrolls(.part(.proceed)))
    #expect(ResultsFeature.scrolls(.list(.offers)) && !ResultsFeature.scrolls(.offer(0)))
  }
}
