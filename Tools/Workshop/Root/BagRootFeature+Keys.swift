import Canvas
import FlowOwner
import Presentation
import Runtime
import Widgets

extension BagRootFeature {
  /// A key: the open box takes it first, then the quit, help and inspector keys, then the
  /// screen shown (or the search form), then the bag's own keys.
  static func keyReduce(_ state: inout State, _ key: Key, _ environment: Environment)
    -> Effect<Action>
  {
    state.lastKey = .used
    if case .resize(let width, let height) = key {
      return .commands(
        ShellFeature.reduce(
          &state.shell, .resized(width: width, height: height), strings: state.strings))
    }
    if let modal = state.shell.modal { return modalKey(&state, modal, key) }
    if let modal = ShellFeature.box(openedBy: key) {
      // The bag shows no saved snapshot: its inspector reads nothing from disk.
      ShellFeature.open(&state.shell, modal)
      return .none
    }
    if key == .control("r") {
      // "We'll just make it observable": from any screen, before the screen sees the key.
      state.observable.toggle()
      return .commands(
        state.shell.announce(state.observable ? state.words.observable : state.words.notObservable))
    }
    if state.drafting {
      // Waiting for the saved travellers' draft: a key acts on no screen.
      if case .character = key { state.lastKey = .ignored }
      return .none
    }
    if state.bag.currentIsEmpty {
      // The screen reads nil everywhere: Pay, like every button on it, does nothing.
      if key == .enter || key == .control("s") { return .none }
    } else if let entry = state.shown {
      if paysNow(entry, key), state.bag.payBlocker != nil {
        // `guard let quote = bag.quote, let price = bag.totalPrice, let email =
        // bag.contactEmail else { return }`: the Pay button does nothing.
        return .none
      }
      let context = stepEnvironment(state, environment)
      if let reply = state.stack.sendKey(key, context: context, embed: embed) {
        let keyUse = reply.keyUse
        let handled = handle(&state, reply, environment)
        if handled.handled {
          state.lastKey = keyUse
          return handled.effect
        }
      }
    } else if state.bag.current == .search {
      let reply = SearchFeature.reduce(
        &state.search, .key(key), airports: environment.app.airports, strings: state.strings)
      if reply.handled {
        guard case .submitted(let criteria)? = reply.output else { return .none }
        let said =
          state.shell.announce(nil) + state.shell.record(state.bag.searchSubmitted(criteria))
        return .batch([.commands(said), reconcile(&state, environment)])
      }
    }
    return bagKey(&state, key, environment)
  }

  /// Whether `key` on `entry` would pay: the payment screen, not paying already and its price
  /// still held, with Enter on Pay or Ctrl-S from any field.
  private static func paysNow(_ entry: StepEntry, _ key: Key) -> Bool {
    guard let payment = entry.screen.state(PaymentFeature.self), !payment.paying,
      !payment.repricing
    else { return false }
    return key == .control("s") || (key == .enter && payment.focus == .pay)
  }

  /// The keys no screen took: Back, the boxes, the promo code, saving the travellers.
  private static func bagKey(_ state: inout State, _ key: Key, _ environment: Environment)
    -> Effect<Action>
  {
    switch key {
    case .escape:
      guard state.bag.canGoBack else { return .none }
      let said = state.shell.record(state.bag.back())
      return .batch([.commands(said), reconcile(&state, environment)])
    case .character("?"):
      openByCommand(&state, .help, key)
    case .character("q"):
      openByCommand(&state, .confirmQuit, key)
    case .character("i"):
      openByCommand(&state, .inspector, key)
    case .control("p") where state.bag.current == .payment:
      state.bag.promoApplied()
      return .commands(
        state.shell.announce(state.words.promoApplied)
          + state.shell.note(state.words.wrote(.totalPrice, state.bag)))
    case .character("s") where state.bag.current == .confirmation:
      state.bag.travellersSaved()
      return .commands(
        state.shell.announce(state.words.travellersSaved)
          + state.shell.note(state.words.wrote(.savedTravellers, state.bag)))
    case .character:
      state.lastKey = .ignored
    default:
      break
    }
    return .none
  }

  /// Opens `modal` for the character `key`, which a recording writes as the key that does the
  /// same and types nothing.
  private static func openByCommand(_ state: inout State, _ modal: Modal, _ key: Key) {
    ShellFeature.open(&state.shell, modal)
    if case .character = key {
      state.lastKey = .command(RootFeature.commandKey(opening: modal))
    }
  }

  /// A box over the screen.
  public typealias Modal = ShellFeature.Modal

  private static func modalKey(_ state: inout State, _ modal: Modal, _ key: Key) -> Effect<
    Action
  > {
    if case .character = key {
      switch modal {
      case .help, .inspector: state.lastKey = .command(.escape)
      case .confirmQuit, .confirmDiscard:
        state.lastKey =
          RootFeature.confirmsQuit(key) || RootFeature.declines(key) ? .used : .ignored
      }
    }
    let (title, lines) =
      modal == .inspector
      ? (state.strings.inspectorTitle, state.inspectorLines)
      : (state.strings.helpTitle, state.helpLines)
    switch ShellFeature.modalKey(&state.shell, modal, key, title: title, lines: lines) {
    case .quitConfirmed: return .command(.quit(code: 0))
    case .none, .discardConfirmed, .discardDeclined: return .none
    }
  }
}

extension BagRootFeature.State {
  /// The inspector's text: the screens as built from the bag, the bag's fields with their
  /// writers, the screens as saved on disk (the data never is), the latest events.
  public var inspectorLines: [String] {
    var lines = ["\(strings.inspectorPath):"]
    if bag.screens.isEmpty { lines.append("  []") }
    for screen in bag.screens {
      lines.append(
        "  .\(screen)(\(bag.step(of: screen).map { BookingSteps.definition(of: $0).summary(in: language) } ?? "nil"))"
      )
    }
    lines.append("")
    lines.append(
      contentsOf: bag.inspectorLines(
        words.inspector, attendees: room?.writes.mapValues(\.attendee) ?? [:]))
    if observable { lines.append(words.observedBy) }
    let onDisk = screensOnDisk.map {
      "[" + $0.screens.map(\.description).joined(separator: ", ") + "]"
    }
    lines.append(words.inspector.savedScreens(onDisk ?? "-"))
    if let room { lines.append(words.inspector.roomBag(room.location, room.attendee)) }
    lines.append("")
    lines.append("\(strings.inspectorEvents):")
    lines.append(contentsOf: shell.activity.suffix(8).map { "  " + $0 })
    return lines
  }

  /// The help: the app's keys, then the bag's own.
  public var helpLines: [String] { strings.helpLines + [""] + words.helpLines }
}
