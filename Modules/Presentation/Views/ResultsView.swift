import Domain

/// Draws the offers list and names its keys.
enum ResultsView {
  static func draw(
    _ state: ResultsFeature.State, on canvas: inout Canvas, in rect: Rect, theme: Theme,
    strings: Strings, language: Language, spinner: Int
  ) {
    guard !rect.isEmpty else { return }
    let (header, body) = rect.splitTop(2)
    switch state.load {
    case .loading:
      canvas.put(
        "\(Spinner.frame(spinner)) \(strings.loadingOffers)", x: body.x, y: body.y,
        style: theme.text, clip: body)
      return
    case .failed(let message):
      canvas.put(message, x: body.x, y: body.y, style: theme.error, clip: body)
      canvas.put("r: \(strings.hintRetry)", x: body.x, y: body.y + 1, style: theme.dim, clip: body)
      return
    case .loaded(let offers):
      var summary =
        strings.offerCount(state.listed.count, offers.count) + " · "
        + strings.sortedBy(strings.sortNames[state.sort] ?? "")
      if state.nonstopOnly { summary += " · " + strings.nonstopOnly }
      canvas.put(summary, x: header.x, y: header.y, style: theme.dim, clip: header)
      if state.listed.isEmpty {
        let text = offers.isEmpty ? strings.noOffers : strings.noNonstops
        canvas.put(text, x: body.x, y: body.y, style: theme.warning, clip: body)
        return
      }
    }
    let listed = state.listed
    ListView.draw(
      on: &canvas, in: body, count: listed.count, selected: state.selected, theme: theme
    ) { index, row, isSelected, canvas in
      drawRow(
        listed[index], on: &canvas, in: row, selected: isSelected, theme: theme, strings: strings,
        language: language)
    }
  }

  /// One offer on one line: times, flights, airline, duration, stops, cabin, price.
  static func drawRow(
    _ offer: Offer, on canvas: inout Canvas, in row: Rect, selected: Bool, theme: Theme,
    strings: Strings, language: Language
  ) {
    let base = selected ? theme.selection : theme.text
    let dayShift = offer.departure.day.days(until: offer.arrival.day)
    let times =
      "\(offer.departure.hhmm)→\(offer.arrival.hhmm)" + (dayShift > 0 ? "+\(dayShift)" : "  ")
    let flights = offer.flightNumbers.map(\.description).joined(separator: "+")
    let stops = offer.stops == 0 ? strings.nonstop : strings.stops(offer.stops)
    let price = offer.pricePerPassenger.formatted(language.moneyStyle)
    let priceWidth = min(DisplayWidth.of(price) + 1, row.width)
    let (left, priceRect) = row.splitLeft(row.width - priceWidth)
    var x = left.x + 1
    let columns: [(String, Int, Style)] = [
      (times, 14, base), (flights, 15, base.adding(.bold)), (offer.airline.name, 19, base),
      (language.duration(minutes: offer.durationMinutes), 9, base),
      (stops, 10, offer.stops == 0 ? (selected ? base : theme.success) : base),
      (strings.cabinNames[offer.cabin] ?? "", 10, selected ? base : theme.dim),
    ]
    for (text, width, style) in columns {
      guard x < left.maxX else { break }
      x = canvas.put(
        DisplayWidth.pad(text, to: width - 1) + " ", x: x, y: row.y, style: style, clip: left)
    }
    canvas.put(
      DisplayWidth.pad(price, to: priceRect.width, alignRight: true), x: priceRect.x, y: row.y,
      style: selected ? base.adding(.bold) : theme.accent, clip: priceRect)
  }

  static func hints(_ state: ResultsFeature.State, strings: Strings) -> [KeyHint] {
    if case .failed = state.load {
      return [
        KeyHint("r", strings.hintRetry), KeyHint("Esc", strings.hintBack),
        KeyHint("q", strings.hintQuit),
      ]
    }
    return [
      KeyHint("Enter", strings.hintSelect), KeyHint("↑↓", strings.hintMove),
      KeyHint("s", strings.hintSort), KeyHint("n", strings.hintNonstop),
      KeyHint("Esc", strings.hintBack), KeyHint("?", strings.hintHelp),
      KeyHint("q", strings.hintQuit),
    ]
  }
}
