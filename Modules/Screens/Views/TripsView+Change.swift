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

/// The change steps of an opened booking: the day searched, the flights offered, the quote with
/// its price, seats and (for a change that costs money) the card. They take the place of the
/// booking's details, which the step's first two lines sum up.
extension TripsView {
  /// Whether `trip` is in a change (its steps draw in place of the booking's details).
  static func isChanging(_ trip: TripFlow?) -> Bool {
    switch trip?.current {
    case .changeSearch?, .changeOffers?, .changeQuote?: true
    default: false
    }
  }

  /// "TK1957 IST→AMS, Th 24 Dec 12:40 → 15:10" (the arrival "+1" when it lands the next day);
  /// `widths` pads the flights and the route, to line up rows.
  static func sliceLine(_ slice: Slice, language: Language, widths: (Int, Int) = (0, 0))
    -> String
  {
    let (flights, route) = parts(slice)
    let days = slice.departure.day.days(until: slice.arrival.day)
    func padded(_ text: String, _ width: Int) -> String {
      DisplayWidth.pad(text, to: max(width, DisplayWidth.of(text)))
    }
    return padded(flights, widths.0) + " " + padded(route + ",", widths.1)
      + " \(language.compactWeekdayDate(slice.departure.day)) \(slice.departure.hhmm) → "
      + slice.arrival.hhmm + (days > 0 ? "+\(days)" : "")
  }

  /// A slice's flights ("TK1957+TK1960") and route ("IST→MUC→AMS").
  static func parts(_ slice: Slice) -> (String, String) {
    (
      slice.flightNumbers.map(\.description).joined(separator: "+"),
      ([slice.origin.code] + slice.segments.map(\.destination.code)).map(\.description)
        .joined(separator: "→")
    )
  }

  /// Draws the change step of `trip` into `rect`.
  static func drawChange(
    _ trip: TripFlow, card: ChangeCard, on canvas: inout Canvas, in rect: Rect, theme: Theme,
    strings: Strings, language: Language, zone: Zone, spinner: Int, now: Date
  ) {
    let texts = strings.trips.change
    let money = language.moneyStyle
    let booking = trip.booking
    var y = rect.y
    func line(_ text: String, _ style: Style, indent: Int = 0) {
      canvas.put(text, x: rect.x + indent, y: y, style: style, clip: rect)
      y += 1
    }
    let slice: Int =
      switch trip.current {
      case .changeSearch(let criteria), .changeOffers(let criteria, _, _): criteria.slice
      case .changeQuote(let quote): quote.slice
      default: 0
      }
    line(
      texts.title(slice, booking.reference.rawValue, booking.offer.isRoundTrip), theme.emphasis)
    if booking.offer.slices.indices.contains(slice) {
      line(texts.booked(sliceLine(booking.offer.slices[slice], language: language)), theme.dim)
    }
    y += 1
    switch trip.current {
    case .changeSearch(let criteria):
      line(texts.day(language.weekdayDate(criteria.departure)), theme.text)
      if booking.offer.isRoundTrip { line(texts.otherFlight, theme.dim) }
    case .changeOffers(_, let offers, let selected):
      let height = max(1, rect.maxY - y - 2)
      let visible = ListView.visibleRange(count: offers.count, selected: selected, height: height)
      let widths = offers.map { parts($0.newSlice) }.reduce((0, 0)) {
        (max($0.0, DisplayWidth.of($1.0)), max($0.1, DisplayWidth.of($1.1) + 1))
      }
      for index in visible {
        let offer = offers[index]
        let row =
          (index == selected ? "› " : "  ")
          + sliceLine(offer.newSlice, language: language, widths: widths)
          + "  " + total(offer.total, refundTo: nil, texts, money)
        line(row, index == selected ? theme.selection : theme.text)
      }
    case .changeQuote(let quote):
      line(sliceLine(quote.newSlice, language: language), theme.emphasis)
      line(
        texts.parts(
          quote.total.newFare.formatted(money), quote.total.oldFare.formatted(money),
          quote.total.penalty.formatted(money)), theme.dim, indent: 2)
      line(total(quote.total, refundTo: quote.refundTo, texts, money), theme.text, indent: 2)
      let seats = quote.extras.seats(onSlice: quote.slice).values.sorted().map(\.description)
      line(
        seats.isEmpty ? texts.noSeats : texts.seatsHeld(seats.joined(separator: ", ")), theme.dim,
        indent: 2)
      let expired = trip.quoteExpired || trip.quoteHasExpired(at: now)
      if expired, trip.asked == nil, trip.problem == nil { line(texts.quoteExpired, theme.warning) }
      if quote.total.pays, !expired, trip.asked == nil {
        y += 1
        var form = FormLayout(on: canvas)
        let fields: [(PaymentFeature.Field, String)] = [
          (.number, strings.cardNumberLabel), (.expiry, strings.expiryLabel),
          (.cvc, strings.cvcLabel),
        ]
        form.labelWidth = max(18, (fields.map { DisplayWidth.of($0.1) }.max() ?? 0) + 2)
        for (field, label) in fields {
          if let text = card[field] {
            form.add(
              .field(
                label: label, field: text, focused: card.focus == field,
                error: card.errors[field], note: ""))
          }
        }
        form.add(
          .button(
            strings.payButton(quote.total.toPay.formatted(money)), focused: card.focus == .pay))
        let area = Rect(x: rect.x, y: y, width: rect.width, height: max(0, rect.maxY - y - 1))
        form.draw(on: &canvas, in: area, theme: theme)
        y += min(area.height, form.height(width: rect.width, theme: theme))
      }
    default:
      break
    }
    if let asked = trip.asked {
      let waiting =
        switch asked.question {
        case .changeOffers: texts.askingOffers
        case .changeQuote: texts.quoting
        default: texts.changing
        }
      line(Spinner.frame(spinner) + " " + waiting, theme.text)
    } else if let problem = trip.problem {
      line(problem, theme.error)
    }
  }

