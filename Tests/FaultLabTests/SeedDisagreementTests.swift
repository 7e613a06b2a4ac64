import FaultLabCore
import FlowFaults
import Testing

/// Lesson 002's correct coordinator pushes the confirmation after paying; the article (seed 001)
/// and this project replace the path. The guide and faultlab's README say what follows from it.
@Suite("Where lesson 002 and the article disagree")
struct SeedDisagreementTests {
  /// Lesson 002's `tum-rota`, its expectation written with this project's steps:
  /// `cart>address>payment>confirmation`, the payment kept under the confirmation.
  static let lessonWholeRoute = Check(
    name: "lesson-002-whole-route", turkishName: "ders-002-tum-rota",
    summary: "after paying, the path is every step with the confirmation pushed on top",
    turkishSummary: "ödemeden sonra rota her adımdır, onay ekranı en üste eklenmiş",
    scenario: .pay, expecting: "results>passengers>extras>payment>confirmation", read: \.trail)

  @Test("the lesson's whole-route expectation is inverted on pay-appends: its correct is our fault")
  func lessonExpectationIsInverted() async throws {
    let fault = try #require(FlowVersion.fault(named: "pay-appends"))
    let cell = try await Lab().contrast(Self.lessonWholeRoute, fault)
    #expect(cell.separation == .inverted, "\(cell.describe(.en))")
  }

  @Test("whole-path expects the confirmation alone, and separates pay-appends")
  func wholePathSeparatesPayAppends() async throws {
    let check = try #require(Check.named("whole-path"))
    let fault = try #require(FlowVersion.fault(named: "pay-appends"))
    let cell = try await Lab().contrast(check, fault)
    #expect(check.expectation == "== confirmation")
    #expect(cell.separation == .separating, "\(cell.describe(.en))")
    #expect(cell.verdicts.faulty == "results>passengers>extras>payment>confirmation")
  }
}
