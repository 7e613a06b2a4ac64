import Canvas
import Domain
import Widgets
import Words

/// Draws the seat map, bags, insurance and the running estimate, and names their keys.
enum ExtrasView {
  /// The legend with what each kind of seat costs on this map: the cheapest to the dearest
  /// standard seat, and of the seats with more room, when the map has them.
  static func legend(_ strings: Strings, _ map: SeatMap, _ language: Language) -> SeatLegend {
    var legend = strings.legend
    func prices(_ seats: [Seat]) -> String? {
      let amounts = seats.map(\.price)
      guard let low = amounts.min(by: { $0.amount < $1.amount }),
        let high = amounts.max(by: { $0.amount < $1.amount })
      else { return nil }
      guard high.amount > 0 else { return strings.noCharge }
      // The amounts stay on one line when the legend wraps.
      return Money.briefRange(low, high, language.moneyStyle)?.replacing(" ", with: "\u{A0}")
    }
    if let standard = prices(map.seats.filter { $0.kind == .standard }) {
      legend.free = strings.availableAt(standard)
    }
    if let premium = prices(map.seats.filter { $0.kind != .standard }) {
      legend.premium = strings.premiumAt(premium)
    }
    return legend
  }

  static func draw(
    _ state: ExtrasFeature.State, on canvas: inout Canvas, in rect: Rect, theme: Theme,
    strings: Strings, language: Language, spinner: Int
  ) {
    guard !rect.isEmpty else { return }
    guard
      LoadStatusView.value(
        of: state.seatMaps, loadingText: strings.loadingSeatMap, on: &canvas, in: rect,
        theme: theme, strings: strings, spinner: spinner) != nil
    else { return }
    let seated = state.seatedPassengers
    let shownSeats = state.shownSeats
    // Each passenger's number is their place in the draft, as in the quote's lines.
    func number(_ passenger: Passenger) -> Int {
      (state.draft.passengers.firstIndex(of: passenger) ?? 0) + 1
    }
    var side = rect
    var mapRect = Rect(x: rect.x, y: rect.y, width: 0, height: 0)
    if let map = state.shownMap {
      let mapWidth = min(SeatMapView.requiredWidth(for: map) + 2, rect.width / 2)
      (mapRect, side) = rect.splitLeft(mapWidth)
    }

    var panel = Rect(x: side.x + 1, y: side.y, width: side.width - 1, height: side.height)
    // The side column is gathered first, then drawn scrolled so the focused part (the seats,
    // the bags, insurance, or the estimate and Continue) stays in view on a short screen, with a
    // marker where lines are hidden above or below.
    var rows: [[(text: String, style: Style)]] = []
    var focusRow = 0
    var keep: ClosedRange<Int>?
    // Click targets by row, and how wide where not the whole row: kept only for a canvas that
    // keeps regions.
    var targets: [Int: ExtrasFeature.Target] = [:]
    var targetWidths: [Int: Int] = [:]
    let keepsTargets = canvas.regions != nil
    func line(
      _ text: String, _ style: Style, focused: Bool = false, target: ExtrasFeature.Target? = nil
    ) {
      if focused { focusRow = rows.count }
      if keepsTargets, let target { targets[rows.count] = target }
      rows.append([(text, style)])
    }
    /// Keeps the lines from `start` to the last one in view, with the focused line.
    func keepSince(_ start: Int) { keep = start...max(start, rows.count - 1) }
    let seatsFocused = state.focus == .seats
    let offer = state.draft.offer
    let slices = offer.slices
    // Each seat map is the first flight's of its slice; on a connection the heading names that
    // flight, and a line says when the later flights' seats come. A round trip's heading is a
    // line of tabs naming its slices' first flights, the one whose seats are shown marked.
    let segments = slices.indices.contains(state.slice) ? slices[state.slice].segments : []
    if state.sliceCount > 1 {
      rows.append(sliceTabs(state, width: panel.width, theme: theme, strings: strings))
    } else {
      let firstFlight = segments.first.map {
        " · \($0.flightNumber) \($0.origin.code)→\($0.destination.code)"
      }
      line(
        strings.seatsHeading + (segments.count > 1 ? firstFlight ?? "" : ""),
        seatsFocused ? theme.title : theme.dim)
    }
    // A long name gives way (with …) to what follows it: the seat, the bag count and its keys.
    func row(_ lead: String, _ name: String, _ tail: String) -> String {
      let room = panel.width - DisplayWidth.of(lead) - DisplayWidth.of(tail)
      return lead + DisplayWidth.truncate(name, to: max(4, room)) + tail
    }
    for (index, passenger) in seated.enumerated() {
      let seat = shownSeats[passenger.id]?.description ?? strings.noSeat
      let current = seatsFocused && index == state.passenger
      line(
        row("\(current ? "▸" : " ") \(number(passenger)) ", passenger.fullName, "  \(seat)"),
        current ? theme.selection : theme.text, focused: current,
        target: .seatPassenger(number(passenger)))
    }
    for passenger in state.draft.passengers where !seated.contains(passenger) {
      line(
        row("  \(number(passenger)) ", passenger.fullName, "  \(strings.infantOnLap)"), theme.dim)
    }
    // The later flights of the shown slice, and the slices the airline has no seat map for.
    let unmapped = slices.dropFirst(max(1, state.sliceCount)).flatMap(\.segments)
    let later =
      state.shownMap == nil
      ? offer.segments : segments.dropFirst() + (state.slice == 0 ? unmapped : [])
    if !later.isEmpty {
      let flights = later.map { "\($0.flightNumber)" }.joined(separator: ", ")
      line("  " + strings.seatsAtCheckIn(flights), theme.dim)
    }
    if let message = state.message { line(message, theme.error) }
    if seatsFocused { keepSince(0) }
    line("", theme.text)
    let bagsStart = rows.count
    line(
      strings.bagsHeading, state.focus == .bags ? theme.title : theme.dim, target: .part(.bags))
    for (index, passenger) in state.draft.passengers.enumerated() {
      let current = state.focus == .bags && index == state.bagPassenger
      let bags = state.extras.bags[passenger.id] ?? 0
      line(
        row("\(current ? "▸" : " ") ", passenger.fullName, "  − \(bags) +"),
        current ? theme.selection : theme.text, focused: current, target: .bagPassenger(index))
    }
    if state.focus == .bags { keepSince(bagsStart) }
    line("", theme.text)
    let box = state.extras.insurance ? "[x]" : "[ ]"
    line(
      "\(box) \(strings.insuranceLabel)", state.focus == .insurance ? theme.selection : theme.text,
      focused: state.focus == .insurance, target: .part(.insurance))
    line("", theme.text)
    // The estimate is what Continue prices: in view with it. Its amounts stay within reach of
    // their labels on a wide panel.
    let estimateStart = rows.count
    let estimateWidth = min(panel.width, maximumEstimateWidth)
    if let lines = state.estimate {
      line(strings.estimateLabel, theme.dim)
      for item in lines {
        let amount = item.amount.formatted(language.moneyStyle)
        let width = max(0, estimateWidth - DisplayWidth.of(amount) - 2)
        let label = strings.lineItem(item, language.moneyStyle)
        line(DisplayWidth.pad(label, to: width) + "  " + amount, theme.text)
      }
      if let first = lines.first,
        let total = try? Money.sum(lines.map(\.amount), in: first.amount.currency)
      {
        let amount = total.formatted(language.moneyStyle)
        let width = max(0, estimateWidth - DisplayWidth.of(amount) - 2)
        line(
          DisplayWidth.pad(strings.totalLabel, to: width) + "  " + amount,
          theme.emphasis)
      }
    }
    line("", theme.text)
    if state.pricing {
      line("\(Spinner.frame(spinner)) \(strings.pricing)", theme.text, focused: true)
    } else {
      if keepsTargets { targetWidths[rows.count] = DisplayWidth.of(strings.continueButton) }
      line(
        strings.continueButton, state.focus == .proceed ? theme.selection : theme.title,
        focused: state.focus == .proceed, target: .part(.proceed))
    }
    if state.focus == .proceed || state.pricing { keepSince(estimateStart) }
    if let failure = state.failure {
      keepSince(rows.count - 1)
      line(failure, theme.error, focused: true)
    }
    if let change = state.priceChange?.priceChange {
      // The airline's question stays in view until it is answered, wrapped on a narrow panel.
      line("", theme.text)
      let questionStart = rows.count
      let said = strings.priceChanged(
        change.before.formatted(language.moneyStyle), change.after.formatted(language.moneyStyle))
      let title =
        change.reason == .fareSoldOut ? strings.fareSoldOutTitle : strings.priceChangedTitle
      for text in Modal.wrap(title, width: max(1, panel.width)) {
        line(text, theme.error)
      }
      for text in Modal.wrap(said, width: max(1, panel.width)) { line(text, theme.text) }
      let answer = Modal.wrap(strings.priceChangeAccept, width: max(1, panel.width))
      for (index, text) in answer.enumerated() {
        // The bracketed button accepts; "Esc: keep choosing" beside it names a key.
        let button = text.firstIndex(of: "]").map { DisplayWidth.of(text[...$0]) }
        if keepsTargets, let button { targetWidths[rows.count] = button }
        line(
          text, theme.selection, focused: index == answer.count - 1,
          target: button == nil ? nil : .acceptPriceChange)
      }
      keepSince(questionStart)
    }

    // The legend spans the panel under the map and the column, right under the taller of them
    // (a row apart where there is room), on as few rows as its width allows.
    if let map = state.shownMap {
      let words = legend(strings, map, language)
      let legendRows =
        rect.height >= 5
        ? min(SeatMapView.legendRows(words, width: rect.width), max(1, rect.height / 6)) : 0
      let used = max(1 + map.rows.count, rows.count)
      let gap = used + 1 + legendRows <= rect.height ? 1 : 0
      let body = min(used, rect.height - legendRows - gap)
      mapRect.height = body
      panel.height = body
      var chosen: [SeatDesignator: String] = [:]
      for passenger in seated {
        if let seat = shownSeats[passenger.id] { chosen[seat] = String(number(passenger)) }
      }
      canvas.record(ExtrasFeature.Target.seatMap, in: mapRect)
      SeatMapView.draw(
        on: &canvas, in: mapRect, seatMap: map, chosen: chosen,
        cursor: state.focus == .seats ? state.cursor : nil, theme: theme,
        legend: words, drawsLegend: false)
      SeatMapView.drawLegend(
        on: &canvas,
        in: Rect(x: rect.x, y: rect.y + body + gap, width: rect.width, height: legendRows),
        legend: words, theme: theme)
    }
    drawScrolled(
      rows, on: &canvas, in: panel,
      window: ScrollWindow(count: rows.count, height: panel.height, showing: focusRow, keep: keep),
      theme: theme, strings: strings, targets: (targets, targetWidths))
  }

