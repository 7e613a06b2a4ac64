import Airline
import Canvas
import Domain
import FlowOwner
import Foundation
import Persistence
import Presentation
import SimulatedAirline
import Synchronization
import Terminal

// `bench`: the project's performance figures, one a line (`--json` for machines). Run it in
// release mode: `swift run -c release bench`.

let arguments = Array(CommandLine.arguments.dropFirst())
/// The groups of figures `--only` can choose, in the order they run.
let sections = [
  "store", "offers", "restore", "pay", "inventory", "results", "roundtrip", "fares", "trips",
  "tick", "program", "soak",
]
if arguments.contains("-h") || arguments.contains("--help") {
  print(
    """
    Usage: bench [--json] [--only SECTION[,SECTION...]]
    Prints each figure as: name: median (min-max) unit  target
    Sections: \(sections.joined(separator: ", ")) (default: all)
    """)
  exit(0)
}
var choice = Set(sections)
var rest = arguments[...]
while let argument = rest.popFirst() {
  switch argument {
  case "--json": continue
  case "--only":
    guard let list = rest.popFirst() else {
      FileHandle.standardError.write(Data("bench: --only needs a section list\n".utf8))
      exit(64)
    }
    choice = Set(list.split(separator: ",").map(String.init))
    if let unknown = choice.first(where: { !sections.contains($0) }) {
      FileHandle.standardError.write(
        Data(
          "bench: unknown section '\(unknown)' (sections: \(sections.joined(separator: ", ")))\n"
            .utf8))
      exit(64)
    }
  default:
    FileHandle.standardError.write(Data("bench: unknown option '\(argument)'\n".utf8))
    exit(64)
  }
}
let chosen = choice
/// Whether `--only` chose `section` (every section runs without it).
func wants(_ section: String) -> Bool { chosen.contains(section) }

let scratch = NSTemporaryDirectory() + "booking-bench-" + UUID().uuidString
defer { try? FileManager.default.removeItem(atPath: scratch) }
let clock = ManualClock(Date(timeIntervalSince1970: 1_795_953_600))
var figures: [Measurement] = []
@MainActor func report(_ measurement: Measurement) {
  figures.append(measurement)
  if !arguments.contains("--json") { print(measurement.line) }
}

struct Note: Codable { let id: Int; let text: String; let at: Date }

if wants("store") {
  // Persistence: one atomic save; load by ID among 10,000 records.
  let store = RecordStore(root: scratch + "/store")
  let notes = RecordKind(folder: "notes", schema: 1)
  var counter = 0
  report(
    try Measurement.time("save one record (atomic, fsync)", target: "-", runs: 300) {
      counter += 1
      try store.save(Note(id: counter, text: "hello", at: clock.now), id: "n-1", kind: notes)
    })
  for index in 0..<10_000 {
    try store.save(
      Note(id: index, text: "record \(index)", at: clock.now), id: "n-\(index)", kind: notes)
  }
  var probe = 0
  report(
    try Measurement.time(
      "load one record by ID, 10,000 on disk", unit: .microseconds, target: "-", runs: 2000
    ) {
      probe = (probe + 7919) % 10_000
      _ = try store.load(Note.self, id: "n-\(probe)", kind: notes)
    })

}
// Services: the offers of one search; then restore at payment with 10,000 drafts and quotes.
let airline = SimulatedAirline(
  store: RecordStore(root: scratch + "/airline"), clock: clock.wallClock)
let days = (1...60).compactMap { try? CalendarDay(iso: "2026-12-01").adding(days: $0) }
var day = 0
let ist = try IATACode("IST")
let ams = try IATACode("AMS")
if wants("offers") {
  report(
    try await Measurement.timeAsync(
      "offers for one search (generate + persist)", target: "-", runs: 40
    ) {
      day = (day + 1) % days.count
      _ = try await airline.offers(
        for: SearchCriteria(origin: ist, destination: ams, departure: days[day], party: .adults(2)))
    })
}
let criteria = try SearchCriteria(
  origin: ist, destination: ams, departure: days[0], party: .adults(2))
