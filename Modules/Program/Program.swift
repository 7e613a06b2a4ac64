import Airline
import Canvas
import Domain
import FlowOwner
import Presentation
import Recording
import Runtime
import Session
import Widgets
import Words

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The app's program: the event loop over `RootFeature`.
public typealias Program = FeatureProgram<RootFeature>

/// The clients of a program: what it reads, writes and draws on.
public struct ProgramClients {
  public var screen: any Screen
  public var timers: any Timers
  public var clock: WallClock
  public var session: any SessionStore
  public var log: (any EventLogging)?
  public var recorder: (any Recorder)?
  /// Ends the process with a code (live), or notes it (tests). Called once, last.
  public var exit: @MainActor (Int32) -> Void

  public init(
    screen: any Screen, timers: any Timers, clock: WallClock, session: any SessionStore,
    log: (any EventLogging)? = nil, recorder: (any Recorder)? = nil,
    exit: @escaping @MainActor (Int32) -> Void
  ) {
    self.screen = screen
    self.timers = timers
    self.clock = clock
    self.session = session
    self.log = log
    self.recorder = recorder
    self.exit = exit
  }
}

/// The running app as a library (Bubble Tea's `Program`, TCA's `Store` with its runtime): keys,
/// signals, timer fires and airline replies come in as actions; the root feature's commands
/// (save, log, read the saved snapshot, quit) are done through the clients; the timers the state
/// asks for (`ProgramRoot.subscriptions`) are reconciled after every change; frames go to the
/// screen. Every outside thing is a client, so a test runs the whole program with a test screen,
/// virtual timers and a session in memory, and no terminal.
///
/// It runs any `ProgramRoot`: the app's `RootFeature` (`Program`), or a tool's root over the
/// same screens. What only the app's root has (a restore at start, the action journal) is in an
/// extension for it.
@MainActor
public final class FeatureProgram<Root: ProgramRoot> {
  /// The clients.
  public typealias Clients = ProgramClients

  /// The root feature and its running work.
  public let store: FeatureStore<Root.State, Root.Action>
  /// What the program does its commands through (screen, timers, session, log, recorder).
  public private(set) var clients: Clients
  /// Plays keys for `--replay` until a person presses one.
  public var replayer: KeyReplayer?
  /// The restored path's save, made by the start's work: ending while the program says it is
  /// resuming stops it, so the saved session is then left as it was (or, when it came first, as
  /// restored).
  public var restoredSave: RestoredSave?
  /// The theme drawn when the screen shows colours (`--theme`, or the terminal's background);
  /// without colours it is `Theme.monochrome`.
  public var colorTheme = Theme.dark
  /// Called when the program ends, before the screen stops (the live input stops reading).
  public var onEnd: (@MainActor () -> Void)?
  /// The code the program ended with, once it has.
  public private(set) var exitCode: Int32?
  /// When the start's work restored the flow being handed over (a journal writes it).
  public var restoredAt: Date?

  private var countdown: TimerID?
  private var countdownTarget: Date?
  private var spinner: TimerID?
  private var renderScheduled = false
  /// The canvas's rows not on the screen yet.
  private var unshown = Unshown.none
  /// Keys read while the root holds (`ProgramStatus.holding`), for when it lets go.
  private var keysWhileHeld: [Key] = []
  /// Whether every action since the last frame moved only the clock (a tick): the frame then
  /// skips comparing whole states.
  private var onlyClockSinceFrame = false
  private var lastFrame: (state: Root.State, width: Int, height: Int)?
  private var canvas = Canvas(width: 0, height: 0)

  /// A program over `store`, run through `clients`.
  public init(store: FeatureStore<Root.State, Root.Action>, clients: Clients) {
    self.store = store
    self.clients = clients
    let clock = clients.clock
    store.now = { clock.now() }
  }

  /// The event log, if any.
  public var log: (any EventLogging)? {
    get { clients.log }
    set { clients.log = newValue }
  }

  /// Where typed keys are recorded, if anywhere.
  public var recorder: (any Recorder)? {
    get { clients.recorder }
    set { clients.recorder = newValue }
  }

