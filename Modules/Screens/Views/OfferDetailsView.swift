import Canvas
import Domain
import Widgets
import Words

/// An offer's flights and layovers in the results panel (`d`): a heading with the total, what
/// each traveller pays, then a line each,
/// scrolled from `ResultsFeature.State.detailsScroll`; `▴` and `▾` say more is above or below.
enum OfferDetailsView {
  static func draw(
    _ offer: Offer, scroll: Int, on canvas: inout Canvas, in rect: Rect, theme: Theme,
    strings: Strings, language: Language
  ) {
    guard !rect.isEmpty else { return }
    let style = language.moneyStyle
    let heading =
      "\(strings.detailsTitle) · \(offer.airline.name) · "
      + strings.totalPrice(offer.total.formattedBrief(style))
    canvas.put(
      DisplayWidth.truncateAtWord(heading, to: rect.width - 1), x: rect.x + 1, y: rect.y,
      style: theme.title, clip: rect)
    let each = strings.perPersonLine(
      perPerson(offer.perPerson, strings: strings, style: style).joined(separator: " · "))
    canvas.put(
      DisplayWidth.truncateAtWord(each, to: rect.width - 1), x: rect.x + 1, y: rect.y + 1,
      style: theme.dim, clip: rect)
    let body = Rect(
      x: rect.x + 1, y: rect.y + 2, width: max(0, rect.width - 3), height: max(0, rect.height - 2))
    guard body.height > 0, body.width > 0 else { return }
    let lines = OfferDetails.lines(of: offer)
    // The last page is full: the scroll stops where the last line shows.
    let top = max(0, min(scroll, lines.count - body.height))
    for (row, line) in lines.dropFirst(top).prefix(body.height).enumerated() {
      let (text, lineStyle) = words(line, theme: theme, strings: strings, language: language)
      canvas.put(
        DisplayWidth.truncate(text, to: body.width), x: body.x, y: body.y + row, style: lineStyle,
        clip: body)
    }
    let marks = rect.maxX - 1
    if top > 0 { canvas.put("▴", x: marks, y: body.y, style: theme.accent, clip: rect) }
    if top + body.height < lines.count {
      canvas.put("▾", x: marks, y: body.maxY - 1, style: theme.accent, clip: rect)
    }
  }

  /// What one traveller of each type of the party pays, taxes included: an adult's, then a
  /// child's and an infant's when the party has them.
  static func perPerson(_ prices: PricePerPerson, strings: Strings, style: MoneyStyle) -> [String] {
    [strings.perAdultPrice(prices.adult.formattedBrief(style))]
      + [prices.child.map { strings.perChildPrice($0.formattedBrief(style)) }].compactMap { $0 }
      + [prices.infant.map { strings.perInfantPrice($0.formattedBrief(style)) }].compactMap { $0 }
  }

  /// A line in words, and its style.
  static func words(
    _ line: OfferDetails.Line, theme: Theme, strings: Strings, language: Language
  ) -> (String, Style) {
    switch line {
    case .direction(let index, let slice):
      let name = index == 0 ? strings.outboundName : strings.returnName
      let stops =
        slice.stops == 0
        ? strings.nonstop
        : strings.stops(slice.stops) + " "
          + slice.stopAirports.map(\.code.description).joined(separator: " ")
      let text = [
        name, "\(slice.origin.code) → \(slice.destination.code)",
        language.weekdayDate(slice.departure.day),
        language.duration(minutes: slice.durationMinutes),
        stops,
      ].joined(separator: " · ")
      return (text, theme.title)
    case .flight(let segment):
      // The aircraft last: on a narrow screen it is what is cut.
      let text =
        "  \(segment.flightNumber) · \(language.duration(minutes: segment.durationMinutes)) · "
        + segment.aircraft.name
      return (text, theme.strong)
    case .departs(let segment):
      return ("    " + place(segment.departure, segment.origin), theme.text)
    case .arrives(let segment):
      let shift = segment.departure.days(until: segment.arrival)
      return (
        "  → " + place(segment.arrival, segment.destination) + (shift > 0 ? " +\(shift)" : ""),
        theme.text
      )
    case .layover(let layover):
      return (
        "  " + strings.layover(layover.place, language.duration(minutes: layover.minutes)),
        theme.dim
      )
    case .overnight:
      return ("  " + strings.overnightLayover, theme.warning)
    case .airportChange(let layover):
      return (
        "  "
          + strings.changeAirports(
            layover.arrivalAirport.code.description, layover.departureAirport.code.description),
        theme.warning
      )
    case .gap:
      return ("", theme.text)
    case .refund(let rule):
      return (strings.trips.refundRule(rule), theme.text)
    case .change(let rule):
      return (strings.trips.changeRule(rule), theme.text)
    }
  }

  /// "20:50 FRA (Europe/Berlin)": a local time, the airport and its zone.
  static func place(_ time: ZonedTime, _ airport: Airport) -> String {
    "\(time.hhmm) \(airport.code) (\(time.timeZoneID))"
  }
}
