import Airline
import Canvas
import Dispatch
import Domain
import FlowOwner
import Persistence
import Presentation
import SimulatedAirline
import Terminal

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The running app: owns the terminal and the store on the main actor, and wakes only for a
/// key, a signal, the countdown's next second, a spinner frame, or an airline reply.
@MainActor
final class BookingApp {
  private let screen: TerminalScreen
  private let store: Store
  private let session: SessionFile
  private var keySource: DispatchSourceRead?
  private var countdown: DispatchSourceTimer?
  private var countdownTarget: Date?
  private var spinner: DispatchSourceTimer?
  private var saving: SessionSaving
  /// The snapshot's text for the inspector: read when it opens and after each save while it is
  /// open, never on every frame.
  private var inspectorRead = false
  private var renderScheduled = false
  /// Whether every action since the last frame moved only the clock (a tick): the frame then
  /// skips comparing whole states.
  private var onlyClockSinceFrame = false
  private var lastFrame: (state: RootFeature.State, width: Int, height: Int)?
  private var canvas = Canvas(width: 0, height: 0)

  /// Held for the life of the app: the kernel releases it when the process ends.
  private let lock: SessionLock.Outcome
  /// Writes keys for `--record`.
  var recorder: KeyRecorder?
  /// Plays keys for `--replay` until a person presses one.
  var replayer: KeyReplayer?
  /// `log/booking.log`, if it could be opened.
  var log: EventLog?
  /// The restored path's save, made by the start's work: ending the app while it resumes stops
  /// it, so the saved session is then left as it was (or, when it came first, as restored).
  var restoredSave: RestoredSave?
  /// How many activity lines, and which header lines, are in the log already.
  private var loggedActivity = 0
  private var loggedNotice: String?
  /// The start's one change before its first frame (the size) is saved right after that frame,
  /// before any key is read, not before it: the only snapshot it can write is the search form's
  /// (a resume or a link saves nothing until restored, `--fresh` keeps the saved session), which
  /// is what no file means too, so a crash between the frame and the save starts the same way.
  /// A new data directory's first frame then does not wait for two fsyncs.
  private var firstFrameDrawn = false
  private var loggedSaveProblem: String?

  init(
    screen: TerminalScreen, store: Store, session: SessionFile, initialSnapshot: BookingSnapshot?,
    lock: SessionLock.Outcome
  ) {
    self.lock = lock
    self.screen = screen
    self.store = store
    self.session = session
    self.saving = SessionSaving(saved: initialSnapshot)
  }

  /// Takes SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT and SIGWINCH. Called before the screen
  /// starts, so ncurses sees the signals taken and leaves them alone.
  func installSignals() {
    screen.installSignalHandlers(
      onTerminate: { [weak self] signal in
        guard let self else { return }
        let kept = self.store.state.keepsSavedSession
        let restored = self.restoredWhileResuming()
        self.saveNow()
        self.writeLog(
          "exit on signal \(signal): "
            + (restored
              ? "saved session as restored"
              : kept ? "saved session left as it was" : "session saved"))
      },
      onResize: { [weak self] in self?.readKeys() },
      // Ctrl-C asks before quitting, as `q` does; a second Ctrl-C confirms.
      onInterrupt: { [weak self] in self?.handle(.control("c")) })
  }

