import Airline
import Canvas
import Domain
import FlowOwner
import Foundation
import Persistence
import Presentation
import Runtime
import SimulatedAirline

/// Round trips beside one-way trips, both measured in this run: a search, sorting and filtering
/// 10,000 offers, and drawing the results with 10,000 offers at 200x60. Each round-trip figure is
/// followed by its ratio to the one-way one. The 10,000 round trips are made from the generated
/// offers: the day's flights out paired with the return day's flights back, each pair its own
/// offer, so the list holds 10,000 different pairs.
func roundTripFigures(
  airline: SimulatedAirline, environment: AppEnvironment, clock: ManualClock,
  oneWay: SearchCriteria
) async throws -> [Measurement] {
  let returning = oneWay.departure.adding(days: 4)
  let roundTrip = try SearchCriteria(
    origin: oneWay.origin, destination: oneWay.destination, departure: oneWay.departure,
    returning: returning, party: oneWay.party)
  let back = try SearchCriteria(
    origin: oneWay.destination, destination: oneWay.origin, departure: returning,
    party: oneWay.party)
  var figures: [Measurement] = []
  func pair(_ single: Measurement, _ double: Measurement) {
    figures += [single, double]
    figures.append(
      Measurement(
        name: "  ratio, round trip to one way", samples: [double.median / single.median],
        unit: "x", target: "-"))
  }

  var day = 0
  let searchOne = try await Measurement.timeAsync(
    "offers for one search, one way (generate + persist)", target: "-", runs: 40
  ) {
    day += 1
    _ = try await airline.offers(for: oneWay.moved(to: oneWay.departure.adding(days: day)))
  }
  day = 0
  let searchTwo = try await Measurement.timeAsync(
    "offers for one search, round trip (generate + persist)", target: "-", runs: 40
  ) {
    day += 1
    _ = try await airline.offers(for: roundTrip.moved(to: roundTrip.departure.adding(days: day)))
  }
  pair(searchOne, searchTwo)

  let outs = try await airline.offers(for: oneWay)
  let backs = try await airline.offers(for: back)
  guard !outs.isEmpty, !backs.isEmpty else { fail("no offers to pair") }
  let singles = (0..<10_000).map { outs[$0 % outs.count] }
  var pairs: [Offer] = []
  pairs.reserveCapacity(10_000)
  for index in 0..<10_000 {
    let first = outs[index % outs.count]
    let second = backs[(index / outs.count + index) % backs.count]
    let fare = Money(
      (first.pricePerAdult.amount + second.pricePerAdult.amount) * 95 / 100,
      first.pricePerAdult.currency
    ).rounded()
    pairs.append(
      try Offer(
        id: OfferID("rt-\(index)"), airline: first.airline,
        slices: [first.outbound, second.outbound], cabin: first.cabin, pricePerAdult: fare,
        party: first.party, total: fare.multiplied(by: first.party.seats),
        expiresAt: first.expiresAt))
  }
  var filters = ResultsFeature.Filters()
  filters.nonstopOnly = true
  filters.hiddenAirlines = ["LH"]
  filters.dayPart = .morning
  filters.highestPrice = pairs.map(\.total.amount).max()
  // Sorted alone, then narrowed by every filter (few round trips are nonstop both ways, so
  // fewer are left to sort).
  for (sort, name) in [(ResultsFeature.Sort.duration, "duration"), (.price, "price")] {
    for (narrowed, words) in [(ResultsFeature.Filters(), ""), (filters, ", every filter on")] {
      let one = Measurement.time(
        "sort by \(name)\(words), 10,000 one-way offers", target: "-", runs: 30
      ) {
        _ = ResultsFeature.arrange(singles, sort: sort, filters: narrowed)
      }
      let two = Measurement.time(
        "sort by \(name)\(words), 10,000 round trips", target: "-", runs: 30
      ) {
        _ = ResultsFeature.arrange(pairs, sort: sort, filters: narrowed)
      }
      pair(one, two)
    }
  }

  func results(_ criteria: SearchCriteria, _ offers: [Offer]) async throws -> RootFeature.State {
    try await resultsState(
      criteria, offers, airline: airline, environment: environment, clock: clock, withFares: true
    ).root
  }
  let oneWayResults = try await results(oneWay, singles)
  let roundTripResults = try await results(roundTrip, pairs)
  var canvas = Canvas(width: 200, height: 60)
  let drawOne = Measurement.time(
    "render results, 10,000 one-way offers, fare strip, 200x60", target: "< 0.25 ms", runs: 500
  ) {
    RootView.draw(oneWayResults, on: &canvas, theme: .color)
  }
  let drawTwo = Measurement.time(
    "render results, 10,000 round trips (two lines each), fare strip, 200x60",
    target: "< 0.25 ms", runs: 500
  ) {
    RootView.draw(roundTripResults, on: &canvas, theme: .color)
  }
  pair(drawOne, drawTwo)
  return figures
}

