import Airline
import Domain
import FlowOwner
import Foundation
import Persistence
import SimulatedAirline

/// The figures of the airline's inventory (`bench --only inventory`), each airline in a folder
/// of its own:
/// - what a quote's hold of its seats costs beside a quote without seats;
/// - the cost curve of the pay link, paying and a seat map as the airline fills with holds and
///   sales: three airlines, with 0, 1,000 and 10,000 seats held by quotes or sold, measured in
///   turn in each round, each figure a ratio to the empty airline's in this run;
/// - the sweep of 10,000 expired holds, and of one quote's expired holds beside them.
///
/// Every quote is for the passengers given, with a seat each; each draft is on the next of the
/// search's flights in turn, as a room's travellers spread over many flights, until a cabin has
/// no room left for them.
func inventoryFigures(
  scratch: String, clock: ManualClock, days: [CalendarDay], from origin: IATACode,
  to destination: IATACode, passengers: [Passenger], contact: Contact, card: PaymentCard
) async throws -> [Measurement] {
  let searches = try days.map {
    try SearchCriteria(
      origin: origin, destination: destination, departure: $0, party: .adults(passengers.count))
  }
  func filler(_ name: String) async throws -> Filler {
    try await Filler(
      SimulatedAirline(store: RecordStore(root: scratch + "/" + name), clock: clock.wallClock),
      searches: searches, passengers: passengers, contact: contact)
  }
  var figures: [Measurement] = []

  // The hold: a quote that holds a seat per passenger beside one that holds none, in turn, each
  // priced from a draft of its own.
  let holding = try await filler("inventory-hold")
  var withSeats: [Double] = []
  var withoutSeats: [Double] = []
  for run in 0..<200 {
    let (draft, extras) = try await holding.nextDraft()
    let seated = run.isMultiple(of: 2)
    let elapsed = try await milliseconds {
      _ = try await holding.airline.price(draftID: draft.id, extras: seated ? extras : .none)
    }
    if seated { withSeats.append(elapsed) } else { withoutSeats.append(elapsed) }
  }
  let held = Measurement(
    name: "price a quote holding a seat per passenger (the holds written)", samples: withSeats,
    unit: "ms", target: "-")
  let plain = Measurement(
    name: "price a quote without seats", samples: withoutSeats, unit: "ms", target: "-")
  figures += [
    held, plain,
    Measurement(
      name: "  holding / without (medians, this run)", samples: [held.median / plain.median],
      unit: "x", target: "-"),
  ]

  // The cost curve: each airline filled (four quotes in five holding their seats, the fifth
  // paid and its seats sold), then in each round, on each airline in turn, a new quote holding
  // seats on the next flight: its pay link opened, its flight's seat map read, and it paid.
  let sizes = [0, 1_000, 10_000]
  var fillers: [Filler] = []
  for seats in sizes {
    let filling = try await filler("inventory-\(seats)")
    try await filling.fill(seats: seats, card: card)
    fillers.append(filling)
  }
  var link = Array(repeating: [Double](), count: sizes.count)
  var map = link
  var pay = link
  for round in 0..<30 {
    for (index, filling) in fillers.enumerated() {
      let airline = filling.airline
      let (draft, extras) = try await filling.nextDraft()
      let quote = try await airline.price(draftID: draft.id, extras: extras)
      var restored: Restoration?
      link[index].append(
        await milliseconds {
          restored = await BookingFlow.restore(
            BookingSnapshot(criteria: nil, position: .payment(quoteID: quote.id)),
            using: filling.services, now: clock.now)
        })
      guard restored?.outcome == .resumed(at: .payment) else {
        fail("the pay link did not resume at payment: \(String(describing: restored?.outcome))")
      }
      map[index].append(
        try await milliseconds { _ = try await airline.seatMaps(for: draft.offer.id) })
      pay[index].append(
        try await milliseconds {
          _ = try await airline.pay(
            quoteID: quote.id, method: card, idempotencyKey: IdempotencyKey("curve-\(round)"))
        })
    }
  }
  for (name, samples) in [
    ("open a pay link (its quote, its draft, its seat maps)", link),
    ("a flight's seat map", map), ("pay a quote holding a seat per passenger", pay),
  ] {
    let medians = samples.map { Measurement(name: "", samples: $0, unit: "", target: "").median }
    for (index, seats) in sizes.enumerated() {
      figures.append(
        Measurement(
          name: "\(name), \(seats.formatted()) seats held or sold", samples: samples[index],
          unit: "ms", target: "-"))
      if seats > 0 {
        figures.append(
          Measurement(
            name: "  / with none (medians, this run)", samples: [medians[index] / medians[0]],
            unit: "x", target: "<= 1.1"))
      }
    }
  }

  // Expiry: the airline of 10,000 seats topped up until 10,000 seats are held, every quote then
  // expired and its holds dropped by the sweep, one flight at a time; then, 20 times, one
  // quote's holds expired beside those flights' records, the common case at a start.
  let sweeping = fillers[sizes.count - 1]
  try await sweeping.hold(seats: 10_000)
  clock.advance(by: 3_600)
  var swept = 0
  let sweep = await milliseconds { swept = await sweeping.airline.releaseExpiredHolds() }
  guard swept == sweeping.held else { fail("the sweep dropped \(swept) of \(sweeping.held) holds") }
  figures.append(
    Measurement(
      name: "the sweep of \(swept.formatted()) expired holds", samples: [sweep], unit: "ms",
      target: "-"))
  var one: [Double] = []
  for run in 0..<20 {
    // Offers found now: those found before expired with the clock's hours.
    guard let offer = try await sweeping.airline.offers(for: searches[run % searches.count]).first
    else { fail("no offer") }
    let draft = try await sweeping.airline.createDraft(
      offer: offer, passengers: passengers, contact: contact)
    guard let extras = try await Filler.seats(for: draft, on: sweeping.airline) else {
      fail("a full cabin")
    }
    _ = try await sweeping.airline.price(draftID: draft.id, extras: extras)
    clock.advance(by: 3_600)
    var released = 0
    one.append(await milliseconds { released = await sweeping.airline.releaseExpiredHolds() })
    guard released == passengers.count else { fail("released \(released) holds, not one quote's") }
  }
  figures.append(
    Measurement(
      name: "the sweep of one quote's expired holds, beside the records of every flight above",
      samples: one, unit: "ms", target: "-"))
  return figures
}