let offers = try await airline.offers(for: criteria)
let offer = offers[0]
let travellers = [
  try Passenger(
    id: PassengerID("p1"), title: .ms, givenName: "Ada", familyName: "Lovelace",
    dateOfBirth: CalendarDay(iso: "1985-12-10")),
  try Passenger(
    id: PassengerID("p2"), title: .mr, givenName: "Alan", familyName: "Turing",
    dateOfBirth: CalendarDay(iso: "1986-06-23")),
]
let contact = try Contact(email: "ada@example.com", phone: "+31201234567")
if wants("restore") {
  // Restore at payment with 10,000 drafts and quotes on disk; then resume at payment, and a pay
  // link, when every airline answer takes 300 ms.
  var lastQuote: Quote?
  for _ in 0..<10_000 {
    let draft = try await airline.createDraft(
      offer: offer, passengers: travellers, contact: contact)
    lastQuote = try await airline.price(draftID: draft.id, extras: .none)
  }
  guard let quote = lastQuote else { fail("no quote was priced") }
  let snapshot = BookingSnapshot(
    criteria: criteria, position: .payment(quoteID: quote.id, draftID: quote.draftID))
  report(
    await Measurement.timeAsync(
      "restore at payment, 10,000 drafts and quotes on disk", target: "-", runs: 200
    ) {
      let restored = await BookingFlow.restore(snapshot, using: airline.services, now: clock.now)
      if restored.outcome != .resumed(at: .payment) {
        fail("restore fell back: \(restored.outcome)")
      }
    })

  let slowAirline = SimulatedAirline(
    store: RecordStore(root: scratch + "/airline"), clock: clock.wallClock,
    configuration: .init(latency: .fixed(300)))
  for (name, saved) in [
    ("resume at payment, airline latency 300 ms", snapshot),
    (
      "open a pay link, airline latency 300 ms",
      BookingSnapshot(criteria: nil, position: .payment(quoteID: quote.id))
    ),
  ] {
    report(
      await Measurement.timeAsync(name, target: "-", runs: 5, warmup: 0) {
        let restored = await BookingFlow.restore(saved, using: slowAirline.services, now: clock.now)
        if restored.outcome != .resumed(at: .payment) {
          fail("restore fell back: \(restored.outcome)")
        }
      })
  }
}

