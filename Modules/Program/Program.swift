import Airline
import Canvas
import Domain
import FlowOwner
import Presentation

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The running app as a library (Bubble Tea's `Program`, TCA's `Store` with its runtime): keys,
/// signals, timer fires and airline replies come in as actions; the root feature's commands
/// (save, log, read the saved snapshot, quit) are done through the clients; the timers the state
/// asks for (`RootFeature.subscriptions`) are reconciled after every change; frames go to the
/// screen. Every outside thing is a client, so a test runs the whole program with a test screen,
/// virtual timers and a session in memory, and no terminal.
@MainActor
public final class Program {
  /// The clients: what the program reads, writes and draws on.
  public struct Clients {
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

  /// The root feature and its running work.
  public let store: Store
  private var clients: Clients
  /// Plays keys for `--replay` until a person presses one.
  public var replayer: KeyReplayer?
  /// The restored path's save, made by the start's work: ending while the program says it is
  /// resuming stops it, so the saved session is then left as it was (or, when it came first, as
  /// restored).
  public var restoredSave: RestoredSave?
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
  /// Whether every action since the last frame moved only the clock (a tick): the frame then
  /// skips comparing whole states.
  private var onlyClockSinceFrame = false
  private var lastFrame: (state: RootFeature.State, width: Int, height: Int)?
  private var canvas = Canvas(width: 0, height: 0)
  /// The start's one save before its first frame (the size moved the search form's path) is
  /// made right after that frame, before any key is read, not before it: the only snapshot it
  /// can write is the search form's, which is what no file means too, so a crash between the
  /// frame and the save starts the same way, and the first frame waits for no fsync.
  private var firstFrameDrawn = false
  private var savesBeforeFirstFrame: [BookingSnapshot] = []