  /// The widest the estimate's lines get, so an amount stays within reach of its label.
  static let maximumEstimateWidth = 60

  /// Draws the lines of `window` in `panel`, each cut with `…` where it does not fit, and the
  /// markers of the lines hidden above and below; notes the click targets of the lines shown, by
  /// line (as wide as said, else the panel's width).
  private static func drawScrolled(
    _ rows: [[(text: String, style: Style)]], on canvas: inout Canvas, in panel: Rect,
    window: ScrollWindow, theme: Theme, strings: Strings,
    targets: (lines: [Int: ExtrasFeature.Target], widths: [Int: Int])
  ) {
    for (offset, row) in rows[window.lines].enumerated() {
      let y = panel.y + window.firstLineRow + offset
      let index = window.lines.lowerBound + offset
      if !targets.lines.isEmpty, let target = targets.lines[index] {
        let width = targets.widths[index] ?? panel.width
        canvas.record(target, in: Rect(x: panel.x, y: y, width: width, height: 1))
      }
      var x = panel.x
      for piece in row {
        let room = panel.maxX - x
        guard room > 0 else { break }
        let cut = DisplayWidth.of(piece.text) > room
        let text = cut ? DisplayWidth.truncate(piece.text, to: room) : piece.text
        x = canvas.put(text, x: x, y: y, style: piece.style, clip: panel)
        if cut { break }
      }
    }
    guard window.marked else { return }
    if window.hiddenAbove > 0 {
      canvas.put(
        DisplayWidth.truncate(strings.moreAbove, to: panel.width), x: panel.x, y: panel.y,
        style: theme.accent, clip: panel)
    }
    if window.hiddenBelow > 0 {
      canvas.put(
        DisplayWidth.truncate(strings.moreBelow, to: panel.width), x: panel.x,
        y: panel.maxY - 1, style: theme.accent, clip: panel)
    }
  }

