import Dispatch
import Launch
import Persistence
import Presentation
import Program
import Runtime
import Session
import SimulatedAirline
import Workshop
import Zones

/// The app's start in a process: the start's work against the first frame, and the work no
/// frame waits for after it.
@MainActor
public enum LiveStart {
  /// Starts `app` on the terminal of `parts`; the caller then runs the main queue.
  public static func run(_ app: BookingApp, parts: LiveParts) {
    running = parts
    switch app {
    case .real(let app): run(app, parts: parts)
    case .bag(let app): run(app, parts: parts)
    }
  }

  /// The start's work (payments a crash cut off settled, then a flow restored) and its path's
  /// save, which follows it on the work queue while the program draws the path (shown once
  /// saved).
  private typealias Work = (found: Task<Startup.Found, Never>, saved: Task<SessionSave?, Never>)

  private static func run(_ app: RealBookingApp, parts: LiveParts) {
    let startup = app.startup
    let work = parts.work
    let restoredSave = RestoredSave()
    let handover = StartHandover()
    func startWork() -> Work {
      let found = app.startWork()
      let saved = Task(executorPreference: work) {
        let value = await found.value
        handover.found(value)
        return startup.save(value, through: app.parts.session, restoredSave: restoredSave)
      }
      return (found, saved)
    }
    // A flow to restore: its work (file reads, decoding, the restored path's save) starts here,
    // before the terminal and the time zone are set up, beside them and the first frame, and
    // the new folders' syncs, which its save would otherwise make first, start at once on a
    // queue of their own. A fresh start has only the payment check to do: it starts after the
    // first frame, which then waits for neither it nor its thread. The work queue being serial,
    // it is done before any payment is made.
    var early: Work?
    if startup.restoring != nil {
      app.parts.store.syncNewFoldersAhead()
      early = startWork()
    }
    let zone = ZoneSource.live.machineZone()
    let program = app.program(now: app.parts.clock.now(), zone: zone, clients: parts.makeClients())
    program.restoredSave = restoredSave
    // A restore its work found while the terminal started is handed over before the first
    // frame, which is then the restored path's, shown once that path is saved; one still being
    // read is handed over when found, after a first frame that says the step is being resumed.
    keys = LiveTerminal.launch(program, parts: parts, log: app.startLog) {
      if let found = handover.takeFound() { startup.deliver(found, to: program) }
    }
    let (found, saved) = early ?? startWork()
    let airline = app.parts.airline
    onWork(work) {
      for await notice in airline.ledgerNotices { program.ledgerNotice(notice) }
    }
    if startup.restoring == nil {
      program.startFresh()
      startBackgroundWork(parts)
    }
    onWork(work) {
      let value = await found.value
      if handover.takeDelivery() { startup.deliver(value, to: program) }
      program.restoredPathSaved(await saved.value)
      // After the frame the restore asked for, which the main queue runs first.
      if startup.restoring != nil { DispatchQueue.main.async { startBackgroundWork(parts) } }
      // After the payments were settled and the start's frames drawn: expired offers, drafts
      // and quotes no one needs go, a bounded share per start. Its reads (folders of a hundred
      // thousand) on a queue of their own; its removals on the airline, between its other calls.
      let kept = startup.keptRecords
      DispatchQueue.main.async {
        DispatchQueue(label: "booking.sweep", qos: .background).async {
          let plan = airline.planSweep(keeping: kept, budget: 300)
          Task(executorPreference: work) {
            _ = await airline.sweep(plan)
            _ = await airline.releaseExpiredHolds()
          }
        }
      }
    }
  }

  private static func run(_ app: BagBookingApp, parts: LiveParts) {
    let zone = ZoneSource.live.machineZone()
    let program = app.program(now: app.parts.clock.now(), zone: zone, clients: parts.makeClients())
    keys = LiveTerminal.launch(program, parts: parts, log: app.startLog)
    let airline = app.parts.airline
    onWork(parts.work) {
      for await notice in airline.ledgerNotices { program.ledgerNotice(notice) }
    }
    onWork(parts.work) {
      program.handOver(await app.opened())
      startBackgroundWork(parts)
    }
  }

  /// Runs `body` on the main actor, its nonisolated calls on the work queue `work`.
  private static func onWork(
    _ work: SerialTaskExecutor, _ body: @escaping @MainActor @Sendable () async -> Void
  ) {
    Task(executorPreference: work) { await body() }
  }

  /// The parts the app runs on, kept for the life of the process: the data directory's lock
  /// among them.
  private static var running: LiveParts?

  /// The terminal's input, read for as long as the program runs.
  private static var keys: (any DispatchSourceRead)?

  /// Work no frame waits for, started once the start's frames are drawn (the first, and a
  /// resume's restored one): beside them, its threads took the two cores from the frames' work.
  private static func startBackgroundWork(_ parts: LiveParts) {
    // The airport list reads ~70 zone files and no first frame needs it.
    BuiltInAirports.prepare()
    // Temp files of writes cut short by a crash are never read; cleared on a queue of their
    // own, off the work queue (the airline's calls would wait behind it).
    let airline = parts.app.airline
    let store = parts.app.store
    DispatchQueue(label: "booking.cleanup", qos: .background).async {
      airline.removeStaleTemporaryFiles(olderThan: 10 * 60)
      _ = try? store.removeStaleTemporaryFiles(of: SessionFile.kind, olderThan: 10 * 60)
    }
  }
}