  /// Starts listening and draws the first frame.
  func run() {
    store.onChange = { [weak self] state, action in self?.changed(state, after: action) }
    let source = DispatchSource.makeReadSource(fileDescriptor: screen.inputDescriptor, queue: .main)
    source.setEventHandler { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        // Readable with nothing to read: the terminal hung up.
        let available = self.keySource?.data ?? 0
        if self.readKeys() == 0, available == 0 { self.quit() }
      }
    }
    source.resume()
    keySource = source
    let size = screen.size
    store.send(.key(.resize(width: size.columns, height: size.rows)))
    render()
    firstFrameDrawn = true
    persist(store.state)
  }

  /// Hands the restored flow to the store; from now on keys reach the steps. `saved` is its
  /// snapshot as the start's work saved it before handing it over (nil: it did not need to).
  func restored(_ restoration: Restoration, fromLink: Bool, saved: SessionSave?) {
    if let saved { report(saving.wrote(saved.snapshot, error: saved.error)) }
    store.send(.restored(restoration))
    // A link opens; only a saved session resumes.
    if fromLink, case .resumed(let step) = restoration.outcome {
      store.send(.announce(store.state.strings.openedFromLink(step)))
    }
    startReplay()
  }

  /// The workshop's bag, filled by its deep-link handler; from now on keys reach the steps.
  func bagOpened(_ bag: any FlowOwning) {
    let strings = store.state.strings
    store.send(
      .flowOpened(
        AnyFlowOwner(bag),
        notice: bag.current == .search
          ? strings.restoreNotice(.fellBack(to: .search, because: .quoteUnavailable)) ?? ""
          : strings.openedFromLink(bag.current)))
    startReplay()
  }

  func startFresh() {
    startReplay()
  }

  /// What became of a payment a crash cut off, said in the header and the log.
  func recovered(_ payment: RecoveredPayment) {
    writeLog("payment recovery: \(payment.key.map(\.rawValue) ?? "?") \(payment.outcome)")
    store.send(.announce(store.state.strings.recoveredPayment(payment)))
  }

  /// The payment records could not be checked at start: said once; paying still checks them.
  func paymentRecoveryFailed(_ error: ServiceError) {
    writeLog("payment recovery failed: \(error.description)")
    store.send(.announce(store.state.strings.serviceError(error)))
  }

  /// The recording could not be written on (its reader went away, the disk is full).
  func recordingStopped(_ reason: String) {
    writeLog("recording stopped: \(reason)")
    store.send(.announce(store.state.strings.recordingStopped(reason)))
  }

  /// Something the payment records needed, said in the header and the log.
  func ledgerNotice(_ notice: LedgerNotice) {
    writeLog("ledger: \(notice)")
    store.send(.announce(store.state.strings.ledgerNotice(notice)))
  }

  private func startReplay() {
    guard let replayer else { return }
    writeLog("replay: started")
    store.send(.announce(store.state.strings.replaying, lasting: true))
    replayer.play(
      isIdle: { [weak self] in self?.store.runningEffects == 0 },
      deliver: { [weak self] key in self?.store.send(.key(key)) },
      finished: { [weak self] in
        guard let self else { return }
        self.writeLog("replay: finished at \(self.store.state.current)")
        self.store.send(.announce(self.store.state.strings.replayFinished))
      })
  }

  /// Sends `key` to the store, then records it by what it did there (`lastKey`: what the step or
  /// the root that handled it says a recording may keep).
  private func handle(_ key: Key) {
    let busy = store.runningEffects > 0
    let confirmsQuit = store.state.shell.modal == .confirmQuit && RootFeature.confirmsQuit(key)
    // Keys pressed while resuming act on no step: a replay must not type them later.
    let restoring = store.state.restoring != nil
    if confirmsQuit { recorder?.discardPending() }
    store.send(.key(key))
    if !confirmsQuit, !restoring {
      recorder?.record(key, use: store.state.lastKey, busy: busy)
    }
  }

  @discardableResult
  private func readKeys() -> Int {
    let keys = screen.readKeys()
    for key in keys {
      if case .resize = key {
        // The store keeps the size (a scrolled box stops where it ends); never recorded.
        store.send(.key(key))
        scheduleRender()
        continue
      }
      if let replayer, replayer.isPlaying {
        // A person pressed a key: the replay hands control back, and this key counts.
        replayer.stop()
        store.send(.announce(store.state.strings.replayStopped))
      }
      handle(key)
    }
    if keys.isEmpty { scheduleRender() }
    return keys.count
  }

  // MARK: - After every action

  private func changed(_ state: RootFeature.State, after action: RootFeature.Action) {
    if action.movesOnlyTheClock {
      // Only `now` moved: no path to save, nothing to log or read again, no spinner to start or
      // stop. The countdown's next second, and a frame (of the header, `render` finds).
      scheduleCountdown(at: RootFeature.countdownTick(state, now: store.environment.clock.now()))
      scheduleRender()
      replayer?.appChanged()
      return
    }
    onlyClockSinceFrame = false
    if state.shell.quitRequested {
      quit()
      return
    }
    let savedBefore = saving.saved
    if firstFrameDrawn { persist(state) }
    // The inspector shows the snapshot as it is on disk: read when it opens and after a save,
    // and handed to the store as an action of its own after this change (never from inside it).
    if state.shell.modal != .inspector {
      inspectorRead = false
    } else if !inspectorRead || saving.saved != savedBefore {
      inspectorRead = true
      // The bag saves nothing: the session on disk is the real flow's, not its own.
      let text = state.flow.isLegacyBag ? "" : session.text()
      DispatchQueue.main.async { [weak self] in
        MainActor.assumeIsolated { self?.store.send(.savedSnapshotRead(text)) }
      }
    }
    logChanges(state)
    let wanted = RootFeature.subscriptions(state, now: store.environment.clock.now())
    scheduleCountdown(at: wanted.countdownTick)
    scheduleSpinner(busy: wanted.spinner)
    scheduleRender()
    replayer?.appChanged()
  }

  /// Writes what is new since the last change: activity lines, and the header's notice or save
  /// problem when they change.
  private func logChanges(_ state: RootFeature.State) {
    guard log != nil else { return }
    let fresh = min(state.shell.activityCount - loggedActivity, state.shell.activity.count)
    for line in state.shell.activity.suffix(max(0, fresh)) { writeLog("flow: " + line) }
    loggedActivity = state.shell.activityCount
    if state.shell.notice != loggedNotice {
      loggedNotice = state.shell.notice
      if let notice = state.shell.notice { writeLog("notice: " + notice) }
    }
    if state.shell.saveProblem != loggedSaveProblem {
      loggedSaveProblem = state.shell.saveProblem
      writeLog(state.shell.saveProblem.map { "cannot save: " + $0 } ?? "saving works again")
    }
  }

  func writeLog(_ line: String) {
    log?.write(line, at: store.environment.clock.now())
  }

  /// Saves the snapshot synchronously whenever the path changed, before the next frame; never
  /// while restoring or while `--fresh` keeps the saved session (it stays as it is on disk).
  /// What a failed or recovered save says goes to the store as an action of its own, after the
  /// change being handled: never a send from inside a send.
  private func persist(_ state: RootFeature.State) {
    guard !state.keepsSavedSession, let snapshot = state.flow.savedSnapshot else { return }
    guard saving.needsSave(snapshot) else { return }
    report(saving.wrote(snapshot, error: session.save(snapshot)))
  }

  /// Says what a save changed in the header, as an action of its own after the change being
  /// handled.
  private func report(_ report: SessionSaving.Report?) {
    guard let report else { return }
    DispatchQueue.main.async { [weak self] in
      MainActor.assumeIsolated {
        switch report {
        case .failed(let reason): self?.store.send(.saveFailed(reason))
        case .recovered: self?.store.send(.saveSucceeded)
        }
      }
    }
  }

  /// Ending while the screen says it is resuming: stops the start's save of the restored path;
  /// true when that save had already been made.
  private func restoredWhileResuming() -> Bool {
    guard store.state.restoring != nil else { return false }
    return restoredSave?.close() ?? false
  }

  private func saveNow() {
    guard !store.state.keepsSavedSession, let snapshot = store.state.flow.savedSnapshot else {
      return
    }
    // At exit a snapshot that failed before is tried once more.
    if snapshot != saving.saved {
      _ = saving.wrote(snapshot, error: session.save(snapshot))
    }
  }

  /// One timer for the countdown, repeating every second from the next second
  /// (`RootFeature.subscriptions` says when): a tick whose next second is the timer's next fire
  /// leaves it as it is. It is moved only when the quote (and so the second's phase) changes, or
  /// when a fire came late, and stopped when no countdown runs.
  private func scheduleCountdown(at target: Date?) {
    guard let target else {
      countdown?.cancel()
      countdown = nil
      countdownTarget = nil
      return
    }
    guard target != countdownTarget else { return }
    countdownTarget = target
    let delay = max(0, target.timeIntervalSince(store.environment.clock.now())) + 0.002
    if let countdown {
      countdown.schedule(
        deadline: .now() + delay, repeating: .seconds(1), leeway: .milliseconds(5))
      return
    }
    let timer = DispatchSource.makeTimerSource(queue: .main)
    timer.schedule(deadline: .now() + delay, repeating: .seconds(1), leeway: .milliseconds(5))
    timer.setEventHandler { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        // The timer fires again a second later: what the tick's `changed` will ask for.
        self.countdownTarget = self.countdownTarget?.addingTimeInterval(1)
        self.store.send(.tick(self.store.environment.clock.now()))
        // Drawn now, in this turn, rather than on another pass of the main queue.
        self.renderIfScheduled()
      }
    }
    timer.resume()
    countdown = timer
  }

  private func scheduleSpinner(busy: Bool) {
    guard busy else {
      spinner?.cancel()
      spinner = nil
      return
    }
    guard spinner == nil else { return }
    let timer = DispatchSource.makeTimerSource(queue: .main)
    let every = DispatchTimeInterval.milliseconds(Subscriptions.spinnerMilliseconds)
    timer.schedule(deadline: .now() + every, repeating: every)
    timer.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.store.send(.spin) }
    }
    timer.resume()
    spinner = timer
  }

  // MARK: - Drawing

  private func scheduleRender() {
    guard !renderScheduled else { return }
    renderScheduled = true
    DispatchQueue.main.async { [weak self] in
      MainActor.assumeIsolated { self?.renderIfScheduled() }
    }
  }

  /// Draws the frame a change asked for, once: whoever comes first (the queued pass, or a tick's
  /// handler drawing at once) draws, and the other finds nothing to do.
  private func renderIfScheduled() {
    guard renderScheduled else { return }
    renderScheduled = false
    render()
  }

  /// Draws only when the state or the size changed; the terminal then sends only changed cells.
  private func render() {
    let size = screen.size
    let state = store.state
    let clockOnly = onlyClockSinceFrame
    if let last = lastFrame, last.width == size.columns, last.height == size.rows,
      clockOnly ? last.state.now == state.now : last.state == state
    {
      return
    }
    let theme: Theme = screen.usesColor ? .color : .monochrome
    // A countdown tick redraws the header only (the same cells as a whole redraw would).
    let ticked =
      lastFrame.map {
        $0.width == size.columns && $0.height == size.rows
          && RootView.drawClock(
            state, after: $0.state, on: &canvas, theme: theme, onlyTheClockMoved: clockOnly)
      } ?? false
    if ticked, clockOnly {
      lastFrame?.state.now = state.now  // the rest is the same by construction
    } else {
      lastFrame = (state, size.columns, size.rows)
    }
    onlyClockSinceFrame = true
    if !ticked {
      if canvas.width != size.columns || canvas.height != size.rows {
        canvas = Canvas(width: size.columns, height: size.rows)
      }
      RootView.draw(state, on: &canvas, theme: theme)
    }
    // After a tick only the header row changed: only it is compared with what is on screen.
    screen.draw(canvas, rows: ticked ? 0..<1 : nil)
  }

  private func quit() {
    let restored = restoredWhileResuming()
    saveNow()
    let state = store.state
    writeLog(
      state.restoring.map {
        "exit: quit while resuming at \($0.step), saved session "
          + (restored ? "as restored" : "left as it was")
      }
        ?? "exit: quit at \(state.flow.current)")
    recorder?.finish()
    keySource?.cancel()
    countdown?.cancel()
    spinner?.cancel()
    screen.stop()
    exit(0)
  }
}