var template: Booking?
if wants("pay") || wants("trips") {
  // Payments: the pay path on disk (each payment a new draft and quote), its durable steps
  // counted. The trips figures take their template booking from here.
  let durableSteps = Mutex(0)
  let payAirline = SimulatedAirline(
    store: RecordStore(
      root: scratch + "/pay",
      observer: DurableStepObserver(before: { _ in
        durableSteps.withLock { $0 += 1 }
        return nil
      })),
    clock: clock.wallClock)
  // Each payment on a flight of its own, as a room's travellers on many flights: on one
  // flight, its fare buckets would sell out after a few, and its cabin after a hundred seats.
  // One payment a flight.
  let payOffers = try await offersOnFlightsOfTheirOwn(
    payAirline,
    days.map {
      try SearchCriteria(origin: ist, destination: ams, departure: $0, party: .adults(2))
    }, limit: 470)
  guard payOffers.count >= 460 else { fail("only \(payOffers.count) offers") }
  var payCards = 0
  let payCard = try PaymentCard(number: "4242 4242 4242 4242", expiry: "12/30", cvc: "731")
  var payQuotes: [QuoteID] = []
  var seatedQuotes: [QuoteID] = []
  var lastBooking = try BookingReference("AAAAAA")
  for (index, payOffer) in payOffers.prefix(460).enumerated() {
    let draft = try await payAirline.createDraft(
      offer: payOffer, passengers: travellers, contact: contact)
    guard index >= 230 else {
      payQuotes.append(try await payAirline.price(draftID: draft.id, extras: .none).id)
      continue
    }
    // A seat for each passenger on every slice: the quote holds them, paying sells them.
    let maps = try await payAirline.seatMaps(for: payOffer.id)
    var extras = Extras.none
    for map in maps {
      let free = map.seats.filter { !$0.occupied }.map(\.designator)
      guard free.count >= 2 else { fail("a full cabin") }
      for (passenger, seat) in zip(draft.passengers, free) {
        extras.setSeat(seat, for: passenger.id, onSlice: map.slice)
      }
    }
    seatedQuotes.append(try await payAirline.price(draftID: draft.id, extras: extras).id)
  }
  _ = try await payAirline.recoverInterruptedPayments()
  durableSteps.withLock { $0 = 0 }
  if wants("pay") {
    let payTime = try await Measurement.timeAsync(
      "pay one quote (its durable writes included)", target: "-", runs: 200, warmup: 0
    ) {
      payCards += 1
      lastBooking = try await payAirline.pay(
        quoteID: payQuotes[payCards], method: payCard,
        idempotencyKey: IdempotencyKey("bench-\(payCards)")
      ).reference
    }
    report(payTime)
    let stepsPerPayment = Double(durableSteps.withLock { $0 }) / Double(payTime.runs)
    report(
      Measurement(
        name: "durable writes per payment (renames and removals)", samples: [stepsPerPayment],
        unit: "writes", target: "-"))
    var seated = 0
    let seatedTime = try await Measurement.timeAsync(
      "pay one quote holding a seat per passenger (sold with it)", target: "-", runs: 200,
      warmup: 0
    ) {
      seated += 1
      _ = try await payAirline.pay(
        quoteID: seatedQuotes[seated], method: payCard,
        idempotencyKey: IdempotencyKey("bench-seated-\(seated)"))
    }
    report(seatedTime)
    report(
      Measurement(
        name: "pay with seats / pay without (medians, this run)",
        samples: [seatedTime.median / payTime.median], unit: "x", target: "<= 2"))
    // The first pay indexes the orders from the bookings: each one that cannot be read costs
    // one read, and nothing is written for it.
    let criteria = try SearchCriteria(
      origin: ist, destination: ams, departure: days[3], party: .adults(2))
    var firstPays: [Measurement] = []
    for unreadable in [0, 2_000] {
      let figure = try await firstPayFigure(
        unreadable: unreadable, scratch: scratch, clock: clock, criteria: criteria,
        passengers: travellers, contact: contact, card: payCard, runs: 5)
      report(figure)
      firstPays.append(figure)
    }
    report(
      Measurement(
        name: "first pay beside 2,000 unreadable bookings / beside none (medians, this run)",
        samples: [firstPays[1].median / firstPays[0].median], unit: "x", target: "-"))
  } else {
    lastBooking = try await payAirline.pay(
      quoteID: payQuotes[0], method: payCard, idempotencyKey: IdempotencyKey("bench-0")
    ).reference
  }
  template = try await payAirline.booking(reference: lastBooking)
}

if wants("inventory") {
  // The inventory: holds, the sweep of expired holds, and the cost as the airline fills.
  // A clock of its own: the sweeps move it by hours, and the sections after it keep their day.
  for figure in try await inventoryFigures(
    scratch: scratch, clock: ManualClock(clock.now), days: days, from: ist, to: ams,
    passengers: travellers,
    contact: contact,
    card: try PaymentCard(number: "4242 4242 4242 4242", expiry: "12/30", cvc: "731"))
  {
    report(figure)
  }
}

let environment = AppEnvironment(
  services: airline.services, airports: AirportDirectory.builtIn, fares: SimulatedFares(),
  clock: clock.wallClock)