  /// The tabs of a round trip's slices, "▸ Outbound TK1957 IST→AMS   Return TK1958 AMS→IST",
  /// the shown one marked; shorter forms (without the flight, then the names alone) when the
  /// column is narrow, and at the narrowest the shown slice alone with the key to the other
  /// ("▸ Return  [").
  static func sliceTabs(
    _ state: ExtrasFeature.State, width: Int, theme: Theme, strings: Strings
  ) -> [(text: String, style: Style)] {
    let slices = Array(state.draft.offer.slices.prefix(state.sliceCount))
    let shownStyle = state.focus == .seats ? theme.selection : theme.title
    let forms: [(Int, Slice) -> String] = [
      { index, slice in
        let flight = slice.firstSegment
        return "\(strings.sliceName(index)) \(flight.flightNumber) "
          + "\(flight.origin.code)→\(flight.destination.code)"
      },
      { index, slice in
        "\(strings.sliceName(index)) \(slice.origin.code)→\(slice.destination.code)"
      },
      { index, _ in strings.sliceName(index) },
    ]
    for form in forms {
      let labels = slices.enumerated().map { form($0.offset, $0.element) }
      let total = labels.reduce(0) { $0 + 2 + DisplayWidth.of($1) } + labels.count - 1
      guard total <= width else { continue }
      var pieces: [(text: String, style: Style)] = []
      for (index, label) in labels.enumerated() {
        let shown = index == state.slice
        pieces.append(((index > 0 ? " " : "") + (shown ? "▸ " : "  "), theme.dim))
        pieces.append((label, shown ? shownStyle : theme.dim))
      }
      return pieces
    }
    let key = state.slice + 1 < slices.count ? "]" : "["
    return [
      ("▸ ", theme.dim), (strings.sliceName(state.slice), shownStyle), ("  " + key, theme.dim),
    ]
  }

