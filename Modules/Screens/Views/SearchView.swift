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
      case .search:
        form.add(.blank)
        form.add(.button(strings.searchButton, focused: focused), target: ClickTarget.searchButton)
        continue
      case .trip:
        form.add(
          .selector(
            label: strings.tripLabel, value: state.roundTrip ? strings.roundTrip : strings.oneWay,
            focused: focused, error: state.errors[field]), target: ClickTarget.searchField(field))
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
        target: ClickTarget.searchField(field))
      if focused {
        for (index, airport) in suggestions.enumerated() {
          let marker = index == state.suggestion ? "▸ " : "  "
          let style = index == state.suggestion ? theme.selection : theme.text
          form.add(
            .text(
              String(repeating: " ", count: form.labelWidth) + marker
                + "\(airport.code)  \(airport.city) · \(airport.name)", style),
            target: ClickTarget.suggestion(index))
        }
      }
    }
    form.draw(on: &canvas, in: rect.inset(by: 0), theme: theme)
  }

  public static func hints(_ state: SearchFeature.State, strings: Strings) -> [KeyHint] {
    let end = [
      KeyHint("F1", strings.hintHelp), KeyHint("^C", strings.hintQuit),
      KeyHint("^T", strings.trips.hintTrips),
    ]
    // As in the other forms: Enter goes field by field and searches from the button; Ctrl-S
    // searches from any field.
    let moves = [KeyHint("Tab/Enter", strings.hintNext), KeyHint("^S", strings.hintSubmit)]
    switch state.focus {
    case .search:
      return [KeyHint("Enter", strings.hintSubmit), KeyHint("Tab", strings.hintNext)] + end
    case .date, .returning:
      return moves + [
        KeyHint("+/-", strings.hintDate), KeyHint("PgUp/PgDn", strings.hintMonth),
      ] + end
    case .trip:
      return moves + [KeyHint("←→", strings.hintChange)] + end
    case .adults, .children, .infants:
      return moves + [KeyHint("+/-", strings.hintChange)] + end
    case .origin, .destination:
      // Enter and Tab take the highlighted suggestion; Ctrl-S searches with it.
      return moves + [KeyHint("↑↓", strings.hintSelect)] + end
    }
  }
}
