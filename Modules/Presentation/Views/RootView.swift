import Airline
import Canvas
import Domain
import FlowOwner
import Widgets
import Words

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Draws the whole screen: header (with the countdown while a quote is on the path), the path as
/// compact panels, the current step as the large panel, key hints, and any modal.
public enum RootView {
  /// The smallest terminal the app draws in.
  public static let minimumSize = (width: 40, height: 12)
  /// The largest terminal the app draws in (`LargestScreen`): past it the canvas comes capped,
  /// and only a notice is drawn.
  public static let maximumSize = (width: LargestScreen.width, height: LargestScreen.height)
  /// Below this size the path collapses to a one-line breadcrumb.
  public static let roomySize = (width: 80, height: 24)
  /// The widest the panels get: on a wider terminal they are centred in this many columns, so
  /// an amount stays within reach of its label (the header and the footer span the terminal).
  public static let maximumContentWidth = 110

  /// The screen for `state` at `width` x `height`.
  public static func render(_ state: RootFeature.State, width: Int, height: Int, theme: Theme)
    -> Canvas
  {
    var canvas = Canvas(width: width, height: height)
    draw(state, on: &canvas, theme: theme)
    return canvas
  }

  /// Draws into an existing canvas (reused between frames by a backend).
  public static func draw(_ state: RootFeature.State, on canvas: inout Canvas, theme: Theme) {
    let strings = state.strings
    let (width, height) = (canvas.width, canvas.height)
    if LargestScreen.exceeded(width: width, height: height) {
      drawNotice(
        strings.tooLarge(maximumSize.width, maximumSize.height), state, on: &canvas, theme: theme)
      return
    }
    guard width >= minimumSize.width, height >= minimumSize.height else {
      drawNotice(
        strings.tooSmall(minimumSize.width, minimumSize.height, width, height), state,
        on: &canvas, theme: theme)
      return
    }
    let (top, rest) = canvas.bounds.splitTop(1)
    let (wholeMiddle, footer) = rest.splitBottom(1)
    let middle = contentArea(wholeMiddle)
    if middle != wholeMiddle { canvas.fill(wholeMiddle, style: theme.text) }
    drawHeader(state, on: &canvas, in: top, theme: theme)

    if let trips = state.trips {
      // The trips cover the path: they are not a step of it.
      let inner = Panel.draw(
        on: &canvas, in: middle, title: TripsView.title(trips, strings: strings), focused: true,
        theme: theme)
      TripsView.draw(
        trips, on: &canvas,
        in: Rect(x: inner.x + 1, y: inner.y, width: inner.width - 2, height: inner.height),
        theme: theme, strings: strings, language: state.language, zone: state.zone,
        spinner: state.spinnerTick, now: state.now)
      StatusBar.draw(
        on: &canvas, in: footer, hints: TripsView.hints(trips, strings: strings, now: state.now),
        theme: theme)
      drawModal(state, on: &canvas, theme: theme)
      return
    }
    var body = middle
    let roomy = width >= roomySize.width && height >= roomySize.height
    let earlier = Array(state.steps.dropLast())
    if roomy, !earlier.isEmpty {
      let (pathRow, remaining) = body.splitTop(3)
      drawPath(earlier, state: state, on: &canvas, in: pathRow, theme: theme)
      body = remaining
    } else if !state.steps.isEmpty {
      let (crumbRow, remaining) = body.splitTop(1)
      canvas.fill(crumbRow)
      let names = ([StepKind.search] + state.flow.path.map(\.kind)).map {
        strings.stepName($0)
      }
      let crumb = " " + breadcrumb(names, width: crumbRow.width - 1)
      canvas.put(crumb, x: crumbRow.x, y: crumbRow.y, style: theme.dim, clip: crumbRow)
      if canvas.regions != nil { recordCrumbs(names, in: crumb, at: crumbRow, on: &canvas) }
      body = remaining
    }

    let hints = drawCurrent(state, on: &canvas, in: body, theme: theme)
    StatusBar.draw(on: &canvas, in: footer, hints: hints, theme: theme)
    drawModal(state, on: &canvas, theme: theme)
  }

  /// The part of `middle` (the rows between the header and the footer) the panels take: all of
  /// it up to `maximumContentWidth` columns, else that many centred, the sides cleared.
  static func contentArea(_ middle: Rect) -> Rect {
    guard middle.width > maximumContentWidth else { return middle }
    return Rect(
      x: middle.x + (middle.width - maximumContentWidth) / 2, y: middle.y,
      width: maximumContentWidth, height: middle.height)
  }