/// The fare strip's calendar: its first answer for a route (every day of the booking window
/// generated, for the scale), one way and round trip, and an answer for other filters once the
/// route's days are known.
func fareCalendarFigures(scratch: String, clock: ManualClock, oneWay: SearchCriteria)
  async throws -> [Measurement]
{
  let roundTrip = try SearchCriteria(
    origin: oneWay.origin, destination: oneWay.destination, departure: oneWay.departure,
    returning: oneWay.departure.adding(days: 4), party: oneWay.party)
  var figures: [Measurement] = []
  // The app runs the airline on one serial executor (`SerialTaskExecutor`): the days are then
  // made one after another; on Swift's global executor, on every core.
  let serial = SerialTaskExecutor(label: "bench.calendar")
  var calendarsLeft: [Task<Void, any Error>] = []
  for (criteria, name) in [(oneWay, "one way"), (roundTrip, "round trip")] {
    var run = 0
    let executors: [((any TaskExecutor)?, String)] = [
      (nil, "every core"), (serial, "the app's serial executor"),
    ]
    for (executor, words) in executors {
      figures.append(
        try await Measurement.timeAsync(
          "fare calendar, first ask for a route, whole window (\(name), \(words))", target: "-",
          runs: 5, warmup: 0
        ) {
          run += 1
          // A new airline each time: nothing known of the route yet.
          let fresh = SimulatedAirline(
            store: RecordStore(root: scratch + "/calendar-\(name)-\(run)"),
            clock: clock.wallClock)
          try await Task(executorPreference: executor) {
            _ = try await fresh.lowestFares(
              for: criteria, days: ResultsFeature.stripDays, filter: FareFilter())
          }.value
        })
    }
    // The list beside the strip, as the results ask for both at once on the app's executor:
    // how long the offers take alone, and while the calendar of a new route is being made.
    for busy in [false, true] {
      figures.append(
        try await Measurement.timeAsync(
          "offers for one search, \(name), serial executor"
            + (busy ? ", a new route's calendar being made" : ""), target: "-", runs: 5,
          warmup: 0
        ) {
          run += 1
          let fresh = SimulatedAirline(
            store: RecordStore(root: scratch + "/calendar-\(name)-\(run)"),
            clock: clock.wallClock)
          let calendar = Task(executorPreference: serial) {
            if busy {
              _ = try await fresh.lowestFares(
                for: criteria, days: ResultsFeature.stripDays, filter: FareFilter())
            }
          }
          // The calendar asks first, then the list.
          await Task.yield()
          try await Task(executorPreference: serial) {
            _ = try await fresh.offers(for: criteria)
          }.value
          // Not timed beyond the list: the calendar goes on, and is waited for after.
          calendarsLeft.append(calendar)
        })
      for calendar in calendarsLeft { try await calendar.value }
      calendarsLeft = []
    }
    let airline = SimulatedAirline(
      store: RecordStore(root: scratch + "/calendar-\(name)"), clock: clock.wallClock)
    _ = try await airline.lowestFares(
      for: criteria, days: ResultsFeature.stripDays, filter: FareFilter())
    let filters = [
      FareFilter(nonstopOnly: true), FareFilter(hiddenAirlines: ["LH", "KL"]),
      FareFilter(departureHours: 6..<12), FareFilter(highestTotal: 20_000), FareFilter(),
    ]
    var next = 0
    figures.append(
      try await Measurement.timeAsync(
        "fare calendar, filter changed, route known (\(name))", target: "-", runs: 50
      ) {
        next += 1
        _ = try await airline.lowestFares(
          for: criteria, days: ResultsFeature.stripDays, filter: filters[next % filters.count])
      })
  }
  return figures
}

/// The root at the results of `criteria`, restored as a start does, holding `offers`, and the
/// results step's ID; with the fare strip's week too when `withFares`.
func resultsState(
  _ criteria: SearchCriteria, _ offers: [Offer], airline: SimulatedAirline,
  environment: AppEnvironment, clock: ManualClock, withFares: Bool
) async throws -> (root: RootFeature.State, id: StepID) {
  var root = RootFeature.State(now: clock.now)
  _ = RootFeature.reduce(
    &root,
    .restored(
      await BookingFlow.restore(
        BookingSnapshot(criteria: criteria, position: .results), using: airline.services,
        now: clock.now)),
    at: environment.clock.now(), environment: environment)
  guard let id = root.steps.last?.id else { fail("no results step") }
  _ = RootFeature.reduce(
    &root, .step(id, ResultsFeature.action(.offersLoaded(.success(offers)))),
    at: environment.clock.now(), environment: environment)
  if withFares {
    let filter = FareFilter()
    let fares = try await airline.lowestFares(
      for: criteria, days: ResultsFeature.stripDays, filter: filter)
    _ = RootFeature.reduce(
      &root, .step(id, ResultsFeature.action(.faresLoaded(filter, .success(fares)))),
      at: environment.clock.now(), environment: environment)
  }
  return (root, id)
}
