import Airline
import Canvas
import Domain
import Widgets
import Words

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Draws the trips screen: a count, the column names and the virtualized list, or one booking
/// opened whole.
public enum TripsView {
  /// Rows above the list inside the panel: the count and the column names.
  static let headerRows = 2

  /// How many rows the list shows on a screen `screenHeight` rows tall: the header and the hint
  /// bar, the panel's two borders and the list's own header. The reducer pages by this, so what
  /// it reads is exactly what is drawn.
  public static func pageHeight(screenHeight: Int) -> Int {
    max(1, screenHeight - 2 - 2 - headerRows)
  }

  /// The panel's title.
  public static func title(_ state: TripsFeature.State, strings: Strings) -> String {
    guard let opened = state.opened else { return strings.trips.title }
    return strings.trips.title + " · " + opened.rawValue
  }

  /// Draws the list, or the opened booking, into the panel's content `rect`.
  public static func draw(
    _ state: TripsFeature.State, on canvas: inout Canvas, in rect: Rect, theme: Theme,
    strings: Strings, language: Language, zone: Zone, spinner: Int, now: Date
  ) {
    guard !rect.isEmpty else { return }
    if let opened = state.opened {
      drawOpened(
        opened, state.rows[opened], trip: state.trip, card: state.card, on: &canvas, in: rect,
        theme: theme,
        strings: strings, language: language, zone: zone, spinner: spinner, now: now)
      return
    }
    let texts = strings.trips
    switch state.listing {
    case .loading:
      canvas.put(
        Spinner.frame(spinner) + " " + texts.listing, x: rect.x, y: rect.y, style: theme.text,
        clip: rect)
    case .failed(let message):
      canvas.put(message, x: rect.x, y: rect.y, style: theme.error, clip: rect)
    case .loaded(let listing) where listing.isEmpty:
      canvas.put(texts.empty, x: rect.x, y: rect.y, style: theme.dim, clip: rect)
    case .loaded(let listing):
      canvas.put(texts.count(listing.count), x: rect.x, y: rect.y, style: theme.dim, clip: rect)
      let list = rect.splitTop(headerRows).rest
      let widths = columnWidths(fitting: rect.width - 1)
      canvas.put(
        row(texts.columns, widths: widths), x: rect.x, y: rect.y + 1, style: theme.dim,
        clip: rect)
      canvas.record(ClickTarget.tripList, in: list)
      ListView.draw(
        on: &canvas, in: list, count: listing.count, selected: state.selected, theme: theme
      ) { index, rowRect, isSelected, canvas in
        canvas.record(ClickTarget.trip(index), in: rowRect)
        let item = listing[index]
        let style = isSelected ? theme.selection : theme.text
        switch state.rows[item.reference] {
        case .loaded(let booking)?:
          let cells = cells(booking, language: language, zone: zone, strings: strings)
          canvas.put(
            row(cells, widths: widths), x: rowRect.x, y: rowRect.y, style: style, clip: rowRect)
        case .failed(let message)?:
          canvas.put(
            item.reference.rawValue + "  " + texts.rowUnreadable(message), x: rowRect.x,
            y: rowRect.y, style: isSelected ? theme.selection : theme.error, clip: rowRect)
        case .loading?, nil:
          canvas.put(
            item.reference.rawValue + "  " + Spinner.frame(spinner) + " " + texts.rowLoading,
            x: rowRect.x, y: rowRect.y, style: isSelected ? theme.selection : theme.dim,
            clip: rowRect)
        }
      }
    }
  }

  /// The keys that act here.
  public static func hints(_ state: TripsFeature.State, strings: Strings, now: Date)
    -> [KeyHint]
  {
    let texts = strings.trips
    // While the cancellation or a change is being confirmed no key acts.
    let asked = state.trip?.asked?.question
    if asked == .confirmation || asked == .changeConfirmation { return [] }
    if let trip = state.trip,
      let hints = changeHints(trip, card: state.card, strings: strings, now: now)
    {
      return hints
    }
    switch state.trip?.current {
    case .cancellation? where state.trip?.asked == nil:
      let expired = state.trip.map { $0.quoteExpired || $0.quoteHasExpired(at: now) } ?? false
      return
        (expired
        ? [KeyHint("r", texts.hintQuoteAgain)] : [KeyHint("Enter", texts.hintConfirmCancel)])
        + [KeyHint("Esc", texts.hintKeep), KeyHint("q", strings.hintQuit)]
    default:
      break
    }
    if state.opened != nil {
      return [KeyHint("Esc", strings.hintBack), KeyHint("q", strings.hintQuit)]
    }
    return [
      KeyHint("↑↓", strings.hintMove), KeyHint("Enter", strings.trips.hintOpen),
      KeyHint("Esc", strings.hintBack), KeyHint("q", strings.hintQuit),
    ]
  }