  /// A program over `store`, run through `clients`.
  public init(store: Store, clients: Clients) {
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

  /// Starts: takes the screen's size and draws the first frame, then makes the save that size
  /// asked for.
  public func run() {
    store.perform = { [weak self] command in self?.perform(command) }
    store.onChange = { [weak self] state, action in self?.changed(state, after: action) }
    store.send(.key(.resize(width: clients.screen.columns, height: clients.screen.rows)))
    render()
    firstFrameDrawn = true
    let saves = savesBeforeFirstFrame
    savesBeforeFirstFrame = []
    for snapshot in saves {
      store.send(.snapshotSaved(snapshot, error: clients.session.save(snapshot)))
    }
  }

  // MARK: - Inputs

  /// Keys read from the terminal, in order: a resize is the store's (never recorded); any other
  /// key a person pressed ends a replay under way and counts. Nothing read (a resize signal
  /// alone) still redraws.
  public func received(_ keys: [Key]) {
    for key in keys {
      guard exitCode == nil else { return }
      if case .resize = key {
        store.send(.key(key))
        scheduleRender()
        continue
      }
      if let replayer, replayer.isPlaying {
        replayer.stop()
        store.send(.announce(store.state.strings.replayStopped))
      }
      typed(key)
    }
    if keys.isEmpty { scheduleRender() }
  }

  /// Ctrl-C as a signal: asks before quitting, as `q` does; a second one confirms.
  public func interrupted() { typed(.control("c")) }

  /// The terminal hung up: ends as a quit does.
  public func hungUp() {
    saveNow()
    quit(code: 0)
  }

  /// A signal that ends the process (SIGTERM, SIGHUP): saves and says so in the log; the
  /// terminal's handler then restores the terminal and exits with 128 + `signal`.
  public func terminating(on signal: Int32) {
    let kept = store.state.keepsSavedSession
    let restored = restoredWhileResuming()
    saveNow()
    writeLog(
      "exit on signal \(signal): "
        + (restored
          ? "saved session as restored"
          : kept ? "saved session left as it was" : "session saved"))
  }

  /// A key a person pressed: the root says, with a command, whether and how it is recorded.
  private func typed(_ key: Key) { store.send(.key(key)) }

  /// Writes every action from now on to `file` after `header`, as `JournalEntry` lines (the
  /// airline's answers go there through `JournalServices`). A write that fails stops the
  /// journal and says so; the booking goes on.
  public func journal(to file: JournalFile, header: JournalHeader) {
    file.write(.header(header))
    var scrub = JournalScrub()
    store.onReduce = { [weak self] action, at, job in
      guard let self, file.stopped == nil else { return }
      let entry: JournalAction?
      switch (job, action) {
      case (let job?, _): entry = .reply(job: job)
      case (nil, .key(let key)):
        entry = scrub.key(key, use: self.store.state.lastKey).map(JournalAction.key)
      case (nil, .tick(let instant)): entry = .tick(instant)
      case (nil, .spin): entry = .spin
      case (nil, .restored): entry = .restored(now: self.restoredAt ?? at)
      case (nil, .flowOpened(_, let notice)): entry = .bagOpened(notice: notice)
      case (nil, .snapshotSaved(let snapshot, let error)):
        entry = .snapshotSaved(snapshot, error: error)
      case (nil, .savedSnapshotRead(let text)): entry = .snapshotRead(text)
      case (nil, .announce(let text, let lasting)): entry = .announce(text, lasting: lasting)
      case (nil, .step), (nil, .trips): entry = nil
      }
      guard let entry, !file.write(.action(at: at, entry)), let reason = file.stopped else {
        return
      }
      self.writeLog("journal stopped: \(reason)")
      self.clients.timers.soon { [weak self] in
        guard let self else { return }
        self.store.send(.announce(self.store.state.strings.recordingStopped(reason)))
      }
    }
  }

  // MARK: - The start's results

  /// Hands the restored flow to the store; from now on keys reach the steps. `saved` is its
  /// snapshot as the start's work saved it before handing it over (nil: it did not need to).
  public func restored(_ restoration: Restoration, fromLink: Bool, saved: SessionSave?) {
    if let saved { store.send(.snapshotSaved(saved.snapshot, error: saved.error)) }
    store.send(.restored(restoration))
    // A link opens; only a saved session resumes.
    if fromLink, case .resumed(let step) = restoration.outcome {
      store.send(.announce(store.state.strings.openedFromLink(step)))
    }
    startReplay()
  }

  /// The workshop's bag, filled by its deep-link handler; from now on keys reach the steps.
  public func bagOpened(_ bag: any FlowOwning) {
    let strings = store.state.strings
    store.send(
      .flowOpened(
        AnyFlowOwner(bag),
        notice: bag.current == .search
          ? strings.restoreNotice(.fellBack(to: .search, because: .quoteUnavailable)) ?? ""
          : strings.openedFromLink(bag.current)))
    startReplay()
  }

  /// A start with nothing to restore: a replay, if any, begins.
  public func startFresh() { startReplay() }

  /// What became of a payment a crash cut off, said in the header and the log.
  public func recovered(_ payment: RecoveredPayment) {
    writeLog("payment recovery: \(payment.key.map(\.rawValue) ?? "?") \(payment.outcome)")
    store.send(.announce(store.state.strings.recoveredPayment(payment)))
  }

  /// The payment records could not be checked at start: said once; paying still checks them.
  public func paymentRecoveryFailed(_ error: ServiceError) {
    writeLog("payment recovery failed: \(error.description)")
    store.send(.announce(store.state.strings.serviceError(error)))
  }

  /// The recording could not be written on (its reader went away, the disk is full).
  public func recordingStopped(_ reason: String) {
    writeLog("recording stopped: \(reason)")
    store.send(.announce(store.state.strings.recordingStopped(reason)))
  }

  /// Something the payment records needed, said in the header and the log.
  public func ledgerNotice(_ notice: LedgerNotice) {
    writeLog("ledger: \(notice)")
    store.send(.announce(store.state.strings.ledgerNotice(notice)))
  }

  private func startReplay() {
    guard let replayer else { return }
    writeLog("replay: started")
    store.send(.announce(store.state.strings.replaying, lasting: true))
    replayer.play(
      timers: clients.timers, clock: clients.clock,
      isIdle: { [weak self] in self?.store.runningEffects == 0 },
      deliver: { [weak self] key in self?.store.send(.key(key)) },
      finished: { [weak self] in
        guard let self else { return }
        self.writeLog("replay: finished at \(self.store.state.current)")
        self.store.send(.announce(self.store.state.strings.replayFinished))
      })
  }

  // MARK: - Commands

  private func perform(_ command: Command) -> RootFeature.Action? {
    // After the end nothing more is done: a reply or the start's work handed over late is
    // still reduced, but saves, reads and writes nothing.
    guard exitCode == nil else { return nil }
    switch command {
    case .saveSnapshot(let snapshot):
      guard firstFrameDrawn else {
        savesBeforeFirstFrame.append(snapshot)
        return nil
      }
      return .snapshotSaved(snapshot, error: clients.session.save(snapshot))
    case .log(let line):
      writeLog(line)
      return nil
    case .readSavedSnapshot:
      return .savedSnapshotRead(clients.session.text())
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
    guard store.state.restoring != nil else { return false }
    return restoredSave?.close() ?? false
  }

  /// At an end that is not the root's (a signal, a hang-up): the path, saved once more if what
  /// is on disk is older, unless the saved session is to be left as it is.
  private func saveNow() {
    let state = store.state
    guard !state.keepsSavedSession, let snapshot = state.flow.savedSnapshot,
      snapshot != state.saving.saved
    else { return }
    _ = clients.session.save(snapshot)
  }

  private func quit(code: Int32) {
    guard exitCode == nil else { return }
    let restored = restoredWhileResuming()
    let state = store.state
    writeLog(
      state.restoring.map {
        "exit: quit while resuming at \($0.step), saved session "
          + (restored ? "as restored" : "left as it was")
      }
        ?? "exit: quit at \(state.flow.current)")
    clients.recorder?.finish()
    onEnd?()
    for timer in [countdown, spinner].compactMap(\.self) { clients.timers.cancel(timer) }
    countdown = nil
    spinner = nil
    replayer?.stop()
    exitCode = code
    clients.screen.stop()
    clients.exit(code)
  }

  // MARK: - After every action

  private func changed(_ state: RootFeature.State, after action: RootFeature.Action) {
    guard exitCode == nil else { return }
    if action.movesOnlyTheClock {
      // Only `now` moved: the countdown's next second, and a frame (of the header).
      scheduleCountdown(at: RootFeature.countdownTick(state, now: clients.clock.now()))
      scheduleRender()
      replayer?.appChanged()
      return
    }
    onlyClockSinceFrame = false
    let wanted = RootFeature.subscriptions(state, now: clients.clock.now())
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
      self.store.send(.tick(self.clients.clock.now()))
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
    ) { [weak self] in self?.store.send(.spin) }
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

  /// Draws only when the state or the size changed; the screen then sends only changed cells.
  private func render() {
    let screen = clients.screen
    let (width, height) = (screen.columns, screen.rows)
    let state = store.state
    let clockOnly = onlyClockSinceFrame
    if let last = lastFrame, last.width == width, last.height == height,
      clockOnly ? last.state.now == state.now : last.state == state
    {
      return
    }
    let theme: Theme = screen.usesColor ? .color : .monochrome
    // A countdown tick redraws the header only (the same cells as a whole redraw would).
    let ticked =
      lastFrame.map {
        $0.width == width && $0.height == height
          && RootView.drawClock(
            state, after: $0.state, on: &canvas, theme: theme, onlyTheClockMoved: clockOnly)
      } ?? false
    if ticked, clockOnly {
      lastFrame?.state.now = state.now  // the rest is the same by construction
    } else {
      lastFrame = (state, width, height)
    }
    onlyClockSinceFrame = true
    if !ticked {
      if canvas.width != width || canvas.height != height {
        canvas = Canvas(width: width, height: height)
      }
      RootView.draw(state, on: &canvas, theme: theme)
    }
    // After a tick only the header row changed: only it is compared with what is on screen.
    screen.draw(canvas, rows: ticked ? 0..<1 : nil)
  }
}
