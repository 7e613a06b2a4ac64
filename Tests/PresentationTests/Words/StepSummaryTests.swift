import AirlineTesting
import Domain
import FlowOwner
import Screens
import Testing
import Words

/// What the panels' titles say of a step, as its definition has it: the payment's says everything
/// the extras chose.
@Suite("Step summaries")
struct StepSummaryTests {
  @Test(
    "the payment's title names the insurance as the extras' panel does, seats and bags with it",
    arguments: [Language.english, .turkish])
  func paymentNamesInsurance(language: Language) throws {
    var extras = try Fixture.extras()
    extras.insurance = true
    let draft = try Fixture.draft("d1", for: Fixture.offer("o1"))
    let quote = try Fixture.quote("q1", for: draft, extras: extras)
    let payment = BookingSteps.definition(of: .payment(quote)).summary(in: language)
    let panel = BookingSteps.definition(of: .extras(draft, chosen: extras))
      .chosen(.payment(quote), language)?.first
    #expect(payment.contains(language.strings.insuranceLabel), "\(payment)")
    #expect(payment.hasPrefix("14A 14B"), "\(payment)")
    #expect(payment == panel)
  }
}
