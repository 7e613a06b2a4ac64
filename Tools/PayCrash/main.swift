import Airline
import Domain
import Foundation
import Persistence
import SimulatedAirline
import Synchronization

/// `paycrash <data-dir> <now> <stop-at>
/// <pay|recover|price|exit-reading|cancel|quote-cancel|change>
/// [quote key card | draft seat... | draft | reference cancellation | reference |
/// reference change]`:
/// the child of the crash-point tests.
///
/// Opens the simulated airline on `data-dir` with the clock stopped at `now` (seconds since
/// 1970), settles interrupted payments as the app does at start, then (`pay`) pays `quote` with
/// `card` under `key`. Every durable step of its store (each rename that makes a record visible,
/// each removal) is printed as `step <n> <step>` before it happens. `stop-at` is `before:<n>` or
/// `after:<n>`: the process SIGKILLs itself just before or just after its n-th step, as a power
/// cut or `kill -9` would stop it; instead of a number, the start of a step's name stops at the
/// first step so named (`after:replace payments/`); `none` runs to the end and prints the outcome.
/// `price` prices `draft` with one outbound seat per passenger, in order (`14A 14B`): the quote
/// and its holds, as `booking-cli quote` makes them. `exit-reading` reads `draft` (a sealed
/// record, its seal checked) over and over on another task and exits once the first read is in,
/// as the app quits while its first reads of the airline run beside it. `cancel` confirms the
/// cancellation quote `cancellation` of booking `reference`; `quote-cancel` asks for a quote for
/// cancelling `reference` and confirms it. `change` confirms the change quote `change` of booking
/// `reference`, with the good test card (4242424242424242) should its total be positive (the
/// airline charges a card only then).

let arguments = CommandLine.arguments
func usage() -> Never {
  FileHandle.standardError.write(
    Data(
      ("usage: paycrash <data-dir> <now> <before:N|after:N|none> "
        + "<pay|recover|price|exit-reading|cancel|quote-cancel|change> "
        + "[quote key card | draft seat... | draft | reference cancellation | reference | "
        + "reference change]\n").utf8))
  exit(64)
}
guard arguments.count >= 5, let seconds = Double(arguments[2]) else { usage() }
let stop = arguments[3].split(separator: ":", maxSplits: 1)
let stopPhase = stop.first.map(String.init) ?? "none"
/// Where to stop: a step's number, or the start of its name.
struct StopPoint: Sendable {
  let number: Int?
  let name: String?

  func matches(_ number: Int, _ name: String) -> Bool {
    if let wanted = self.number { return number == wanted }
    if let prefix = self.name { return name.hasPrefix(prefix) }
    return false
  }
}
let stopPoint = StopPoint(
  number: stop.count == 2 ? Int(stop[1]) : nil,
  name: stop.count == 2 && Int(stop[1]) == nil ? String(stop[1]) : nil)
let mode = arguments[4]
guard ["before", "after", "none"].contains(stopPhase),
  [
    "pay", "recover", "price", "exit-reading", "cancel", "quote-cancel", "change",
  ].contains(mode)
else {
  usage()
}

let counter = Mutex(0)
let observer = DurableStepObserver(
  before: { step in
    let number = counter.withLock { count in
      count += 1
      return count
    }
    FileHandle.standardOutput.write(Data("step \(number) \(step)\n".utf8))
    if stopPhase == "before", stopPoint.matches(number, step.description) {
      kill(getpid(), SIGKILL)
    }
    return nil
  },
  after: { step in
    if stopPhase == "after", stopPoint.matches(counter.withLock { $0 }, step.description) {
      kill(getpid(), SIGKILL)
    }
    return nil
  })
let store = RecordStore(root: arguments[1], observer: observer)
let airline = SimulatedAirline(
  store: store, clock: .fixed(Date(timeIntervalSince1970: seconds)),
  configuration: .init(latency: .none))

do {
  for recovered in try await airline.recoverInterruptedPayments() {
    print("recovered \(recovered.outcome)")
  }
  if mode == "pay" {
    guard arguments.count == 8 else { usage() }
    let quote = try QuoteID(arguments[5])
    let key = try IdempotencyKey(arguments[6])
    let card = try PaymentCard(number: arguments[7], expiry: "12/30", cvc: "123")
    let booking = try await airline.pay(quoteID: quote, method: card, idempotencyKey: key)
    print("booked \(booking.reference)")
  }
  if mode == "price" {
    guard arguments.count >= 6 else { usage() }
    let draft = try await airline.draft(id: DraftID(arguments[5]))
    var extras = Extras.none
    for (passenger, seat) in zip(draft.passengers, arguments.dropFirst(6)) {
      extras.setSeat(try SeatDesignator(seat), for: passenger.id, onSlice: 0)
    }
    let quote = try await airline.price(draftID: draft.id, extras: extras)
    print("quoted \(quote.id)")
  }
  if mode == "cancel" {
    guard arguments.count == 7 else { usage() }
    let booking = try await airline.confirmCancellation(
      CancellationQuoteID(arguments[6]), of: BookingReference(arguments[5]))
    print(
      "cancelled \(booking.reference) refund \(booking.cancellation?.refund.plainAmount ?? "-")")
  }
  if mode == "quote-cancel" {
    guard arguments.count == 6 else { usage() }
    let reference = try BookingReference(arguments[5])
    let quote = try await airline.quoteCancellation(of: reference)
    let booking = try await airline.confirmCancellation(quote.id, of: reference)
    print("cancelled \(booking.reference) with \(quote.id)")
  }
  if mode == "change" {
    guard arguments.count == 7 else { usage() }
    // The good test card: the airline charges it only when the change's total is positive.
    let card = try PaymentCard(number: "4242424242424242", expiry: "12/30", cvc: "123")
    let booking = try await airline.confirmChange(
      ChangeQuoteID(arguments[6]), of: BookingReference(arguments[5]), card: card)
    print("changed \(booking.reference) to version \(booking.version)")
  }
  if mode == "exit-reading" {
    guard arguments.count == 6 else { usage() }
    let draft = try DraftID(arguments[5])
    let (reads, reader) = AsyncStream.makeStream(of: Bool.self)
    Task.detached {
      while true { reader.yield((try? await airline.draft(id: draft)) != nil) }
    }
    for await read in reads {
      print(read ? "read" : "refused")
      break
    }
  }
} catch {
  print("refused \(error)")
}
print("done")
exit(0)
