import Airline
import Canvas
import Domain
import Widgets
import Words

/// Draws the search form and names its keys.
public enum SearchView {
  public static func draw(
    _ state: SearchFeature.State, on canvas: inout Canvas, in rect: Rect, theme: Theme,
    strings: Strings, language: Language
  ) {
    var form = FormLayout(on: canvas)
    let suggestions = state.suggested
    for field in state.fieldOrder {
      let focused = state.focus == field
      let label: String
      var note = ""
      switch field {
      case .trip:
        form.add(
          .selector(
            label: strings.tripLabel, value: state.roundTrip ? strings.roundTrip : strings.oneWay,
            focused: focused, error: state.errors[field]), target: .searchField(field))
        continue
      case .origin, .destination:
        label = field == .origin ? strings.fromLabel : strings.toLabel
        if let airport = state.named[field] {
          note = "\(airport.name), \(airport.city)"
        } else if state[field]?.text.isEmpty ?? true {
          note = strings.airportPlaceholder
        }
      case .date, .returning:
        label = field == .date ? strings.dateLabel : strings.returnLabel
        if let day = try? CalendarDay(iso: state[field]?.text ?? "") {
          note = language.weekdayDate(day)
        }
      case .adults:
        label = strings.adultsLabel
        note = strings.adultsNote
      case .children:
        label = strings.childrenLabel
        note = strings.childrenNote
      case .infants:
        label = strings.infantsLabel
        note = strings.infantsNote
      }
      guard let text = state[field] else { continue }
      form.add(
        .field(
          label: label, field: text, focused: focused, error: state.errors[field], note: note),
        target: .searchField(field))
      if focused {
        for (index, airport) in suggestions.enumerated() {
          let marker = index == state.suggestion ? "▸ " : "  "
          let style = index == state.suggestion ? theme.selection : theme.text
          form.add(
            .text(
              String(repeating: " ", count: form.labelWidth) + marker
                + "\(airport.code)  \(airport.city) · \(airport.name)", style),
            target: .suggestion(index))
        }
      }
    }
    form.add(.blank)
    form.add(.text(strings.searchButton, theme.dim), target: .searchButton)
    form.draw(on: &canvas, in: rect.inset(by: 0), theme: theme)
  }

  public static func hints(_ state: SearchFeature.State, strings: Strings) -> [KeyHint] {
    let end = [
      KeyHint("F1", strings.hintHelp), KeyHint("^C", strings.hintQuit),
      KeyHint("^T", strings.trips.hintTrips),
    ]
    switch state.focus {
    case .date, .returning:
      return [
        KeyHint("Enter", strings.hintSubmit), KeyHint("+/-", strings.hintDate),
        KeyHint("PgUp/PgDn", strings.hintMonth), KeyHint("Tab", strings.hintNext),
      ] + end
    case .trip:
      return [
        KeyHint("Enter", strings.hintSubmit), KeyHint("←→", strings.hintChange),
        KeyHint("Tab", strings.hintNext),
      ] + end
    case .adults, .children, .infants:
      return [
        KeyHint("Enter", strings.hintSubmit), KeyHint("+/-", strings.hintChange),
        KeyHint("Tab", strings.hintNext),
      ] + end
    case .origin, .destination:
      // Enter takes a suggestion there; Ctrl-S searches with the one highlighted.
      return [
        KeyHint("Enter", strings.hintSubmit), KeyHint("Tab", strings.hintNext),
        KeyHint("↑↓", strings.hintSelect), KeyHint("^S", strings.hintSubmit),
      ] + end
    }
  }
}
