import Canvas
import Domain
import FlowOwner
import Presentation
import Widgets

/// Draws `booking --flow bag`: the header with the bag's red banner (and the countdown while a
/// quote is on the screens), the trip bar that watches the bag's offer and price (with the
/// header's notice), the screens open as a breadcrumb, the current screen as the app draws it (or, when the bag holds nothing
/// to build it from, the legacy screen reading nil), the key hints and any box.
public enum BagView {
  /// Draws `state` into `canvas`.
  public static func draw(_ state: BagRootFeature.State, on canvas: inout Canvas, theme: Theme) {
    let strings = state.strings
    guard canvas.width >= RootView.minimumSize.width,
      canvas.height >= RootView.minimumSize.height
    else {
      canvas.fill(canvas.bounds)
      let message = strings.tooSmall(
        RootView.minimumSize.width, RootView.minimumSize.height, canvas.width, canvas.height)
      for (row, line) in Modal.wrap(message, width: max(1, canvas.width)).prefix(canvas.height)
        .enumerated()
      {
        canvas.put(line, x: 0, y: row, style: theme.warning)
      }
      return
    }
    let (top, rest) = canvas.bounds.splitTop(1)
    let (middle, footer) = rest.splitBottom(1)
    drawHeader(state, on: &canvas, in: top, theme: theme)
    var body = middle
    let notice = state.shell.saveProblem ?? state.shell.notice
    if state.bag.selectedOffer != nil || notice != nil {
      let (bar, remaining) = body.splitTop(1)
      drawTripBar(state, notice: notice, on: &canvas, in: bar, theme: theme)
      body = remaining
    }
    if !state.bag.screens.isEmpty {
      let (crumb, remaining) = body.splitTop(1)
      canvas.fill(crumb)
      let names = ([StepKind.search] + state.bag.screens).map { strings.stepName($0) }
      canvas.put(
        " " + names.joined(separator: " › "), x: crumb.x, y: crumb.y, style: theme.dim,
        clip: crumb)
      body = remaining
    }
    let hints = drawCurrent(state, on: &canvas, in: body, theme: theme)
    StatusBar.draw(on: &canvas, in: footer, hints: hints, theme: theme)
    drawModal(state, on: &canvas, theme: theme)
  }

  private static func drawHeader(
    _ state: BagRootFeature.State, on canvas: inout Canvas, in rect: Rect, theme: Theme
  ) {
    canvas.fill(rect, style: theme.header)
    let x = canvas.put(
      " ✈ \(state.strings.appName)", x: rect.x, y: rect.y, style: theme.title)
    var right = rect.maxX
    if let quote = state.quote {
      let width = min(34, rect.width / 3)
      let area = Rect(x: rect.maxX - width - 1, y: rect.y, width: width, height: 1)
      CountdownView.draw(
        on: &canvas, in: area, remaining: quote.secondsRemaining(at: state.now),
        total: quote.lockSeconds ?? 15 * 60, theme: theme,
        label: state.language.text(\.priceHeld), expiredText: state.language.text(\.priceExpired))
      right = area.x - 1
    }
    // The broken version must never be taken for the real one.
    let banner = " " + state.words.banner + " "
    let clip = Rect(x: x + 1, y: rect.y, width: max(0, right - x - 1), height: 1)
    canvas.put(
      DisplayWidth.truncate(banner, to: clip.width), x: x + 1, y: rect.y,
      style: theme.critical, clip: clip)
  }

  /// The row under the header: the trip bar, which observes two fields written apart (the
  /// offer, and the price), then the header's notice.
  private static func drawTripBar(
    _ state: BagRootFeature.State, notice: String?, on canvas: inout Canvas, in rect: Rect,
    theme: Theme
  ) {
    canvas.fill(rect)
    var x = rect.x
    if let offer = state.bag.selectedOffer {
      let flight = BookingBag.flights(offer) + " " + offer.departure.hhmm
      let price = state.bag.totalPrice?.formatted(state.language.moneyStyle)
      x = canvas.put(
        " " + state.words.tripBar(flight, price), x: x, y: rect.y, style: theme.accent,
        clip: rect)
    }
    if let notice {
      x += 2
      let clip = Rect(x: x, y: rect.y, width: max(0, rect.maxX - x), height: 1)
      canvas.put(
        DisplayWidth.truncate("· " + notice, to: clip.width), x: x, y: rect.y,
        style: theme.warning, clip: clip)
    }
  }