  /// A terminal of a size the app does not draw in: `message` alone, under the countdown of a
  /// price held, which keeps counting down on the first line.
  private static func drawNotice(
    _ message: String, _ state: RootFeature.State, on canvas: inout Canvas, theme: Theme
  ) {
    canvas.fill(canvas.bounds)
    var first = 0
    if let held = state.held {
      drawCountdown(held, state, on: &canvas, in: tooSmallCountdownArea(canvas), theme: theme)
      first = 1
    }
    let lines = Modal.wrap(message, width: max(1, canvas.width))
    for (row, line) in lines.prefix(max(0, canvas.height - first)).enumerated() {
      canvas.put(line, x: 0, y: first + row, style: theme.warning)
    }
  }

  /// Where the too-small and too-large screens show the countdown: the whole first row.
  static func tooSmallCountdownArea(_ canvas: Canvas) -> Rect {
    Rect(x: 0, y: 0, width: canvas.width, height: min(1, canvas.height))
  }

  /// The box over the screen, if one is open.
  private static func drawModal(_ state: RootFeature.State, on canvas: inout Canvas, theme: Theme) {
    let strings = state.strings
    switch state.shell.modal {
    case .help?:
      _ = Modal.draw(
        on: &canvas, title: strings.helpTitle, lines: strings.helpLines, theme: theme,
        scroll: state.shell.modalScroll)
    case .confirmQuit?:
      var paying = false
      if let payment = state.steps.last?.screen.state(PaymentFeature.self) {
        paying = payment.paying
      }
      let body =
        paying
        ? strings.quitWhilePaying
        : state.keepsSavedSession
          ? strings.quitKeepsSaved
          : strings.quitAt(state.flow.current)
      _ = Modal.draw(
        on: &canvas, title: strings.quitTitle, lines: [body, "", strings.quitChoices], theme: theme)
    case .confirmDiscard?:
      let question = strings.discardQuestion(state.keptSession ?? .payment)
      _ = Modal.draw(
        on: &canvas, title: strings.discardTitle, lines: [question, "", strings.discardChoices],
        theme: theme)
    case .inspector?:
      _ = Modal.draw(
        on: &canvas, title: strings.inspectorTitle,
        lines: state.inspectorLines, theme: theme,
        scroll: state.shell.modalScroll)
    case nil:
      break
    }
  }

  /// Each earlier step named whole in the breadcrumb `crumb` drawn at `row`, as the click
  /// target that goes back to it (the search form's name: back to the form).
  private static func recordCrumbs(
    _ names: [String], in crumb: String, at row: Rect, on canvas: inout Canvas
  ) {
    for (index, name) in names.enumerated().dropLast() {
      guard let range = crumb.firstRange(of: " " + name + " ›") else { continue }
      let x = row.x + DisplayWidth.of(crumb[..<range.lowerBound]) + 1
      canvas.record(
        ClickTarget.pathStep(index - 1),
        in: Rect(x: x, y: row.y, width: DisplayWidth.of(name), height: 1))
    }
  }

  /// The steps joined by `›`, the earliest giving way to `…` so the current step always shows.
  static func breadcrumb(_ names: [String], width: Int) -> String {
    var shown = names
    var crumb = shown.joined(separator: " › ")
    while DisplayWidth.of(crumb) > width, shown.count > 1 {
      shown.removeFirst()
      crumb = "… › " + shown.joined(separator: " › ")
    }
    return DisplayWidth.of(crumb) > width ? DisplayWidth.truncate(crumb, to: width) : crumb
  }

  static func drawHeader(
    _ state: RootFeature.State, on canvas: inout Canvas, in rect: Rect, theme: Theme
  ) {
    canvas.fill(rect, style: theme.header)
    let strings = state.strings
    var x = canvas.put(" ✈ \(strings.appName)", x: rect.x, y: rect.y, style: theme.title)
    var right = rect.maxX
    if let held = state.held {
      let area = countdownArea(in: rect)
      drawCountdown(held, state, on: &canvas, in: area, theme: theme)
      right = area.x - 1
    }
    if let notice = state.shell.saveProblem ?? state.shell.notice {
      x += 2
      let clip = Rect(x: x, y: rect.y, width: max(0, right - x), height: 1)
      // Cut with an ellipsis, so a cut line reads as cut.
      canvas.put(
        DisplayWidth.truncate("· " + notice, to: clip.width), x: x, y: rect.y,
        style: theme.warning, clip: clip)
    }
  }

