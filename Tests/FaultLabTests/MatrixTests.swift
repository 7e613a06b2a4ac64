import FaultLabCore
import FlowFaults
import Testing

/// The whole matrix, built the way `faultlab` builds it.
func labMatrix() async throws -> Matrix {
  try await Lab().matrix()
}

@Suite("The matrix")
struct MatrixTests {
  @Test(
    "cells have the class the seeds' lessons predict",
    arguments: [
      ("last-step", "extra-notice", Separation.blind),
      ("whole-path", "extra-notice", .separating),
      ("last-step", "pay-to-search", .separating),
      ("whole-path", "pay-to-search", .separating),
      ("payment-completed", "pay-to-search", .blind),
      ("payment-completed", "pay-unreported", .blind),
      ("whole-path", "pay-unreported", .separating),
      ("recorded-path", "pay-to-search", .inverted),
      ("recorded-path", "pay-appends", .noisy),
      ("recorded-path", "extra-notice", .noisy),
      ("recorded-path-back", "pay-to-search", .blind),
      ("first-step", "pay-to-search", .blind),
      ("payment-gone", "pay-appends", .separating),
      ("payment-gone", "extra-notice", .blind),
      ("double-submit", "double-push", .separating),
      ("late-reply", "late-advance", .separating),
      ("no-old-seats", "bag", .separating),
      ("offer-changed", "bag", .blind),
      ("restore-in-time", "bag", .blind),
      ("restore-keeps-data", "bag", .separating),
      ("restore-pay-live", "bag", .separating),
      ("link-back", "bag", .separating),
      ("price-is-quote", "bag", .separating),
      ("price-follows-flight", "bag", .separating),
      ("pay-live", "bag", .separating),
      ("snapshot-private", "bag", .blind),
      ("restore-expired", "stale-quote", .separating),
      ("restore-in-time", "stale-quote", .blind),
      ("restore-network", "stale-quote", .noisy),
      ("snapshot-private", "names-saved", .separating),
      ("snapshot-position", "names-saved", .blind),
      ("last-step", "wrong-screen", .blind),
      ("whole-path", "wrong-screen", .blind),
      ("payment-gone", "wrong-screen", .blind),
      ("screen-type", "wrong-screen", .separating),
      ("screen-type", "pay-appends", .separating),
      ("screen-type", "extra-notice", .separating),
      ("screen-type", "pay-to-search", .separating),
      ("screen-type", "bag", .separating),
    ])
  func expectedCells(check: String, fault: String, expected: Separation) async throws {
    let matrix = try await labMatrix()
    let cell = try #require(matrix.cell(check: check, fault: fault))
    #expect(
      cell.separation == expected,
      "\(check) x \(fault): \(cell.correctReading) / \(cell.faultyReading)")
  }

  @Test("every fault is separated by at least one check")
  func everyFaultSeparated() async throws {
    let matrix = try await labMatrix()
    #expect(matrix.unseparated.isEmpty)
    for fault in FlowVersion.faults {
      #expect(!matrix.separators(of: fault.name).isEmpty, "\(fault.name)")
    }
  }

  @Test(
    "lesson 002's MM1: a right route drawn with the wrong screen: only the check on the screens sees it"
  )
  func rightRouteWrongScreen() async throws {
    let matrix = try await labMatrix()
    #expect(matrix.separators(of: "wrong-screen") == ["screen-type"])
    let route = try #require(matrix.cell(check: "whole-path", fault: "wrong-screen"))
    #expect(route.correct.trail == "confirmation" && route.faulty.trail == "confirmation")
    #expect(route.correct.screens == "confirmation")
    #expect(route.faulty.screens == "payment", "the confirmation drawn with the payment's screen")
    let screens = try #require(matrix.cell(check: "screen-type", fault: "wrong-screen"))
    #expect(screens.correctReading == "confirmation" && screens.faultyReading == "payment")
  }

  @Test(
    "the correct flow passes every check except the recorded one and the network-bound one")
  func correctFlowPasses() async throws {
    let matrix = try await labMatrix()
    let failing: Set = ["recorded-path", "restore-network"]
    for row in matrix.rows {
      for cell in row {
        #expect(cell.passesCorrect == !failing.contains(cell.check.name), "\(cell.check.name)")
      }
    }
  }

  @Test("the recorded path is inverted on the sequence it was recorded on, blind on another")
  func recordedCheckRows() async throws {
    let matrix = try await labMatrix()
    let recorded = matrix.totals(forCheck: "recorded-path")
    #expect(recorded[.separating] == 0)
    #expect(recorded[.blind] == 0)
    #expect(recorded[.inverted] == 1)
    #expect(recorded[.noisy] == matrix.faults.count - 1)
    let back = matrix.totals(forCheck: "recorded-path-back")
    #expect(back[.blind] == matrix.faults.count)
    #expect(matrix.cell(check: "recorded-path", fault: "pay-to-search")?.separation == .inverted)
    #expect(matrix.cell(check: "recorded-path-back", fault: "pay-to-search")?.separation == .blind)
  }

  @Test("per-check and per-fault totals add up to the matrix's size")
  func totalsAddUp() async throws {
    let matrix = try await labMatrix()
    for check in matrix.checks {
      #expect(matrix.totals(forCheck: check.name).values.reduce(0, +) == matrix.faults.count)
    }
    for fault in matrix.faults {
      #expect(matrix.totals(forFault: fault.name).values.reduce(0, +) == matrix.checks.count)
    }
  }

  @Test("two runs give the same matrix: fixed fixtures, fixed clock")
  func deterministic() async throws {
    let first = try await labMatrix()
    let second = try await labMatrix()
    #expect(first.text(.en) == second.text(.en))
  }
}