  /// Starts: takes the screen's size, does `beforeFirstFrame` (the app's start hands over a
  /// restore its work has already found, so that the first frame is the restored path's), draws
  /// the first frame (not shown while the root holds), then tells the root it has started
  /// (`ProgramInput.started`), before any key is read.
  public func run(beforeFirstFrame: () -> Void = {}) {
    store.perform = { [weak self] command in self?.perform(command) }
    store.onChange = { [weak self] state, action in self?.changed(state, after: action) }
    send(.key(.resize(width: clients.screen.columns, height: clients.screen.rows)))
    beforeFirstFrame()
    render()
    send(.started)
  }

  /// Sends the root the action `input` becomes, if any.
  private func send(_ input: ProgramInput) {
    if let action = Root.action(for: input) { store.send(action) }
  }

  // MARK: - Inputs

  /// Keys read from the terminal, in order: a resize is the store's (never recorded); F1 and F2
  /// during a replay open the help and the inspector, and the replay waits while one is open (a
  /// key pressed then works the box); any other key a person pressed ends a replay under way and
  /// counts. Nothing read (a resize signal alone) still redraws.
  public func received(_ keys: [Key]) {
    guard !holding else {
      keysWhileHeld += keys
      return
    }
    for key in keys {
      guard exitCode == nil else { return }
      if case .resize = key {
        send(.key(key))
        scheduleRender()
        continue
      }
      if let replayer, replayer.isPlaying {
        if key == .function(1) || key == .function(2) || Root.status(of: store.state).isLooking {
          typed(key)
          if Root.status(of: store.state).isLooking { replayer.pause() } else { replayer.resume() }
          continue
        }
        replayer.stop()
        announce(strings.replayStopped)
      }
      typed(key)
    }
    if keys.isEmpty { scheduleRender() }
  }

  /// Ctrl-C as a signal: asks before quitting, as `q` does; a second one confirms.
  public func interrupted() {
    guard !holding else {
      keysWhileHeld.append(.control("c"))
      return
    }
    typed(.control("c"))
  }

  /// Whether the root holds its frames and the keys read (`ProgramStatus.holding`).
  private var holding: Bool { Root.status(of: store.state).holding }

  /// The terminal hung up (a closed window, a dropped ssh connection): ends as a quit does,
  /// and the log says "hung up".
  public func hungUp() {
    saveNow()
    quit(code: 0, how: "hung up")
  }

  /// A signal that ends the process (SIGTERM, SIGHUP): saves, writes the recording's last key
  /// (held back in case it opened the quit question) and says so in the log; the terminal's
  /// handler then restores the terminal and exits with 128 + `signal`.
  public func terminating(on signal: Int32) {
    let kept = Root.session(of: store.state)?.kept ?? true
    let restored = restoredWhileResuming()
    saveNow()
    clients.recorder?.finish()
    writeLog(
      "exit on signal \(signal): "
        + (restored
          ? "saved session as restored"
          : kept ? "saved session left as it was" : "session saved"))
  }

  /// A key a person pressed: the root says, with a command, whether and how it is recorded.
  private func typed(_ key: Key) { send(.key(key)) }

  /// The words of the root's language now.
  private var strings: Strings { Root.strings(of: store.state) }

  /// Shows `message` in the header.
  private func announce(_ message: String, lasting: Bool = false) {
    send(.announce(message, lasting: lasting))
  }

  /// Hands what the start's work found to the store, as `actions`; from now on keys reach the
  /// steps, and a replay, if any, begins.
  public func handOver(_ actions: [Root.Action]) {
    for action in actions { store.send(action) }
    startReplay()
  }

  /// A start with nothing to restore: a replay, if any, begins.
  public func startFresh() { startReplay() }

  /// What became of a payment a crash cut off, said in the header and the log.
  public func recovered(_ payment: RecoveredPayment) {
    writeLog("payment recovery: \(payment.key.map(\.rawValue) ?? "?") \(payment.outcome)")
    announce(strings.recoveredPayment(payment))
  }

  /// The payment records could not be checked at start: said once; paying still checks them.
  public func paymentRecoveryFailed(_ error: ServiceError) {
    writeLog("payment recovery failed: \(error.description)")
    announce(strings.serviceError(error))
  }

  /// The recording could not be written on (its reader went away, the disk is full).
  public func recordingStopped(_ reason: String) {
    writeLog("recording stopped: \(reason)")
    announce(strings.recordingStopped(reason))
  }

  /// Something the payment records needed, said in the header and the log.
  public func ledgerNotice(_ notice: LedgerNotice) {
    writeLog("ledger: \(notice)")
    announce(strings.ledgerNotice(notice))
  }