/// The offers of `searches`, in order, each on flights (a slice's first, on its day) no offer
/// before it uses: offers of one day can share a flight (a connection's first leg). Up to
/// `limit` of them.
func offersOnFlightsOfTheirOwn(
  _ airline: SimulatedAirline, _ searches: [SearchCriteria], limit: Int = .max
) async throws -> [Offer] {
  var kept: [Offer] = []
  var flown = Set<String>()
  for search in searches where kept.count < limit {
    for offer in try await airline.offers(for: search) {
      let flights = offer.slices.map { "\($0.firstSegment.flightNumber) \($0.departure.day)" }
      guard flown.isDisjoint(with: flights) else { continue }
      flown.formUnion(flights)
      kept.append(offer)
    }
  }
  return kept
}

/// The time `body` takes, in milliseconds.
private func milliseconds(
  isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void
) async rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try await body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

/// One airline of the bench and the offers its drafts go round: each on flights no other offer
/// in the list uses.
private final class Filler {
  let airline: SimulatedAirline
  let services: BookingServices
  private let passengers: [Passenger]
  private let contact: Contact
  private var offers: [Offer] = []
  private var next = 0
  /// Seats held by quotes not paid.
  private(set) var held = 0
  /// Seats held by quotes, paid or not.
  private var seats = 0
  private var paid = 0

  init(
    _ airline: SimulatedAirline, searches: [SearchCriteria], passengers: [Passenger],
    contact: Contact
  ) async throws {
    self.airline = airline
    services = BookingServices(
      offers: airline, drafts: airline, pricing: airline, payments: airline)
    self.passengers = passengers
    self.contact = contact
    offers = try await offersOnFlightsOfTheirOwn(airline, searches)
    guard offers.count >= 40 else { fail("only \(offers.count) offers on flights of their own") }
  }

  /// A draft of the next offer round the list, and a seat for each passenger; an offer whose
  /// cabin has no room left for them leaves the list.
  func nextDraft() async throws -> (BookingDraft, Extras) {
    while !offers.isEmpty {
      next %= offers.count
      let draft = try await airline.createDraft(
        offer: offers[next], passengers: passengers, contact: contact)
      if let extras = try await Self.seats(for: draft, on: airline) {
        next += 1
        return (draft, extras)
      }
      offers.remove(at: next)
    }
    fail("every cabin is full")
  }

  /// Quotes holding seats until `count` seats are held or sold: four quotes in five hold
  /// theirs, the fifth is paid.
  func fill(seats count: Int, card: PaymentCard) async throws {
    while seats < count {
      let (draft, extras) = try await nextDraft()
      let quote = try await airline.price(draftID: draft.id, extras: extras)
      seats += passengers.count
      guard (seats / passengers.count).isMultiple(of: 5) else {
        held += passengers.count
        continue
      }
      paid += 1
      _ = try await airline.pay(
        quoteID: quote.id, method: card, idempotencyKey: IdempotencyKey("fill-\(paid)"))
    }
  }

  /// Quotes holding seats until `count` seats are held by quotes not paid.
  func hold(seats count: Int) async throws {
    while held < count {
      let (draft, extras) = try await nextDraft()
      _ = try await airline.price(draftID: draft.id, extras: extras)
      held += passengers.count
    }
  }

  /// A free seat for each of `draft`'s passengers on each slice, as its seat map shows them;
  /// nil when a cabin has too few.
  static func seats(for draft: BookingDraft, on airline: SimulatedAirline) async throws -> Extras? {
    var extras = Extras.none
    for map in try await airline.seatMaps(for: draft.offer.id) {
      let free = map.seats.filter { !$0.occupied }.map(\.designator)
      guard free.count >= draft.passengers.count else { return nil }
      for (passenger, seat) in zip(draft.passengers, free) {
        extras.setSeat(seat, for: passenger.id, onSlice: map.slice)
      }
    }
    return extras
  }
}
