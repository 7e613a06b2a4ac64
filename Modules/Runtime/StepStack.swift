import Canvas

/// A set of steps and the features that show them: the table that composes a `StepStack`.
///
/// A step's screen is one `StepFeature`, listed in `screen(for:)`. The stack does the rest: IDs,
/// building screens from the path, routing keys and replies, starting a screen's work when its
/// step first becomes current, and cancelling the work of a screen that left. It carries no
/// data of the flow from one screen to another: a step's screen is built from its input alone,
/// and only how a screen is viewed may pass to its feature's next screen (`carryView`).
public protocol StepComposition: SendableMetatype {
  /// A step on the path, carrying its input.
  associatedtype Step: Hashable & Sendable
  /// What a feature's reducer is given besides its state and action (time, services, words).
  associatedtype Environment
  /// What a feature's view is given besides its state (theme, words).
  associatedtype Drawing
  /// What a feature's view returns for the bottom line: one per key it names (a key and what
  /// it does).
  associatedtype Hint
  /// What a step produces for the owner of the path to turn into a transition.
  associatedtype Output: Sendable

  /// The table: the screen a step starts with, built from its input alone.
  static func screen(for step: Step) -> StackScreen<Self>
}

/// A feature that shows one step of a `StepComposition`.
public protocol StepFeature: SendableMetatype {
  /// The composition the feature belongs to.
  associatedtype Composition: StepComposition
  /// The screen state.
  associatedtype State: Hashable & Sendable
  /// Keys and replies.
  associatedtype Action: Hashable & Sendable

  /// The step a state shows (its input).
  static func step(of state: State) -> Composition.Step
  /// The action for a key pressed while the step is current.
  static func keyAction(_ key: Key) -> Action
  /// What the step's view marks for the pointer (its rows, fields, seats); none unless given.
  associatedtype Target: Sendable = Never
  /// The value a view recorded under the pointer, when it is one of this step's targets.
  static func target(_ drawn: any Sendable) -> Target?
  /// Whether a turn of the wheel over `target` scrolls it (the others take a press).
  static func scrolls(_ target: Target) -> Bool
  /// Does what `pointing` at `target` asks of the step at `state` as the keys that do it would
  /// (a click never does what keys could not): each asked through `press`, which returns the
  /// step's state after it, nil once the step is not the current one.
  static func point(
    _ pointing: Pointing, at target: Target, on state: State,
    press: (StepPress<Action>) -> State?)
  /// Handles an action.
  static func reduce(_ state: inout State, _ action: Action, context: Composition.Environment)
    -> FeatureReply<Action, Composition.Output>
  /// The work a screen starts when its step first becomes current (nothing unless given): at
  /// once for a step pushed, and for a step restored behind the current one, when going back
  /// reaches it.
  static func onAppear(_ state: State, context: Composition.Environment) -> Effect<Action>
  /// Whether the step waits for a reply (a spinner shows).
  static func isBusy(_ state: State) -> Bool
  /// Whether the step's form holds personal or card data (false unless given). Such a step says
  /// in its reply what a recording may keep of each character it handles (`FeatureReply.keyUse`);
  /// one it does not say is left out.
  static var holdsPersonalData: Bool { get }
  /// Draws the current step in `rect`; returns the key hints for the bottom line.
  static func draw(
    _ state: State, on canvas: inout Canvas, in rect: Rect, context: Composition.Drawing
  ) -> [Composition.Hint]
  /// A new screen of this step on a path replaced from its first step on, `state`, taking of
  /// `departed`, the screen of this feature that left in that replacement, how it was viewed
  /// (an order, a filter), never what was typed or what the flow carries. `state` as it is
  /// unless given. The input of `state` is never changed.
  static func carryView(_ state: State, across departed: State) -> State
}

extension StepFeature {
  /// Nothing starts when the screen appears.
  public static func onAppear(_ state: State, context: Composition.Environment) -> Effect<Action> {
    .none
  }

  /// No field holds personal or card data.
  public static var holdsPersonalData: Bool { false }

