import Canvas
import Domain
import Widgets
import Words

/// Draws the paid booking and what its fare allows, and names its keys.
enum ConfirmationView {
  static func draw(
    _ state: ConfirmationFeature.State, on canvas: inout Canvas, in rect: Rect, theme: Theme,
    strings: Strings, language: Language, spinner: Int
  ) {
    guard !rect.isEmpty else { return }
    var y = rect.y
    func line(_ text: String, _ style: Style, indent: Int = 0) {
      guard y < rect.maxY else { return }
      canvas.put(text, x: rect.x + indent, y: y, style: style, clip: rect)
      y += 1
    }
    line(strings.bookedTitle, theme.success)
    y += 1
    line(strings.referenceLabel, theme.dim)
    line(
      state.reference.rawValue.map(String.init).joined(separator: " "), theme.emphasis,
      indent: 2)
    y += 1
    switch state.booking {
    case .loading:
      line("\(Spinner.frame(spinner)) \(strings.loadingBooking)", theme.text)
    case .failed(let message):
      line(message, theme.error)
    case .loaded(let booking):
      y = drawBooking(
        booking, on: &canvas,
        in: Rect(x: rect.x, y: y, width: rect.width, height: max(0, rect.maxY - y)),
        theme: theme, strings: strings, language: language)
      // What the fare allows from now on: cancelling and changing are in the trips (`t`).
      line(strings.trips.refundRule(booking.offer.conditions.refundBeforeDeparture), theme.dim)
      line(strings.trips.changeRule(booking.offer.conditions.changeBeforeDeparture), theme.dim)
    }
  }

  /// Draws a booking's flights (each direction of a round trip under its name, with its stops,
  /// and each layover's length between its flights), passengers (children marked, with the seat
  /// on each slice or "at check-in", bags, a lap), insurance, the total
  /// and the card (brand and last four) from the top of `rect`; returns the row after the last.
  @discardableResult
  static func drawBooking(
    _ booking: Booking, on canvas: inout Canvas, in rect: Rect, theme: Theme, strings: Strings,
    language: Language
  ) -> Int {
    var y = rect.y
    func line(_ text: String, _ style: Style) {
      guard y < rect.maxY else { return }
      canvas.put(text, x: rect.x, y: y, style: style, clip: rect)
      y += 1
    }
    let offer = booking.offer
    for (index, slice) in offer.slices.enumerated() {
      if offer.isRoundTrip {
        let stops =
          slice.stops == 0
          ? strings.nonstop
          : strings.stops(slice.stops) + " "
            + slice.stopAirports.map(\.code.description).joined(separator: ", ")
        line(
          "\(strings.sliceName(index)) · \(slice.origin.code) → \(slice.destination.code) · \(stops)",
          theme.title)
      }
      let layovers = slice.layovers
      for (number, segment) in slice.segments.enumerated() {
        if number > 0, layovers.indices.contains(number - 1) {
          let layover = layovers[number - 1]
          line(
            "  " + strings.layover(layover.place, language.duration(minutes: layover.minutes)),
            theme.dim)
        }
        // Times are local to each airport; a landing on a later day says the day.
        let landing =
          segment.arrival.day == segment.departure.day
          ? segment.arrival.hhmm
          : "\(language.weekdayDate(segment.arrival.day)) \(segment.arrival.hhmm)"
        line(
          "\(segment.flightNumber)  \(segment.origin.code) \(language.weekdayDate(segment.departure.day)) "
            + "\(segment.departure.hhmm) → \(segment.destination.code) \(landing)"
            + "  \(segment.aircraft.name)", theme.text)
      }
    }
    y += 1
    let departure = offer.departure.day
    for passenger in booking.passengers {
      let type = passenger.type(on: departure)
      let child = type == .child ? " · " + strings.passengerTypeName(.child) : ""
      let outbound = booking.extras.seats[passenger.id]
      let back = booking.extras.returnSeats[passenger.id]
      // A traveller with a seat of their own and none chosen on a flight gets one at check-in.
      let seat: String
      if type == .infant {
        seat = ""
      } else if offer.isRoundTrip {
        seat = " · " + strings.seatsBothWays(outbound?.description, back?.description)
      } else {
        seat = " · " + (outbound?.description ?? strings.seatAtCheckIn)
      }
      let bags = booking.extras.bags[passenger.id].map { " · " + strings.bagsCount($0) } ?? ""
      let lap = type == .infant ? " · " + strings.infantOnLap : ""
      line("\(passenger.fullName)\(child)\(seat)\(lap)\(bags)", theme.text)
    }
    if booking.extras.insurance { line(strings.insuranceLabel, theme.text) }
    y += 1
    line(
      "\(strings.totalPaid): \(booking.totalPaid.formatted(language.moneyStyle))",
      theme.emphasis)
    line(strings.paidWith(booking.paymentMethod.displayName), theme.dim)
    return y
  }

  static func hints(_ state: ConfirmationFeature.State, strings: Strings) -> [KeyHint] {
    [
      KeyHint("n", strings.hintNewBooking), KeyHint("t", strings.trips.hintTrips),
      KeyHint("?", strings.hintHelp), KeyHint("q", strings.hintQuit),
    ]
  }
}