  private func startReplay() {
    guard let replayer else { return }
    writeLog("replay: started")
    announce(strings.replaying, lasting: true)
    replayer.play(
      timers: clients.timers, clock: clients.clock,
      isIdle: { [weak self] in self?.store.runningEffects == 0 },
      deliver: { [weak self] key in self?.send(.key(key)) },
      finished: { [weak self] in
        guard let self else { return }
        self.writeLog("replay: finished at \(Root.status(of: self.store.state).current)")
        self.announce(self.strings.replayFinished)
      })
  }

  // MARK: - Commands

  private func perform(_ command: Command) -> Root.Action? {
    // After the end nothing more is done: a reply or the start's work handed over late is
    // still reduced, but saves, reads and writes nothing.
    guard exitCode == nil else { return nil }
    switch command {
    case .saveSnapshot:
      guard let snapshot = Root.session(of: store.state)?.snapshot else { return nil }
      return Root.action(for: .snapshotSaved(snapshot, error: clients.session.save(snapshot)))
    case .log(let line):
      writeLog(line)
      return nil
    case .readSavedSnapshot:
      return Root.action(for: .savedSnapshotRead(clients.session.text()))
    case .quit(let code):
      quit(code: code)
      return nil
    case .recordKey(let key, let use):
      // A replay's keys are the recording's own, not a person's.
      guard replayer?.isPlaying != true else { return nil }
      clients.recorder?.record(key, use: use, busy: store.runningEffects > 0)
      return nil
    case .unrecordLastKey:
      clients.recorder?.discardPending()
      return nil
    }
  }

  /// Adds `line` to the event log, stamped with the clock's time.
  public func writeLog(_ line: String) {
    clients.log?.write(line, at: clients.clock.now())
  }

  /// Ending while the screen says it is resuming: stops the start's save of the restored path;
  /// true when that save had already been made.
  private func restoredWhileResuming() -> Bool {
    guard resuming != nil else { return false }
    return restoredSave?.close() ?? false
  }

  /// The step being resumed, as the screen says.
  private var resuming: StepKind? { Root.status(of: store.state).resuming }

  /// At an end that is not the root's (a signal, a hang-up): the path, saved once more if what
  /// is on disk is older, unless the saved session is to be left as it is (`ProgramSession.kept`:
  /// the start's work saving it is one such time: it was saved, or the end stopped it).
  private func saveNow() {
    guard let snapshot = Root.session(of: store.state)?.toSave else { return }
    _ = clients.session.save(snapshot)
  }

  private func quit(code: Int32, how: String = "quit") {
    guard exitCode == nil else { return }
    let restored = restoredWhileResuming()
    let state = store.state
    writeLog(
      resuming.map {
        "exit: quit while resuming at \($0), saved session "
          + (restored ? "as restored" : "left as it was")
      }
        ?? "exit: \(how) at \(Root.status(of: state).current)")
    clients.recorder?.finish()
    onEnd?()
    for timer in [countdown, spinner].compactMap({ $0 }) { clients.timers.cancel(timer) }
    countdown = nil
    spinner = nil
    replayer?.stop()
    exitCode = code
    clients.screen.stop()
    clients.exit(code)
  }

  // MARK: - After every action

  private func changed(_ state: Root.State, after action: Root.Action) {
    guard exitCode == nil else { return }
    if Root.movesOnlyTheClock(action) {
      // Only `now` moved: the countdown's next second, and a frame (of the header).
      scheduleCountdown(at: Root.subscriptions(state, now: clients.clock.now()).countdownTick)
      scheduleRender()
      replayer?.appChanged()
      return
    }
    onlyClockSinceFrame = false
    let wanted = Root.subscriptions(state, now: clients.clock.now())
    scheduleCountdown(at: wanted.countdownTick)
    scheduleSpinner(busy: wanted.spinner)
    scheduleRender()
    replayer?.appChanged()
  }

