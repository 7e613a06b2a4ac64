// HeadlessBooking: books a round trip for a family with the booking modules and no terminal,
// against the simulated airline, in a data directory the terminal app can open afterwards.
//
//   swift run --package-path Examples/HeadlessBooking HeadlessBooking [DATA-DIR]
//
// Without DATA-DIR it uses a new folder under $TMPDIR (or /tmp) and prints its path. It exits 0
// when the booking is made and the saved session restores; 1, with the reason, otherwise.

import Airline
import Domain
import FlowOwner
import Persistence
import SimulatedAirline

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why the example stopped, in one line.
struct Failure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

enum HeadlessBooking {
  /// Where the terminal app keeps the session: the kind and ID are public API of Persistence,
  /// the schema belongs to FlowOwner.
  static let sessionKind = RecordKind.session(schema: BookingSnapshot.schema)

  static func run(_ arguments: [String]) async throws {
    // The data directory: the one given, or a new one.
    let temporary = ProcessInfo.processInfo.environment["TMPDIR"].flatMap {
      $0.isEmpty ? nil : $0
    }
    let directory =
      arguments.first ?? "\(temporary ?? "/tmp")/headless-booking-\(UUID().uuidString.lowercased())"
    print("Data directory: \(directory)")
    // The checks the app makes: not a link, not another user's, not writable by others.
    if let problem = DataDirectory.problem(at: directory) { throw Failure(problem) }
    let store = RecordStore(root: directory)
    try store.createRoot()

    // The app's lock: while it is held, `booking` will not start on this directory (the
    // airline's records have a lock of their own, taken for each quote and payment). The
    // `session` folder must exist first. The lock is released when `lock` goes away (or the
    // process ends, even by kill -9).
    try RecordStore(root: directory + "/session").createRoot()
    let lock: SessionLock
    switch SessionLock.acquire(in: directory) {
    case .locked(let held): lock = held
    case .heldByAnother: throw Failure("\(directory) is open in `booking`; close it first")
    case .unavailable(let reason), .refused(let reason): throw Failure(reason)
    }
    defer { withExtendedLifetime(lock) {} }

    let airline = SimulatedAirline(store: store, clock: .system)
    let calls = BookingCalls(airline.services)
    // The flow owner holds the path of steps; its snapshot is what the app saves and resumes.
    var flow = BookingFlow()
    func advance(_ event: FlowEvent) throws {
      guard event.isAccepted else { throw Failure("the flow did not move: \(event)") }
      try store.save(flow.snapshot, id: RecordKind.snapshotID, kind: sessionKind)
    }
    func current() throws -> BookingStep {
      guard let step = flow.path.last else { throw Failure("the flow is at the search form") }
      return step
    }

    // 0. Once per start, before any payment: settle a payment a crash cut off.
    for payment in try await calls.recoverInterruptedPayments() {
      print("Settled a payment cut off earlier: \(payment.outcome)")
    }

    // 1. Search: a round trip IST -> AMS -> IST, out in three weeks and back a week later, for
    //    two adults, a child (2 to 11) and an infant (under 2, on a lap). The cheapest offer.
    let today = CalendarDay(Date(), in: .utc)
    let out = today.adding(days: 21)
    let criteria = try SearchCriteria(
      origin: IATACode("IST"), destination: IATACode("AMS"), departure: out,
      returning: out.adding(days: 7), party: Party(adults: 2, children: 1, infants: 1))
    let offers = OfferSort.price.sorted(try await calls.offers(for: criteria))
    try advance(flow.searchSubmitted(criteria))
    guard let offer = offers.first else { throw Failure("no round trip IST-AMS-IST on \(out)") }
    print("Offer: \(offer.id), \(offer.pricePerAdult) per adult, \(offer.total) for the party")
    for slice in offer.slices {
      let flights = slice.flightNumbers.map(\.description).joined(separator: "+")
      let via = slice.stopAirports.map(\.code.rawValue).joined(separator: ", ")
      print(
        "  \(flights) \(slice.origin.code)-\(slice.destination.code) \(slice.departure.day) "
          + "\(slice.departure.hhmm) \(slice.departure.timeZoneID), "
          + (via.isEmpty ? "nonstop" : "via \(via)"))
    }
    try advance(flow.offerSelected(offer, from: current()))

    // 2. Passengers and contact, saved as a draft: exactly the party searched for, each one's
    //    type (adult, child, infant) decided by age on the day of the outbound flight.
    let passengers = [
      try Passenger(
        id: PassengerID("p1"), title: .ms, givenName: "Ada", familyName: "Lovelace",
        dateOfBirth: CalendarDay(year: 1990, month: 5, day: 4)),
      try Passenger(
        id: PassengerID("p2"), title: .mr, givenName: "Charles", familyName: "Babbage",
        dateOfBirth: CalendarDay(year: 1991, month: 12, day: 26)),
      try Passenger(
        id: PassengerID("p3"), title: .miss, givenName: "Ann", familyName: "Lovelace",
        dateOfBirth: CalendarDay(year: out.year - 7, month: 1, day: 1)),
      try Passenger(
        id: PassengerID("p4"), title: .mstr, givenName: "Tim", familyName: "Lovelace",
        dateOfBirth: out.adding(days: -300)),
    ]
    let contact = try Contact(email: "ada@example.com", phone: "+44 20 7946 0000")
    let draft = try await calls.createDraft(
      offer: offer, passengers: passengers, contact: contact)
    print("Draft: \(draft.id)")
    try advance(flow.passengersSaved(draft, from: current()))

    // 3. One seat map per slice (out, then back): a free standard seat on each for everyone but
    //    the infant, who sits on a lap. One checked bag for Charles.
    let seated = passengers.filter { $0.type(on: out) != .infant }
    var extras = Extras(bags: [passengers[1].id: 1])
    for (slice, seatMap) in try await calls.seatMaps(for: draft.offer.id).enumerated() {
      let free = seatMap.seats.filter { !$0.occupied && $0.kind == .standard }
      guard free.count >= seated.count else { throw Failure("too few free seats on \(offer.id)") }
      for (passenger, seat) in zip(seated, free) {
        extras.setSeat(seat.designator, for: passenger.id, onSlice: slice)
      }
    }

    // 4. The price: a quote, locked until `expiresAt`. Its fare and tax lines add up to the
    //    total the search gave for the party; the seats and the bag come on top.
    let quote = try await calls.price(draftID: draft.id, extras: extras)
    for line in quote.lineItems { print("  \(line.label): \(line.amount)") }
    let fares = quote.lineItems.filter { [.fare, .childFare, .infant, .tax].contains($0.kind) }
    guard try Money.sum(fares.map(\.amount), in: quote.total.currency) == offer.total else {
      throw Failure("the quote's fares are not the search's total \(offer.total)")
    }
    print("Quote: \(quote.id), \(quote.total), held \(quote.secondsRemaining(at: Date())) s")
    try advance(flow.extrasPriced(quote, from: current()))

    // The saved session, read back and restored as the app does at start: at payment.
    let atPayment = try await restoreSaved(store, airline)
    guard atPayment.outcome == .resumed(at: .payment), atPayment.flow.snapshot == flow.snapshot
    else { throw Failure("the session did not resume at payment: \(atPayment.outcome)") }
    print("Saved session resumes at: \(atPayment.outcome.step)")

    // 5. Pay with a test card. The key makes the payment idempotent: keep it, and pay again
    //    with the same key when an answer is lost. A crash-interrupted attempt gives its key back.
    let card = try PaymentCard(
      number: "4242 4242 4242 4242", expiry: "12/\(today.year + 3)", cvc: "123")
    let key: IdempotencyKey
    switch try await calls.paymentState(of: quote.id) {
    case .booked(let reference): throw Failure("\(quote.id) is booked already: \(reference)")
    case .unpaid(let retryKey): key = retryKey ?? .random(prefix: "pay")
    }
    let booking = try await calls.pay(quoteID: quote.id, card: card, idempotencyKey: key)
    try advance(flow.paid(booking.reference, from: current()))
    // The same key again: the same booking, no second charge.
    let again = try await calls.pay(quoteID: quote.id, card: card, idempotencyKey: key)
    guard again.reference == booking.reference else {
      throw Failure("the same key booked again: \(again.reference)")
    }

    let read = try await calls.booking(reference: booking.reference)
    print("Booking reference: \(read.reference)")
    for (index, slice) in read.offer.slices.enumerated() {
      let seats = read.extras.seats(onSlice: index).values.map(\.description).sorted()
      print(
        "  \(index == 0 ? "Out" : "Back"): \(slice.origin.code)-\(slice.destination.code), "
          + "seats \(seats.joined(separator: " "))")
    }
    print("Paid \(read.totalPaid) with \(read.paymentMethod.displayName)")

    let atConfirmation = try await restoreSaved(store, airline)
    guard atConfirmation.outcome == .resumed(at: .confirmation) else {
      throw Failure("the session did not resume at confirmation: \(atConfirmation.outcome)")
    }
    print("Saved session resumes at: \(atConfirmation.outcome.step)")
    print("Open it: swift run booking --data-dir \(directory)")
  }

  /// The snapshot on disk, restored against the airline (offer, draft and quote fetched again).
  static func restoreSaved(_ store: RecordStore, _ airline: SimulatedAirline) async throws
    -> Restoration
  {
    let saved = try store.load(BookingSnapshot.self, id: RecordKind.snapshotID, kind: sessionKind)
    return await BookingFlow.restore(saved, using: airline.services, now: Date())
  }
}

/// Writes `text` to standard error.
func printError(_ text: String) {
  let bytes = Array(text.utf8)
  _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

do {
  try await HeadlessBooking.run(Array(CommandLine.arguments.dropFirst()))
} catch {
  printError("HeadlessBooking: \(error)\n")
  exit(1)
}