  static func hints(_ state: ExtrasFeature.State, strings: Strings) -> [KeyHint] {
    if state.priceChange != nil {
      return [
        KeyHint("Enter", strings.hintAcceptPrice), KeyHint("Esc", strings.hintKeepChoosing),
        KeyHint("q", strings.hintQuit),
      ]
    }
    var hints: [KeyHint]
    switch state.focus {
    case .seats:
      hints = [KeyHint("←↑↓→", strings.hintMove), KeyHint("Enter", strings.hintPick)]
      if state.seatedPassengers.count > 1 { hints.append(KeyHint("1-9", strings.hintChange)) }
    case .bags: hints = [KeyHint("+/-", strings.hintBags), KeyHint("↑↓", strings.hintMove)]
    case .insurance: hints = [KeyHint("Space", strings.hintToggle)]
    case .proceed: hints = [KeyHint("Enter", strings.hintContinue)]
    }
    // A round trip's other slice: ] to the return's seats, [ back to the outbound's.
    if state.sliceCount > 1 {
      let other = state.slice + 1 < state.sliceCount ? state.slice + 1 : state.slice - 1
      hints.append(KeyHint(other > state.slice ? "]" : "[", strings.hintSliceSeats(other)))
    }
    return hints + [
      KeyHint("Tab", strings.hintNext), KeyHint("c", strings.hintContinue),
      KeyHint("Esc", strings.hintBack), KeyHint("q", strings.hintQuit),
    ]
  }
}
