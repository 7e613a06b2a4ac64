import Airline
import Canvas
import Domain
import FlowOwner
import Foundation
import Glibc
import Presentation
import SimulatedAirline
import Terminal

/// Opens the root feature at payment (a draft of `travellers` on the first offer for `criteria`,
/// priced, and the session restored at its quote as a start restores it), draws it with ncurses
/// on a pipe (`newterm`), then moves the clock one second at a time and counts the bytes each
/// redraw sends: one sample per tick.
@MainActor
func countdownTickBytes(
  environment: AppEnvironment, criteria: SearchCriteria, travellers: [Passenger],
  contact: Contact
) async throws -> [Double] {
  var state = RootFeature.State(now: environment.clock.now())
  func send(_ actions: [RootFeature.Action]) async {
    for action in actions {
      var pending = RootFeature.reduce(
        &state, action, at: environment.clock.now(), environment: environment
      ).jobs
      while !pending.isEmpty {
        let job = pending.removeFirst()
        pending +=
          RootFeature.reduce(
            &state, await job.run(), at: environment.clock.now(), environment: environment
          ).jobs
      }
    }
  }
  let services = environment.services
  guard let offer = try await services.offers.offers(for: criteria).first else {
    fail("the bench found no offer")
  }
  let draft = try await services.drafts.createDraft(
    offer: offer, passengers: travellers, contact: contact)
  let quote = try await services.pricing.price(draftID: draft.id, extras: .none)
  let restored = await BookingFlow.restore(
    BookingSnapshot(
      criteria: criteria,
      position: .payment(quoteID: quote.id, draftID: draft.id, offerID: offer.id)),
    using: services, now: environment.clock.now())
  await send([.restored(restored)])
  guard state.quote != nil else { fail("the bench could not reach payment") }

  var ends: [Int32] = [-1, -1]
  guard pipe(&ends) == 0, let output = fdopen(ends[1], "w"), let input = fopen("/dev/null", "r")
  else { fail("no pipe for ncurses") }
  _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
  defer {
    fclose(output)
    fclose(input)
    close(ends[0])
  }
  let screen = TerminalScreen(
    output: output, input: input, termType: "xterm-256color", colorMode: .color)
  // The Unicode screen, whatever the locale the bench runs in (a C locale would draw ASCII).
  screen.wantedRepertoire = .unicode
  try screen.start()
  defer { screen.stop() }
  var buffer = [UInt8](repeating: 0, count: 1 << 16)
  func drain() -> Int {
    var total = 0
    while true {
      let count = read(ends[0], &buffer, buffer.count)
      if count <= 0 { return total }
      total += count
    }
  }
  let size = screen.size
  var canvas = Canvas(width: size.columns, height: size.rows)
  RootView.draw(state, on: &canvas, theme: .color)
  screen.draw(canvas)
  _ = drain()
  var samples: [Double] = []
  let start = state.now
  for second in 1...120 {
    state.now = start.addingTimeInterval(Double(second))
    RootView.draw(state, on: &canvas, theme: .color)
    screen.draw(canvas)
    samples.append(Double(drain()))
  }
  return samples
}
