import Presentation
import Program

extension FeatureProgram where Root == RootFeature {
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
      case (nil, .started): entry = .started
      case (nil, .tick(let instant)): entry = .tick(instant)
      case (nil, .spin): entry = .spin
      case (nil, .restored(_, let saving)):
        entry = .restored(now: self.restoredAt ?? at, saving: saving)
      case (nil, .snapshotSaved(let snapshot, let error)):
        entry = .snapshotSaved(snapshot, error: error)
      case (nil, .restoredPathSaved(let snapshot, let error)):
        entry = .restoredPathSaved(snapshot, error: error)
      case (nil, .savedSnapshotRead(let text)): entry = .snapshotRead(text)
      case (nil, .announce(let text, let lasting)): entry = .announce(text, lasting: lasting)
      case (nil, .step), (nil, .trips), (nil, .holdsReleased): entry = nil
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
}
