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
    var form = FormLayout()
    let suggestions = state.suggested
    for field in SearchFeature.Field.allCases {
      let focused = state.focus == field
      let label: String
      var note = ""
      switch field {
      case .origin, .destination:
        label = field == .origin ? strings.fromLabel : strings.toLabel
        if let airport = state.named[field] {
          note = "\(airport.name), \(airport.city)"
        } else if state[field].text.isEmpty {
          note = strings.airportPlaceholder
        }
      case .date:
        label = strings.dateLabel
        if let day = try? CalendarDay(iso: state.date.text) { note = language.shortDate(day) }
      case .passengers:
        label = strings.passengersLabel
        note = "+ / -"
      }
      form.add(
        .field(
          label: label, field: state[field], focused: focused, error: state.errors[field],
          note: note))
      if focused {
        for (index, airport) in suggestions.enumerated() {
          let marker = index == state.suggestion ? "▸ " : "  "
          let style = index == state.suggestion ? theme.selection : theme.text
          form.add(
            .text(
              String(repeating: " ", count: form.labelWidth) + marker
                + "\(airport.code)  \(airport.city) · \(airport.name)", style))
        }
      }
    }
    form.add(.blank)
    form.add(.text(strings.searchButton, theme.dim))
    form.draw(on: &canvas, in: rect.inset(by: 0), theme: theme)
  }

  public static func hints(_ state: SearchFeature.State, strings: Strings) -> [KeyHint] {
    if state.focus == .date {
      return [
        KeyHint("Enter", strings.hintSubmit), KeyHint("+/-", strings.hintDate),
        KeyHint("PgUp/PgDn", strings.hintMonth), KeyHint("Tab", strings.hintNext),
        KeyHint("F1", strings.hintHelp), KeyHint("^C", strings.hintQuit),
        KeyHint("^T", strings.trips.hintTrips),
      ]
    }
    return [
      KeyHint("Enter", strings.hintSubmit), KeyHint("Tab", strings.hintNext),
      KeyHint("↑↓", strings.hintSelect), KeyHint("F1", strings.hintHelp),
      KeyHint("^C", strings.hintQuit), KeyHint("^T", strings.trips.hintTrips),
    ]
  }
}