  /// Carries nothing across a replaced path.
  public static func carryView(_ state: State, across departed: State) -> State { state }

  /// What a recording may keep of `key`, which the step handled with `reply`, the step having
  /// been `busy` when it came. The rule, in order:
  /// - what the feature said (`FeatureReply.keyUse`);
  /// - a key the step did not handle: `used` (the owner of the path decides what it did);
  /// - a character handled while the step was busy, or by a step holding personal data that
  ///   said nothing: `ignored` (left out);
  /// - anything else: `used` (written as it is).
  public static func keyUse<Output>(
    of key: Key, reply: FeatureReply<Action, Output>, busy: Bool
  ) -> KeyUse {
    if let said = reply.keyUse { return said }
    guard reply.handled, case .character = key else { return .used }
    return busy || holdsPersonalData ? .ignored : .used
  }

  /// The screen of this feature at `state`.
  public static func screen(_ state: State) -> StackScreen<Composition> {
    StackScreen(Self.self, state)
  }

  /// An action of this feature, as the stack routes it.
  public static func action(_ action: Action) -> StackAction<Composition> {
    StackAction(Self.self, action)
  }
}

/// The screen state of one step, whichever feature shows it.
public struct StackScreen<Composition: StepComposition>: Hashable, Sendable {
  private var box: any ScreenBox<Composition>

  /// `state` of `feature`.
  public init<Feature: StepFeature>(_ feature: Feature.Type, _ state: Feature.State)
  where Feature.Composition == Composition {
    box = Box<Feature>(state: state)
  }

  /// The state, if `feature` shows this screen.
  public func state<Feature: StepFeature>(_ feature: Feature.Type) -> Feature.State?
  where Feature.Composition == Composition {
    (box as? Box<Feature>)?.state
  }

  /// Whether `feature` shows this screen.
  public func isShown<Feature: StepFeature>(by feature: Feature.Type) -> Bool
  where Feature.Composition == Composition {
    box is Box<Feature>
  }

  /// The feature that shows this screen.
  var feature: ObjectIdentifier { box.feature }

  /// The same screen, taking how `departed` was viewed, a screen of the same feature that left
  /// when the path was replaced (`StepFeature.carryView(_:across:)`); as it is for another
  /// feature's.
  func carried(from departed: Self) -> Self {
    Self(box: box.carried(from: departed.box))
  }

  private init(box: any ScreenBox<Composition>) { self.box = box }

  /// The step this screen shows.
  public var step: Composition.Step { box.step }
  /// Whether the step waits for a reply.
  public var isBusy: Bool { box.isBusy }

  /// The work that starts when the screen appears.
  public func onAppear(context: Composition.Environment) -> Effect<StackAction<Composition>> {
    box.onAppear(context)
  }

  /// Handles `action`; nil if it belongs to another feature.
  public mutating func reduce(_ action: StackAction<Composition>, context: Composition.Environment)
    -> FeatureReply<StackAction<Composition>, Composition.Output>?
  {
    box.reduce(action, context)
  }

  /// The action for `key`.
  public func keyAction(_ key: Key) -> StackAction<Composition> { box.keyAction(key) }

  /// Handles `key` (as `reduce(keyAction(key))`, without boxing the action: keys are the
  /// common case); the reply's `keyUse` is always set (`StepFeature.keyUse(of:reply:busy:)`).
  public mutating func reduceKey(_ key: Key, context: Composition.Environment)
    -> FeatureReply<StackAction<Composition>, Composition.Output>
  {
    box.reduceKey(key, context)
  }

  /// Whether `drawn` is one of this screen's targets and the wheel scrolls it.
  public func scrolls(_ drawn: any Sendable) -> Bool { box.scrolls(drawn) }

  /// Points at `drawn` when it is one of this screen's targets (`StepFeature.point`), asking
  /// through `press`; false when it is not.
  public func point(
    _ pointing: Pointing, at drawn: any Sendable,
    press: (StepPress<StackAction<Composition>>) -> Self?
  ) -> Bool { box.point(pointing, drawn, press) }