  private static func drawCurrent(
    _ state: BagRootFeature.State, on canvas: inout Canvas, in rect: Rect, theme: Theme
  ) -> [KeyHint] {
    let strings = state.strings
    if state.bag.currentIsEmpty {
      return drawEmpty(state, on: &canvas, in: rect, theme: theme)
    }
    guard let entry = state.shown else {
      let inner = Panel.draw(
        on: &canvas, in: rect, title: strings.searchTitle, focused: true, theme: theme)
      SearchView.draw(
        state.search, on: &canvas, in: inner.inset(by: 0), theme: theme, strings: strings,
        language: state.language)
      // The bag has no trips screen.
      return SearchView.hints(state.search, strings: strings).filter { $0.key != "^T" }
    }
    let step = entry.screen.step
    var title = strings.stepName(step.kind)
    if step.kind != .confirmation {
      title += " · " + BookingSteps.definition(of: step).summary(in: state.language)
    }
    let inner = Panel.draw(on: &canvas, in: rect, title: title, focused: true, theme: theme)
    let content = Rect(x: inner.x + 1, y: inner.y, width: inner.width - 2, height: inner.height)
    let context = StepDrawing(
      theme: theme, strings: strings, language: state.language, spinner: state.spinnerTick,
      now: state.now)
    return entry.screen.draw(on: &canvas, in: content, context: context)
  }

  /// The legacy screen with nothing to show: the fields it reads, each nil, and its buttons.
  private static func drawEmpty(
    _ state: BagRootFeature.State, on canvas: inout Canvas, in rect: Rect, theme: Theme
  ) -> [KeyHint] {
    let strings = state.strings
    let screen = state.bag.current
    let inner = Panel.draw(
      on: &canvas, in: rect, title: strings.stepName(screen), focused: true, theme: theme)
    let content = Rect(x: inner.x + 1, y: inner.y, width: inner.width - 2, height: inner.height)
    var lines = [state.words.emptyScreen, ""]
    for field in reads(screen) {
      lines.append("  \(field.rawValue) = \(state.bag.value(of: field))")
    }
    for (row, line) in lines.enumerated() where content.y + row < content.maxY {
      canvas.put(line, x: content.x, y: content.y + row, style: theme.text, clip: content)
    }
    var hints = [KeyHint("Esc", strings.hintBack)]
    if screen == .payment, content.y + lines.count + 1 < content.maxY {
      canvas.put(
        state.words.deadPay, x: content.x, y: content.y + lines.count + 1,
        style: theme.selection, clip: content)
      hints.insert(KeyHint("Enter", strings.hintPay), at: 0)
    }
    return hints + [KeyHint("q", strings.hintQuit)]
  }

  /// The fields the legacy screen for `screen` reads from the bag: those of the record its step
  /// carries (`StepDeclaration.carries`; the results, the criteria): the offer and the draft
  /// that prefills its form, the draft and the extras chosen, the quote with the price and the
  /// contact's email Pay reads, the booking.
  static func reads(_ screen: StepKind) -> [BookingBag.Field] {
    guard let record = screen.declaration.carries else {
      return screen == .results ? [.searchCriteria] : []
    }
    return switch record {
    case .offer: [.selectedOffer, .draft]
    case .draft: [.draft, .selectedExtras]
    case .quote: [.quote, .totalPrice, .contactEmail]
    case .booking: [.booking]
    }
  }

  private static func drawModal(
    _ state: BagRootFeature.State, on canvas: inout Canvas, theme: Theme
  ) {
    let strings = state.strings
    switch state.shell.modal {
    case .help?:
      _ = Modal.draw(
        on: &canvas, title: strings.helpTitle, lines: state.helpLines, theme: theme,
        scroll: state.shell.modalScroll)
    case .confirmQuit?, .confirmDiscard?:
      _ = Modal.draw(
        on: &canvas, title: strings.quitTitle,
        lines: [state.words.quitLosesBag, "", strings.quitChoices], theme: theme)
    case .inspector?:
      _ = Modal.draw(
        on: &canvas, title: strings.inspectorTitle, lines: state.inspectorLines, theme: theme,
        scroll: state.shell.modalScroll)
    case nil:
      break
    }
  }
}