if wants("results") {
  // Presentation: sort and filter, render, reduce.
  let many = (0..<10_000).map { offers[$0 % offers.count] }
  var allFilters = ResultsFeature.Filters()
  allFilters.nonstopOnly = true
  allFilters.hiddenAirlines = ["LH"]
  allFilters.dayPart = .morning
  allFilters.highestPrice = offers.map(\.total.amount).max()
  report(
    Measurement.time("sort and filter 10,000 offers", target: "-", runs: 50) {
      _ = ResultsFeature.arrange(many, sort: .duration, nonstopOnly: true)
    })
  report(
    Measurement.time("sort and filter 10,000 offers, every filter on", target: "< 3.0 ms", runs: 50)
    {
      _ = ResultsFeature.arrange(many, sort: .duration, filters: allFilters)
    })
  var (root, resultsID) = try await resultsState(
    criteria, many, airline: airline, environment: environment, clock: clock, withFares: false)
  var canvas = Canvas(width: 200, height: 60)
  report(
    Measurement.time("render results, 10,000 offers, 200x60", target: "< 0.25 ms", runs: 500) {
      RootView.draw(root, on: &canvas, theme: .color)
    })
  var narrowed = root
  let fares = try await airline.lowestFares(
    for: criteria, days: ResultsFeature.stripDays, filter: FareFilter())
  _ = RootFeature.reduce(
    &narrowed, .step(resultsID, ResultsFeature.action(.faresLoaded(FareFilter(), .success(fares)))),
    at: environment.clock.now(), environment: environment)
  for key: Key in [.character("n"), .character("t"), .character("t"), .character("-")] {
    _ = RootFeature.reduce(
      &narrowed, .key(key), at: environment.clock.now(), environment: environment)
  }
  report(
    Measurement.time(
      "render results, 10,000 offers, filters and fare strip, 200x60", target: "< 0.25 ms",
      runs: 500
    ) {
      RootView.draw(narrowed, on: &canvas, theme: .color)
    })
  var flip = false
  report(
    Measurement.time(
      "reduce one key (results, 10,000 offers)", unit: .microseconds, target: "< 10 us", runs: 5000
    ) {
      flip.toggle()
      _ = RootFeature.reduce(
        &root, .key(flip ? .down : .up), at: environment.clock.now(), environment: environment)
    })

}

if wants("roundtrip") {
  // Round trips beside one-way trips in this run: a search, sorting, drawing.
  for figure in try await roundTripFigures(
    airline: airline, environment: environment, clock: clock, oneWay: criteria)
  {
    report(figure)
  }
}

if wants("fares") {
  // The fare strip's calendar and the scale of its whole booking window.
  for figure in try await fareCalendarFigures(scratch: scratch, clock: clock, oneWay: criteria) {
    report(figure)
  }
}

if wants("trips"), let template {
  // Trips: 10,000 bookings on disk.
  for figure in try await tripsFigures(scratch: scratch, clock: clock, booking: template) {
    report(figure)
  }
}

if wants("tick") {
  // Terminal: bytes ncurses writes for one countdown tick, on a pipe.
  let tickBytes = try await countdownTickBytes(
    environment: environment, criteria: criteria, travellers: travellers, contact: contact)
  report(
    Measurement(
      name: "bytes per countdown tick (ncurses on a pipe)", samples: tickBytes, unit: "bytes",
      target: "< 32 bytes"))
}

if wants("program") {
  // The program in process: a key, and a whole booking, on virtual timers with no terminal.
  for figure in try await programFigures(scratch: scratch, clock: clock) { report(figure) }
}

if wants("soak") {
  // The program at payment for 24 virtual hours: memory, CPU and descriptors stay flat.
  let (soak, samples) = try await soakFigures(scratch: scratch, clock: clock)
  if !arguments.contains("--json") {
    print("soak, each virtual hour: hour, resident KiB, CPU ms, descriptors, frames, cells")
    for sample in samples {
      print(
        "  \(sample.hour) \(sample.residentKiB) \(Int(sample.cpuMilliseconds)) "
          + "\(sample.descriptors) \(sample.frames) \(sample.changedCells)")
    }
  }
  for figure in soak { report(figure) }
}

if arguments.contains("--json") {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
  print(String(decoding: try encoder.encode(figures), as: UTF8.self))
}
