import Canvas
import Domain
import Widgets
import Words

/// Draws the passenger forms and the contact, and names their keys.
enum PassengersView {
  static func draw(
    _ state: PassengersFeature.State, on canvas: inout Canvas, in rect: Rect, theme: Theme,
    strings: Strings, spinner: Int
  ) {
    var form = FormLayout(on: canvas)
    form.labelWidth = 20
    if state.prefill != .empty { form.add(.paragraph(strings.prefilledNote, theme.dim)) }
    for (index, passenger) in state.forms.enumerated() {
      form.add(.heading(strings.passengerHeading(state.type(of: index), state.number(of: index))))
      form.add(
        .selector(
          label: strings.titleLabel,
          value: passenger.title.map(strings.titleName) ?? strings.titleNotChosen,
          focused: state.focus == .title(index), error: state.errors[.title(index)]),
        target: PassengersFeature.Field.title(index))
      for (field, label) in [
        (PassengersFeature.Field.given(index), strings.givenLabel),
        (.family(index), strings.familyLabel), (.birth(index), strings.birthLabel),
      ] {
        if let text = state[field] {
          form.add(
            .field(
              label: label, field: text, focused: state.focus == field, error: state.errors[field],
              note: ""), target: field)
        }
      }
    }
    form.add(.heading(strings.contactHeading))
    form.add(
      .field(
        label: strings.emailLabel, field: state.email, focused: state.focus == .email,
        error: state.errors[.email], note: ""), target: PassengersFeature.Field.email)
    form.add(
      .field(
        label: strings.phoneLabel, field: state.phone, focused: state.focus == .phone,
        error: state.errors[.phone], note: ""), target: PassengersFeature.Field.phone)
    form.add(.blank)
    if state.saving {
      form.add(.text("\(Spinner.frame(spinner)) \(strings.saving)", theme.text))
    } else {
      form.add(
        .button(strings.continueButton, focused: state.focus == .proceed),
        target: PassengersFeature.Field.proceed)
    }
    if let failure = state.failure { form.add(.paragraph(failure, theme.error)) }
    form.draw(on: &canvas, in: rect, theme: theme)
  }

  static func hints(_ state: PassengersFeature.State, strings: Strings) -> [KeyHint] {
    // Enter moves on field by field and sends the form from Continue: the hint says which;
    // Ctrl-S sends it from any field.
    var hints =
      state.focus == .proceed
      ? [KeyHint("Enter", strings.hintContinue), KeyHint("Tab", strings.hintNext)]
      : [KeyHint("Tab/Enter", strings.hintNext), KeyHint("^S", strings.hintContinue)]
    if case .title = state.focus { hints.append(KeyHint("←→", strings.hintChange)) }
    return hints + [
      KeyHint("Esc", strings.hintBack), KeyHint("F1", strings.hintHelp),
      KeyHint("^C", strings.hintQuit),
    ]
  }
}
