import Airline
import Canvas
import Domain
import Foundation
import Persistence
import Presentation
import SimulatedAirline

/// The trips screen with 10,000 bookings on disk: listing them (no booking read), opening the
/// screen (the list and the first page's bookings), and drawing it at 200x60.
func tripsFigures(scratch: String, clock: ManualClock, booking template: Booking) async throws
  -> [Measurement]
{
  let root = scratch + "/trips"
  let writer = RecordStore(root: root)
  let bookings = RecordKind(folder: "bookings", schema: 1)
  let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
  for index in 0..<10_000 {
    var value = index
    var text = "B"
    for _ in 0..<5 {
      text.append(alphabet[value % alphabet.count])
      value /= alphabet.count
    }
    let reference = try BookingReference(text)
    let booking = Booking(
      reference: reference, draftID: template.draftID, quoteID: template.quoteID,
      offer: template.offer, passengers: template.passengers, contact: template.contact,
      extras: template.extras, totalPaid: template.totalPaid,
      paymentMethod: template.paymentMethod,
      paidAt: template.paidAt.addingTimeInterval(Double(index)))
    try writer.save(booking, id: reference.rawValue, kind: bookings)
  }
  let airline = SimulatedAirline(store: RecordStore(root: root), clock: clock.wallClock)
  var figures: [Measurement] = []
  figures.append(
    try await Measurement.timeAsync(
      "list 10,000 bookings (trips, no booking read)", target: "-", runs: 20
    ) {
      let listed = try await airline.bookingList()
      if listed.count != 10_000 { fail("listed \(listed.count) bookings") }
    })
  let environment = AppEnvironment(
    services: airline.services, airports: AirportDirectory.builtIn, fares: SimulatedFares(),
    clock: clock.wallClock)
  var opened = RootFeature.State(now: clock.now)
  figures.append(
    await Measurement.timeAsync(
      "open trips, 10,000 bookings (list + the page on screen read)", target: "-", runs: 20
    ) {
      var state = RootFeature.State(now: clock.now)
      _ = RootFeature.reduce(
        &state, .key(.resize(width: 200, height: 60)), at: environment.clock.now(),
        environment: environment)
      var pending = RootFeature.reduce(
        &state, .key(.control("t")), at: environment.clock.now(), environment: environment
      ).jobs
      while !pending.isEmpty {
        let action = await pending.removeFirst().run()
        pending +=
          RootFeature.reduce(&state, action, at: environment.clock.now(), environment: environment)
          .jobs
      }
      if state.trips?.isLoading != false { fail("the trips did not load") }
      opened = state
    })
  var canvas = Canvas(width: 200, height: 60)
  figures.append(
    Measurement.time("render trips, 10,000 bookings, 200x60", target: "< 0.5 ms", runs: 500) {
      RootView.draw(opened, on: &canvas, theme: .color)
    })
  return figures
}
