import Foundation
import Testing

@testable import Presentation
@testable import Screens

@Suite("Fare strip bar heights")
struct FareStripLevelTests {
  /// The heights worked out in whole minor units are the heights `Decimal` thresholds give, at
  /// and around every eighth of the spread, for amounts at every scale a currency has.
  @Test("heights in minor units agree with Decimal thresholds, boundaries included")
  func agreesWithDivision() throws {
    var seed: UInt64 = 0xFA_2E
    func next(_ bound: UInt64) -> UInt64 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return (seed >> 33) % bound
    }
    var checked = 0
    for _ in 0..<2000 {
      let scale = Int(next(4))
      let unit = pow(10, -scale)
      let low = Decimal(Int(next(100_000))) * unit
      let high = low + Decimal(Int(next(100_000))) * unit
      // Random amounts in the spread, and each eighth's threshold itself and one unit below it.
      var amounts = (0..<4).map { _ in low + (high - low) * Decimal(Int(next(1000))) / 1000 }
      for eighth in 1...7 {
        let threshold = low + (high - low) * Decimal(eighth) / 8
        amounts += [threshold, threshold - unit, high]
      }
      for amount in amounts where amount >= low && amount <= high {
        #expect(
          FareStrip.level(of: amount, low: low, high: high)
            == FareStrip.levelByDivision(of: amount, low: low, high: high),
          "\(amount) in \(low)...\(high)")
        checked += 1
      }
    }
    #expect(checked > 20_000)
    #expect(FareStrip.level(of: 5, low: 5, high: 5) == 0)
    #expect(FareStrip.level(of: 10, low: 2, high: 10) == 7)
  }
}