  /// Where the header row `rect` shows the countdown (when a quote is on the path): its right
  /// end. Nothing else in the header is drawn there.
  static func countdownArea(in rect: Rect) -> Rect {
    let width = min(34, rect.width / 3)
    return Rect(x: rect.maxX - width - 1, y: rect.y, width: width, height: 1)
  }

  /// The header's countdown for what `held` holds at `state.now`: the only part of the screen a
  /// tick moves by itself.
  static func drawCountdown(
    _ held: RootFeature.Held, _ state: RootFeature.State, on canvas: inout Canvas, in area: Rect,
    theme: Theme
  ) {
    let label =
      switch held.what {
      case .price: state.language.text(\.priceHeld)
      case .refund: state.strings.trips.refundHeld
      case .change: state.strings.trips.change.held
      }
    CountdownView.draw(
      on: &canvas, in: area, remaining: held.secondsRemaining(at: state.now),
      total: held.lockSeconds, theme: theme, label: label,
      expiredText: state.language.text(\.priceExpired))
  }

  private static func drawPath(
    _ entries: [StepEntry], state: RootFeature.State, on canvas: inout Canvas, in rect: Rect,
    theme: Theme
  ) {
    let strings = state.strings
    let width = rect.width / max(1, entries.count)
    for (index, entry) in entries.enumerated() {
      let last = index == entries.count - 1
      let box = Rect(
        x: rect.x + index * width, y: rect.y,
        width: last ? rect.maxX - (rect.x + index * width) : width,
        height: rect.height)
      let kind = entry.screen.step.kind
      canvas.record(ClickTarget.pathStep(index), in: box)
      let inner = Panel.draw(
        on: &canvas, in: box, title: strings.stepName(kind), focused: false, theme: theme)
      // What was chosen there, as the next step carries it: the fullest form that fits, a
      // shorter one before a name or an amount cut in half.
      let next =
        index + 1 < entries.count ? entries[index + 1].screen.step : state.steps.last?.screen.step
      let definition = BookingSteps.definition(of: entry.screen.step)
      let candidates =
        next.flatMap { definition.chosen($0, state.language) }
        ?? definition.summaries(state.language)
      let text =
        candidates.first { DisplayWidth.of($0) <= inner.width }
        ?? DisplayWidth.truncate(candidates.last ?? "", to: inner.width)
      canvas.put(text, x: inner.x, y: inner.y, style: theme.text, clip: inner)
    }
  }

  private static func drawCurrent(
    _ state: RootFeature.State, on canvas: inout Canvas, in rect: Rect, theme: Theme
  ) -> [KeyHint] {
    let strings = state.strings
    let language = state.language
    let spinner = state.spinnerTick
    if let restoring = state.restoring {
      let inner = Panel.draw(
        on: &canvas, in: rect, title: strings.stepName(restoring.step), focused: true,
        theme: theme)
      canvas.put(
        DisplayWidth.truncate(
          Spinner.frame(spinner) + " " + strings.resuming(restoring.step, restoring.link),
          to: inner.width - 1),
        x: inner.x + 1, y: inner.y,
        style: theme.text, clip: inner)
      return [KeyHint("q", strings.hintQuit), KeyHint("F1", strings.hintHelp)]
    }
    guard let entry = state.steps.last else {
      let inner = Panel.draw(
        on: &canvas, in: rect, title: strings.searchTitle, focused: true, theme: theme)
      SearchView.draw(
        state.search, on: &canvas, in: inner.inset(by: 0), theme: theme, strings: strings,
        language: language)
      return SearchView.hints(state.search, strings: strings)
    }
    let step = entry.screen.step
    var title = strings.stepName(step.kind)
    if step.kind != .confirmation {
      title += " · " + BookingSteps.definition(of: step).summary(in: language)
    }
    if case .extras = step, let previous = state.flow.path.dropLast().last {
      title += " · " + BookingSteps.definition(of: previous).summary(in: language)
    }
    let inner = Panel.draw(on: &canvas, in: rect, title: title, focused: true, theme: theme)
    let content = Rect(x: inner.x + 1, y: inner.y, width: inner.width - 2, height: inner.height)
    let context = StepDrawing(
      theme: theme, strings: strings, language: language, spinner: spinner, now: state.now,
      path: state.flow.path)
    return entry.screen.draw(on: &canvas, in: content, context: context)
  }

}