  // MARK: - Rows

  /// The widest each column gets: reference, departure, route, flights, passengers, total, paid.
  static let widths = [6, 15, 11, 13, 4, 14, 6]
  /// Right-aligned columns: passengers and the total.
  static let rightAligned: Set<Int> = [4, 5]

  /// The columns that fit in `width`, in order; the later ones give way first.
  static func columnWidths(fitting width: Int) -> [Int] {
    var used = 0
    var fitted: [Int] = []
    for column in widths {
      let needed = column + (fitted.isEmpty ? 0 : 2)
      guard used + needed <= width else { break }
      used += needed
      fitted.append(column)
    }
    return fitted.isEmpty ? [max(1, width)] : fitted
  }

  /// The texts of a booking's row. A round trip is marked `IST ⇄ AMS`, leaves and comes back on
  /// the days it says (`Th 24–31 Dec`), and lists its flights out, then back (`TK1957/TK1958`).
  /// A cancelled booking says so where its flights would be.
  static func cells(_ booking: Booking, language: Language, zone: Zone, strings: Strings)
    -> [String]
  {
    let offer = booking.offer
    let departs: String
    let route: String
    if let inbound = offer.inbound {
      departs = days(offer.departure.day, inbound.departure.day, language: language)
      route = "\(offer.origin.code) ⇄ \(offer.destination.code)"
    } else {
      departs = language.compactWeekdayDate(offer.departure.day) + " " + offer.departure.hhmm
      route = ([offer.origin.code] + offer.segments.map(\.destination.code)).map(\.description)
        .joined(separator: "→")
    }
    return [
      booking.reference.rawValue,
      departs,
      route,
      booking.isCancelled
        ? strings.trips.cancelledMark
        : offer.slices.map { $0.flightNumbers.map(\.description).joined(separator: "+") }
          .joined(separator: "/"),
      String(booking.passengers.count),
      booking.totalPaid.formatted(language.moneyStyle),
      language.shortDate(CalendarDay(booking.paidAt, in: zone)),
    ]
  }

  /// Two days as short as they can be said, the first with its weekday in two letters:
  /// `Th 24–31 Dec` (`Pe 24–31 Ara`) in one month, else `Mo 28 Dec–4 Jan`.
  static func days(_ first: CalendarDay, _ last: CalendarDay, language: Language) -> String {
    guard first.month == last.month, first.year == last.year else {
      return language.compactWeekdayDate(first) + "–" + language.shortDate(last)
    }
    return language.weekdayAndDay(first) + "–" + language.shortDate(last)
  }

  /// `cells` laid out in `widths`, two spaces apart; a text longer than its column is cut.
  static func row(_ cells: [String], widths: [Int]) -> String {
    zip(cells, widths).enumerated().map { index, pair in
      let (text, width) = pair
      let fitted = DisplayWidth.of(text) > width ? DisplayWidth.truncate(text, to: width) : text
      return DisplayWidth.pad(fitted, to: width, alignRight: rightAligned.contains(index))
    }.joined(separator: "  ")
  }

  // MARK: - One booking

