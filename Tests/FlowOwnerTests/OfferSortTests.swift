import AirlineTesting
import Domain
import FlowOwner
import Testing

@Suite("Offer orders")
struct OfferSortTests {
  /// 240 offers whose prices, hours and durations repeat, so every tie-break is needed: each
  /// order must be the one its comparison of (key, departure, ID) gives.
  @Test("each order sorts by its key, then departure, then ID, whatever the offers' first order")
  func tiesBrokenByDepartureThenID() throws {
    var offers: [Offer] = []
    for number in 0..<240 {
      offers.append(
        try Fixture.offer(
          "o\((number * 7919) % 240)", flight: 1000 + number, hour: number % 5,
          minute: number % 2 * 30,
          fare: String(100 + number % 4 * 25), hours: [2.5, 3.5, 5.0][number % 3],
          via: number % 2 == 0
        ))
    }
    let expected: [OfferSort: (Offer, Offer) -> Bool] = [
      .price: {
        ($0.total.amount, $0.departure.instant, $0.id) < (
          $1.total.amount, $1.departure.instant, $1.id
        )
      },
      .departure: { ($0.departure.instant, $0.id) < ($1.departure.instant, $1.id) },
      .duration: {
        ($0.durationMinutes, $0.departure.instant, $0.id)
          < ($1.durationMinutes, $1.departure.instant, $1.id)
      },
    ]
    for sort in OfferSort.allCases {
      let reading = try #require(expected[sort])
      let want = offers.sorted(by: reading).map(\.id)
      #expect(sort.sorted(offers).map(\.id) == want, "\(sort)")
      #expect(sort.sorted(offers.reversed()).map(\.id) == want, "\(sort), reversed")
    }
    #expect(OfferSort.price.sorted([]).isEmpty)
  }

  /// Prices with cents and without, equal and close: cheapest first each time.
  @Test("by price, cents and whole euros alike")
  func pricesOfAnyScale() throws {
    for fares in [
      ["100.5", "100.25", "99.99", "100.5", "7"], ["0.12", "0.2", "0.13", "0.12"],
      ["100.01", "100", "100.1", "99.99"],
    ] {
      let offers = try fares.enumerated().map { index, fare in
        try Fixture.offer("p\(index)", flight: 1000 + index, hour: 9 - index, fare: fare)
      }
      let want = offers.sorted {
        ($0.total.amount, $0.departure.instant, $0.id) < (
          $1.total.amount, $1.departure.instant, $1.id
        )
      }.map(\.id)
      #expect(OfferSort.price.sorted(offers).map(\.id) == want, "\(fares)")
      #expect(OfferSort.price.sorted(offers.reversed()).map(\.id) == want, "\(fares), reversed")
    }
  }
}