  /// Draws the screen; returns its key hints.
  public func draw(on canvas: inout Canvas, in rect: Rect, context: Composition.Drawing)
    -> [Composition.Hint]
  {
    box.draw(&canvas, rect, context)
  }

  /// Equal when the same feature shows equal states.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.box.isEqual(to: rhs.box) }

  /// Hashes the feature and the state.
  public func hash(into hasher: inout Hasher) { box.hash(into: &hasher) }
}

/// A key or reply for one step's feature, whichever feature it is.
public struct StackAction<Composition: StepComposition>: Hashable, Sendable,
  CustomStringConvertible
{
  private let feature: ObjectIdentifier
  private let base: any Hashable & Sendable

  /// `action` of `feature`.
  public init<Feature: StepFeature>(_ feature: Feature.Type, _ action: Feature.Action)
  where Feature.Composition == Composition {
    self.feature = ObjectIdentifier(feature)
    base = action
  }

  /// The action, if it is one of `feature`'s.
  public func action<Feature: StepFeature>(of feature: Feature.Type) -> Feature.Action?
  where Feature.Composition == Composition {
    ObjectIdentifier(feature) == self.feature ? base as? Feature.Action : nil
  }

  /// Equal when of the same feature and equal.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.feature == rhs.feature && AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  /// Hashes the feature and the action.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(feature)
    hasher.combine(AnyHashable(base))
  }

  /// The action as written in Swift.
  public var description: String { "\(base)" }
}

/// The screens of the steps on a path, one per step, with their IDs.
///
/// The stack owns the entries and their IDs; the owner of the path calls `reconcile` after every
/// change of the path, and gets back the work of new screens and the cancellation of the work of
/// screens that left, as one explicit effect.
///
/// A screen that leaves takes what it held with it: what was typed and not saved is the owner of
/// the path's to carry, in the next step's input, when it decides to. On a path replaced from
/// its first step on (a new search), a new screen takes only what its feature's
/// `carryView(_:across:)` takes of the screen of its feature that left in that replacement (how
/// the screen is viewed, never what was typed).
public struct StepStack<Composition: StepComposition>: Hashable, Sendable {
  /// A step on the path with its screen.
  public struct Entry: Hashable, Sendable {
    /// The step's presence on the path.
    public let id: StepID
    /// Its screen state.
    public var screen: StackScreen<Composition>
    /// Whether its step has been current, and its work (`StepFeature.onAppear`) started.
    public fileprivate(set) var appeared = false

    /// Whether the step waits for a reply: one whose work has not started waits for nothing,
    /// whatever its screen would show once it does.
    public var isBusy: Bool { appeared && screen.isBusy }
  }

  /// One entry per step on the path, in order.
  public private(set) var entries: [Entry] = []
  private var nextID = 1

  /// No steps.
  public init() {}

  /// What a change of the path did to the stack.
  public struct Change {
    /// Entries that left, newest last (their work is cancelled by `effect`).
    public var left: [Entry]
    /// Entries built for the new steps.
    public var added: [Entry]
  }

  /// Makes the entries match `path`: entries whose step is unchanged keep their screens; from
  /// the first difference on, screens are built fresh from their step's input by the table, with
  /// new IDs. The effect cancels the work of the entries that left and starts the work of the
  /// current (last) screen if it has not started yet, tagged with its ID: a screen's work starts
  /// when its step first becomes current, so a path restored whole starts only its last step's,
  /// and a step behind it starts its own when going back makes it current. The entries that left
  /// are returned, so the owner may take what they held.
  public mutating func reconcile<Action: Sendable>(
    to path: [Composition.Step], context: Composition.Environment,
    embed: @escaping @Sendable (StepID, StackAction<Composition>) -> Action
  ) -> (change: Change, effect: Effect<Action>) {
    let keep = kept(by: path)
    let left = Array(entries.dropFirst(keep))
    entries.removeLast(entries.count - keep)
    let replaced = keep == 0 ? left.map { $0.screen } : []
    var effects: [Effect<Action>] = [.cancel(left.map { $0.id.rawValue })]
    for step in path.dropFirst(keep) {
      let id = StepID(nextID)
      nextID += 1
      var screen = Composition.screen(for: step)
      if let previous = replaced.last(where: { $0.feature == screen.feature }) {
        screen = screen.carried(from: previous)
      }
      entries.append(Entry(id: id, screen: screen))
    }
    if let current = entries.indices.last, !entries[current].appeared {
      entries[current].appeared = true
      let (id, screen) = (entries[current].id, entries[current].screen)
      effects.append(
        screen.onAppear(context: context).map { embed(id, $0) }.tagged(id.rawValue))
    }
    return (Change(left: left, added: Array(entries.dropFirst(keep))), .batch(effects))
  }