  /// One timer for the countdown, repeating every second from the next second
  /// (`RootFeature.subscriptions` says when): a tick whose next second is the timer's next fire
  /// leaves it as it is. It is moved only when the quote (and so the second's phase) changes, or
  /// when a fire came late, and stopped when no countdown runs.
  private func scheduleCountdown(at target: Date?) {
    guard target != countdownTarget else { return }
    if let countdown { clients.timers.cancel(countdown) }
    countdown = nil
    countdownTarget = target
    guard let target else { return }
    countdown = clients.timers.schedule(at: target, repeating: 1) { [weak self] in
      guard let self else { return }
      // The timer fires again a second later: what the tick's change will ask for.
      self.countdownTarget = self.countdownTarget?.addingTimeInterval(1)
      self.send(.tick(self.clients.clock.now()))
      // Drawn now, in this turn, rather than after it.
      self.renderIfScheduled()
    }
  }

  private func scheduleSpinner(busy: Bool) {
    guard busy else {
      if let spinner { clients.timers.cancel(spinner) }
      spinner = nil
      return
    }
    guard spinner == nil else { return }
    let every = Double(Subscriptions.spinnerMilliseconds) / 1000
    spinner = clients.timers.schedule(
      at: clients.clock.now().addingTimeInterval(every), repeating: every
    ) { [weak self] in self?.send(.spin) }
  }

  // MARK: - Drawing

  private func scheduleRender() {
    guard !renderScheduled else { return }
    renderScheduled = true
    clients.timers.soon { [weak self] in self?.renderIfScheduled() }
  }

  /// Draws the frame a change asked for, once: whoever comes first (the queued pass, or a tick's
  /// handler drawing at once) draws, and the other finds nothing to do.
  private func renderIfScheduled() {
    guard renderScheduled, exitCode == nil else { return }
    renderScheduled = false
    render()
  }

  /// The rows of the canvas to show.
  private enum Unshown: Comparable {
    case none, header, all
  }

  /// Draws, then shows what changed. While the root holds, the frame waiting to be shown is
  /// drawn once: what changes meanwhile is drawn when it lets go.
  private func render() {
    guard !holding || unshown == .none else { return }
    compose()
    show()
  }

  /// Shows the canvas's rows not shown yet, unless the root holds its frames.
  private func show() {
    guard !holding, unshown != .none else { return }
    // After a tick only the header row changed: only it is compared with what is on screen.
    clients.screen.draw(canvas, rows: unshown == .header ? 0..<1 : nil)
    unshown = .none
  }

  /// Draws on the canvas only when the state or the size changed.
  private func compose() {
    let screen = clients.screen
    let (width, height) = (screen.columns, screen.rows)
    let state = Root.drawn(store.state)
    let clockOnly = onlyClockSinceFrame
    if let last = lastFrame, last.width == width, last.height == height,
      clockOnly ? Root.now(of: last.state) == Root.now(of: state) : last.state == state
    {
      return
    }
    let theme: Theme = screen.usesColor ? colorTheme : .monochrome
    // A countdown tick redraws the header only (the same cells as a whole redraw would).
    let ticked =
      lastFrame.map {
        $0.width == width && $0.height == height
          && Root.drawClock(
            state, after: $0.state, on: &canvas, theme: theme, onlyTheClockMoved: clockOnly)
      } ?? false
    lastFrame = (state, width, height)
    onlyClockSinceFrame = true
    if !ticked {
      if canvas.width != width || canvas.height != height {
        canvas = Canvas(width: width, height: height)
      }
      Root.draw(state, on: &canvas, theme: theme)
    }
    unshown = max(unshown, ticked ? .header : .all)
  }
}

extension FeatureProgram where Root == RootFeature {
  // MARK: - The start's results

  /// Hands the restored flow to the store. `saving`: the start's work is saving its path (it
  /// differs from the one on disk); the root then holds (`ProgramStatus.holding`): its frames
  /// are drawn but not shown and keys wait, until `restoredPathSaved`. Otherwise keys reach the
  /// steps from now on and a replay begins.
  public func restored(_ restoration: Restoration, saving: Bool) {
    store.send(.restored(restoration, saving: saving))
    if !holding { startReplay() }
  }

  /// The restored path's save is in (`saved`: its outcome; nil: none was made, the app ending):
  /// the root lets go, its frame (saying why, if the save failed) is shown, then the keys read
  /// meanwhile act, and a replay begins.
  public func restoredPathSaved(_ saved: SessionSave?) {
    let held = holding
    guard exitCode == nil, held || saved != nil else { return }
    send(.restoredPathSaved(saved?.snapshot, error: saved?.error))
    render()
    let keys = keysWhileHeld
    keysWhileHeld = []
    if !keys.isEmpty { received(keys) }
    if held { startReplay() }
  }
}