  /// What a change costs or gives back, in a line; in the list of flights (no `refundTo`), as
  /// short as it can be said: "+EUR 40.00", "EUR 12.00 back", "free".
  static func total(
    _ total: ChangeTotal, refundTo: PaymentMethod?, _ texts: TripChangeStrings, _ money: MoneyStyle
  ) -> String {
    if total.pays {
      let amount = total.toPay.formatted(money)
      return refundTo == nil ? "+" + amount : texts.toPay(amount)
    }
    if total.refunds {
      let amount = total.toRefund.formatted(money)
      return refundTo.map { texts.refund(amount, $0.displayName) } ?? texts.back(amount)
    }
    return texts.free
  }

  /// The keys that act on a change step.
  static func changeHints(_ trip: TripFlow, card: ChangeCard, strings: Strings, now: Date)
    -> [KeyHint]?
  {
    let texts = strings.trips.change
    guard trip.asked == nil else { return nil }
    switch trip.current {
    case .booking, .changed:
      return [
        KeyHint("m", texts.hint), KeyHint("c", strings.trips.hintCancel),
        KeyHint("Esc", strings.hintBack), KeyHint("q", strings.hintQuit),
      ]
    case .changeSearch:
      return [KeyHint("←→", texts.hintDay), KeyHint("PgUp/PgDn", texts.hintWeek)]
        + (trip.booking.offer.isRoundTrip ? [KeyHint("Tab", texts.hintOtherFlight)] : [])
        + [KeyHint("Enter", texts.hintSeeFlights), KeyHint("Esc", strings.hintBack)]
    case .changeOffers:
      return [
        KeyHint("↑↓", strings.hintMove), KeyHint("Enter", texts.hintChoose),
        KeyHint("Esc", strings.hintBack), KeyHint("q", strings.hintQuit),
      ]
    case .changeQuote(let quote):
      if trip.quoteExpired || trip.quoteHasExpired(at: now) {
        return [
          KeyHint("r", strings.trips.hintQuoteAgain), KeyHint("Esc", strings.hintBack),
          KeyHint("q", strings.hintQuit),
        ]
      }
      guard quote.total.pays else {
        return [
          KeyHint("Enter", texts.hintConfirm), KeyHint("Esc", texts.hintKeep),
          KeyHint("q", strings.hintQuit),
        ]
      }
      let moves =
        card.focus == .pay
        ? [KeyHint("Enter", texts.hintPay), KeyHint("Tab", strings.hintNext)]
        : [KeyHint("Tab/Enter", strings.hintNext), KeyHint("^S", texts.hintPay)]
      return moves + [KeyHint("Esc", strings.hintBack), KeyHint("^C", strings.hintQuit)]
    default:
      return nil
    }
  }
}