  /// How many entries, from the first, still match `path`'s steps.
  private func kept(by path: [Composition.Step]) -> Int {
    var keep = 0
    while keep < path.count, keep < entries.count, entries[keep].screen.step == path[keep] {
      keep += 1
    }
    return keep
  }

  /// What a screen did with an action.
  public struct Reply<Action: Sendable> {
    /// Whether it used the action (a key it did not use goes to the owner).
    public var handled: Bool
    /// Its work, tagged with its ID.
    public var effect: Effect<Action>
    /// What its step produced.
    public var output: Composition.Output?
    /// The step that produced it, as it was when the action came.
    public var origin: Composition.Step
    /// What a recording may keep of the key, for a key (`used` for other actions).
    public var keyUse: KeyUse = .used
  }

  /// Sends `action` to the screen with `id`; nil if that step has left the path (a late reply).
  public mutating func send<Action: Sendable>(
    _ action: StackAction<Composition>, to id: StepID, context: Composition.Environment,
    embed: @escaping @Sendable (StepID, StackAction<Composition>) -> Action
  ) -> Reply<Action>? {
    guard let index = entries.firstIndex(where: { $0.id == id }) else { return nil }
    let origin = entries[index].screen.step
    guard let reply = entries[index].screen.reduce(action, context: context) else {
      return Reply(handled: false, effect: .none, output: nil, origin: origin)
    }
    return Self.reply(reply, of: id, origin: origin, embed: embed)
  }

  private static func reply<Action: Sendable>(
    _ reply: FeatureReply<StackAction<Composition>, Composition.Output>, of id: StepID,
    origin: Composition.Step,
    embed: @escaping @Sendable (StepID, StackAction<Composition>) -> Action
  ) -> Reply<Action> {
    let effect: Effect<Action> =
      reply.effect.isNone ? .none : reply.effect.map { embed(id, $0) }.tagged(id.rawValue)
    return Reply(
      handled: reply.handled, effect: effect, output: reply.output, origin: origin,
      keyUse: reply.keyUse ?? .used)
  }

  /// Sends `key` to the current (last) screen; nil if the path is empty.
  public mutating func sendKey<Action: Sendable>(
    _ key: Key, context: Composition.Environment,
    embed: @escaping @Sendable (StepID, StackAction<Composition>) -> Action
  ) -> Reply<Action>? {
    guard let index = entries.indices.last else { return nil }
    let (id, origin) = (entries[index].id, entries[index].screen.step)
    let reply = entries[index].screen.reduceKey(key, context: context)
    return Self.reply(reply, of: id, origin: origin, embed: embed)
  }

  /// Replaces the screen with `id`, if it is still on the path.
  public mutating func update(_ id: StepID, _ change: (inout StackScreen<Composition>) -> Void) {
    guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
    change(&entries[index].screen)
  }

  /// The current step's entry.
  public var last: Entry? { entries.last }
  /// Whether the path is empty.
  public var isEmpty: Bool { entries.isEmpty }
  /// How many steps are on the path.
  public var count: Int { entries.count }
}

// MARK: - The box behind a screen