  private static func drawOpened(
    _ reference: BookingReference, _ row: Loadable<Booking>?, trip: TripFlow?, card: ChangeCard,
    on canvas: inout Canvas, in rect: Rect, theme: Theme, strings: Strings, language: Language,
    zone: Zone, spinner: Int, now: Date
  ) {
    if let trip, isChanging(trip) {
      drawChange(
        trip, card: card, on: &canvas, in: rect, theme: theme, strings: strings,
        language: language, zone: zone, spinner: spinner, now: now)
      return
    }
    var y = rect.y
    canvas.put(strings.referenceLabel, x: rect.x, y: y, style: theme.dim, clip: rect)
    y += 1
    canvas.put(
      reference.rawValue.map(String.init).joined(separator: " "), x: rect.x + 2, y: y,
      style: theme.emphasis, clip: rect)
    y += 2
    let rest = Rect(x: rect.x, y: y, width: rect.width, height: max(0, rect.maxY - y))
    let read: Booking? = if case .loaded(let booking)? = row { booking } else { nil }
    switch trip?.booking ?? read {
    case let shown?:
      y = ConfirmationView.drawBooking(
        shown, on: &canvas, in: rest, theme: theme, strings: strings, language: language)
      canvas.put(
        strings.trips.paidOn(language.weekdayDate(CalendarDay(shown.paidAt, in: zone))),
        x: rect.x, y: y, style: theme.dim, clip: rect)
      if let trip {
        drawTrip(
          trip, on: &canvas, from: y + 1, in: rect, theme: theme, strings: strings,
          language: language, zone: zone, spinner: spinner, now: now)
      }
    case nil:
      if case .failed(let message)? = row {
        canvas.put(
          strings.trips.rowUnreadable(message), x: rest.x, y: rest.y, style: theme.error,
          clip: rest)
      } else {
        canvas.put(
          Spinner.frame(spinner) + " " + strings.loadingBooking, x: rest.x, y: rest.y,
          style: theme.text, clip: rest)
      }
    }
  }

  /// The trip's current step under its booking, from row `top`: what the fare allows, the
  /// cancellation quote, or the cancellation; then the airline's answer awaited or refused.
  private static func drawTrip(
    _ trip: TripFlow, on canvas: inout Canvas, from top: Int, in rect: Rect, theme: Theme,
    strings: Strings, language: Language, zone: Zone, spinner: Int, now: Date
  ) {
    let texts = strings.trips
    var y = top
    func line(_ text: String, _ style: Style, indent: Int = 0) {
      canvas.put(text, x: rect.x + indent, y: y, style: style, clip: rect)
      y += 1
    }
    switch trip.current {
    case .booking(let booking):
      if let change = booking.changes.last {
        line(
          texts.change.changed(
            language.weekdayDate(CalendarDay(change.changedAt, in: zone)), change.version,
            change.quote.newSlice.flightNumbers.map(\.description).joined(separator: "+")),
          theme.dim)
      }
      line(texts.refundRule(booking.offer.conditions.refundBeforeDeparture), theme.text)
      line(texts.changeRule(booking.offer.conditions.changeBeforeDeparture), theme.text)
    case .cancellation(let quote):
      y += 1
      line(texts.cancelQuestion(quote.reference.rawValue), theme.emphasis)
      line(
        texts.refund(quote.refund.formatted(language.moneyStyle), quote.refundTo.displayName),
        theme.text, indent: 2)
      line(
        texts.kept(quote.kept.formatted(language.moneyStyle), quote.refundable), theme.dim,
        indent: 2)
      if trip.asked == nil, trip.problem == nil, trip.quoteHasExpired(at: now) {
        line(texts.quoteExpired, theme.warning)
      }
    case .changed(let booking):
      if let change = booking.changes.last {
        line(
          texts.change.changed(
            language.weekdayDate(CalendarDay(change.changedAt, in: zone)), change.version,
            change.quote.newSlice.flightNumbers.map(\.description).joined(separator: "+")),
          theme.emphasis)
      }
      line(texts.refundRule(booking.offer.conditions.refundBeforeDeparture), theme.text)
      line(texts.changeRule(booking.offer.conditions.changeBeforeDeparture), theme.text)
    case .changeSearch, .changeOffers, .changeQuote:
      break
    case .cancelled(let booking):
      if let cancellation = booking.cancellation {
        line(
          texts.cancelled(
            language.weekdayDate(CalendarDay(cancellation.cancelledAt, in: zone)),
            cancellation.refund.formatted(language.moneyStyle),
            cancellation.quote.refundTo.displayName), theme.emphasis)
      }
    }
    if let asked = trip.asked {
      let waiting = asked.question == .confirmation ? texts.cancelling : texts.quoting
      line(Spinner.frame(spinner) + " " + waiting, theme.text)
    } else if let problem = trip.problem {
      line(problem + (trip.quoteExpired ? " " + texts.quoteExpired : ""), theme.error)
    }
  }
}
