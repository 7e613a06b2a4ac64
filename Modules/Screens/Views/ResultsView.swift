import Canvas
import Domain
import Widgets
import Words

/// Draws the offers list and names its keys.
enum ResultsView {
  static func draw(
    _ state: ResultsFeature.State, on canvas: inout Canvas, in rect: Rect, theme: Theme,
    strings: Strings, language: Language, spinner: Int
  ) {
    guard !rect.isEmpty else { return }
    if state.showsDetails, let offer = state.highlighted {
      canvas.record(ResultsFeature.Target.list(.details), in: rect)
      OfferDetailsView.draw(
        offer, scroll: state.detailsScroll, on: &canvas, in: rect, theme: theme, strings: strings,
        language: language)
      return
    }
    // The summary; the week's fares where there is room for them and the list (bars, amounts,
    // days); the columns' headings.
    let showsStrip = rect.height >= 10 && rect.width >= 30
    let (top, body) = rect.splitTop(showsStrip ? 5 : 2)
    let header = top.row(0)
    if showsStrip {
      FareStrip.draw(
        state, on: &canvas, in: Rect(x: top.x, y: top.y + 1, width: top.width, height: 3),
        theme: theme, language: language)
    }
    guard
      let offers = LoadStatusView.value(
        of: state.load, loadingText: strings.loadingOffers, on: &canvas, in: body, theme: theme,
        strings: strings, spinner: spinner)
    else { return }
    canvas.put(
      DisplayWidth.truncateAtWord(
        summary(state, offers: offers, strings, language), to: header.width),
      x: header.x, y: header.y, style: theme.dim, clip: header)
    if state.choosingAirlines {
      drawChecklist(state, on: &canvas, in: body, theme: theme, strings: strings)
      return
    }
    if state.listed.isEmpty {
      var onlyNonstop = ResultsFeature.Filters()
      onlyNonstop.nonstopOnly = true
      let text =
        offers.isEmpty
        ? strings.noOffers
        : state.filters == onlyNonstop ? strings.noNonstops : strings.noneMatch
      for (row, line) in Modal.wrap(text, width: body.width).prefix(body.height).enumerated() {
        canvas.put(line, x: body.x, y: body.y + row, style: theme.warning, clip: body)
      }
      return
    }
    let listed = state.listed
    // A search's offers are all one way or all round trips: a round trip takes two lines.
    let rowHeight = listed[0].isRoundTrip ? 2 : 1
    let scrolls = listed.count > body.height / rowHeight
    let layout = ResultsRow.Layout(
      width: body.width - (scrolls ? 1 : 0), twoLines: rowHeight == 2, state: state,
      strings: strings, language: language)
    ResultsRow.drawHeadings(
      layout, on: &canvas, at: top.row(top.height - 1), theme: theme, strings: strings)
    canvas.record(ResultsFeature.Target.list(.offers), in: body)
    ListView.draw(
      on: &canvas, in: body, count: listed.count, selected: state.selected, theme: theme,
      rowHeight: rowHeight
    ) { index, row, isSelected, canvas in
      canvas.record(ResultsFeature.Target.offer(index), in: row)
      ResultsRow.draw(
        listed[index], on: &canvas, in: row, selected: isSelected, layout: layout, theme: theme,
        strings: strings, language: language)
    }
  }

  /// "12 of 40 offers · sorted by price · nonstop only · without LH · mornings · up to EUR 300".
  static func summary(
    _ state: ResultsFeature.State, offers: [Offer], _ strings: Strings, _ language: Language
  ) -> String {
    var parts = [
      strings.offerCount(state.listed.count, offers.count),
      strings.sortedBy(strings.sortName(state.sort.order)),
    ]
    let filters = state.filters
    if filters.nonstopOnly { parts.append(strings.nonstopOnly) }
    if !filters.hiddenAirlines.isEmpty {
      parts.append(strings.withoutAirlines(filters.hiddenAirlines.sorted().joined(separator: ", ")))
    }
    if let part = filters.dayPart { parts.append(strings.dayPartName(part) + " " + part.clock) }
    if let highest = filters.highestPrice, let currency = offers.first?.total.currency {
      parts.append(strings.upTo(Money(highest, currency).formatted(language.moneyStyle)))
    }
    return parts.joined(separator: " · ")
  }

  /// The airlines checklist: a line each, ticked when its offers show, with its count of offers
  /// under the other filters; an unticked airline those leave none is dimmed.
  static func drawChecklist(
    _ state: ResultsFeature.State, on canvas: inout Canvas, in rect: Rect, theme: Theme,
    strings: Strings
  ) {
    guard !rect.isEmpty else { return }
    canvas.put(
      DisplayWidth.truncateAtWord(strings.airlinesTitle, to: rect.width), x: rect.x, y: rect.y,
      style: theme.title, clip: rect)
    let list = Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: max(0, rect.height - 1))
    canvas.record(ResultsFeature.Target.list(.airlines), in: list)
    ListView.draw(
      on: &canvas, in: list, count: state.airlines.count, selected: state.airlineCursor,
      theme: theme
    ) { index, row, isSelected, canvas in
      canvas.record(ResultsFeature.Target.airline(index), in: row)
      let airline = state.airlines[index]
      let shown = !state.filters.hiddenAirlines.contains(airline.code)
      let count = state.airlineCounts[airline.code] ?? 0
      let style = isSelected ? theme.selection : count == 0 ? theme.dim : theme.text
      canvas.fill(row, style: style)
      canvas.put(
        " \(shown ? "[x]" : "[ ]") \(airline.code)  \(airline.name) (\(count))", x: row.x,
        y: row.y, style: style, clip: row)
    }
  }

  static func hints(_ state: ResultsFeature.State, strings: Strings) -> [KeyHint] {
    if case .failed = state.load {
      return [
        KeyHint("r", strings.hintRetry), KeyHint("Esc", strings.hintBack),
        KeyHint("q", strings.hintQuit),
      ]
    }
    if state.choosingAirlines {
      return [
        KeyHint("Space", strings.hintToggle), KeyHint("↑↓", strings.hintMove),
        KeyHint("Esc", strings.hintClose),
      ]
    }
    if state.showsDetails {
      return [
        KeyHint("↑↓", strings.hintMove), KeyHint("Enter", strings.hintSelect),
        KeyHint("Esc", strings.hintClose),
      ]
    }
    return [
      KeyHint("Enter", strings.hintSelect), KeyHint("d", strings.hintDetails),
      KeyHint("s", strings.hintSort),
      KeyHint("n", strings.hintNonstop), KeyHint("a", strings.hintAirlines),
      KeyHint("t", strings.hintTime), KeyHint("+/-", strings.hintPrice),
      KeyHint("x", strings.hintClear), KeyHint("[ ]", strings.hintDay),
      KeyHint("Esc", strings.hintBack), KeyHint("?", strings.hintHelp),
    ]
  }
}