private protocol ScreenBox<Composition>: Sendable {
  associatedtype Composition: StepComposition
  var feature: ObjectIdentifier { get }
  func carried(from departed: any ScreenBox<Composition>) -> any ScreenBox<Composition>
  var step: Composition.Step { get }
  var isBusy: Bool { get }
  func onAppear(_ context: Composition.Environment) -> Effect<StackAction<Composition>>
  mutating func reduce(_ action: StackAction<Composition>, _ context: Composition.Environment)
    -> FeatureReply<StackAction<Composition>, Composition.Output>?
  func keyAction(_ key: Key) -> StackAction<Composition>
  mutating func reduceKey(_ key: Key, _ context: Composition.Environment)
    -> FeatureReply<StackAction<Composition>, Composition.Output>
  func draw(_ canvas: inout Canvas, _ rect: Rect, _ context: Composition.Drawing)
    -> [Composition.Hint]
  func scrolls(_ drawn: any Sendable) -> Bool
  func point(
    _ pointing: Pointing, _ drawn: any Sendable,
    _ press: (StepPress<StackAction<Composition>>) -> StackScreen<Composition>?
  ) -> Bool
  func isEqual(to other: any ScreenBox<Composition>) -> Bool
  func hash(into hasher: inout Hasher)
}

private struct Box<Feature: StepFeature>: ScreenBox {
  typealias Composition = Feature.Composition
  var state: Feature.State

  var feature: ObjectIdentifier { ObjectIdentifier(Feature.self) }

  func carried(from departed: any ScreenBox<Composition>) -> any ScreenBox<Composition> {
    guard let departed = departed as? Self else { return self }
    return Self(state: Feature.carryView(state, across: departed.state))
  }

  var step: Composition.Step { Feature.step(of: state) }
  var isBusy: Bool { Feature.isBusy(state) }

  func onAppear(_ context: Composition.Environment) -> Effect<StackAction<Composition>> {
    Feature.onAppear(state, context: context).map { Feature.action($0) }
  }

  mutating func reduce(_ action: StackAction<Composition>, _ context: Composition.Environment)
    -> FeatureReply<StackAction<Composition>, Composition.Output>?
  {
    guard let action = action.action(of: Feature.self) else { return nil }
    return Self.lift(Feature.reduce(&state, action, context: context))
  }

  mutating func reduceKey(_ key: Key, _ context: Composition.Environment)
    -> FeatureReply<StackAction<Composition>, Composition.Output>
  {
    let busy = Feature.isBusy(state)
    var reply = Feature.reduce(&state, Feature.keyAction(key), context: context)
    reply.keyUse = Feature.keyUse(of: key, reply: reply, busy: busy)
    return Self.lift(reply)
  }

  private static func lift(_ reply: FeatureReply<Feature.Action, Composition.Output>)
    -> FeatureReply<StackAction<Composition>, Composition.Output>
  {
    FeatureReply(
      handled: reply.handled,
      effect: reply.effect.isNone ? .none : reply.effect.map { Feature.action($0) },
      output: reply.output, keyUse: reply.keyUse)
  }

  func keyAction(_ key: Key) -> StackAction<Composition> {
    Feature.action(Feature.keyAction(key))
  }

  func draw(_ canvas: inout Canvas, _ rect: Rect, _ context: Composition.Drawing)
    -> [Composition.Hint]
  {
    Feature.draw(state, on: &canvas, in: rect, context: context)
  }

  func scrolls(_ drawn: any Sendable) -> Bool {
    Feature.target(drawn).map(Feature.scrolls) ?? false
  }

  func point(
    _ pointing: Pointing, _ drawn: any Sendable,
    _ press: (StepPress<StackAction<Composition>>) -> StackScreen<Composition>?
  ) -> Bool {
    guard let target = Feature.target(drawn) else { return false }
    Feature.point(pointing, at: target, on: state) { asked in
      let lifted: StepPress<StackAction<Composition>> =
        switch asked {
        case .key(let key): .key(key)
        case .action(let action): .action(Feature.action(action))
        }
      return press(lifted)?.state(Feature.self)
    }
    return true
  }

  func isEqual(to other: any ScreenBox<Composition>) -> Bool {
    (other as? Self)?.state == state
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(Feature.self))
    hasher.combine(state)
  }
}
