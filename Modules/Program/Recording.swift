import Airline
import Canvas
import Persistence
import Presentation
import Recording

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// Where the keys a person types are recorded for `--record`.
@MainActor
public protocol Recorder: AnyObject {
  /// Records `key`, which did `use`, typed while the program was (`busy`) or was not waiting
  /// for the airline.
  func record(_ key: Key, use: RootFeature.KeyUse, busy: Bool)
  /// Forgets the latest key (it opened the quit question that is now being confirmed).
  func discardPending()
  /// Writes what is still held.
  func finish()
}

/// Writes a recording for `--replay` as JSON lines: what `KeyRecording` lets through, with each
/// key's time since the start. A write that fails stops the recording; the booking goes on.
@MainActor
public final class KeyRecorder: Recorder {
  private let file: LineFile
  private let clock: WallClock
  private let start: Date
  private var recording = KeyRecording()
  /// Set once a write failed: nothing more is written.
  private var stopped = false
  /// Told (once) why the recording stopped.
  public var onFailure: (@MainActor (String) -> Void)?

  /// Records into a new file at `path`, or into the file there emptied when `replacing`, each
  /// key's time read from `clock`.
  public init(path: String, replacing: Bool, clock: WallClock) throws(SystemError) {
    file = try LineFile(creating: path, replacing: replacing)
    self.clock = clock
    start = clock.now()
  }

  public func record(_ key: Key, use: RootFeature.KeyUse, busy: Bool) {
    let t = Int((clock.now().timeIntervalSince(start) * 1000).rounded(.down))
    write(recording.record(key, use: use, busy: busy, at: max(0, t)))
  }

  public func discardPending() { recording.discardPending() }

  public func finish() { write(recording.finish()) }

  private func write(_ keys: [RecordedKey]) {
    for key in keys {
      guard !stopped, let data = try? JSONEncoder().encode(key) else { return }
      if let failure = file.append(String(decoding: data, as: UTF8.self)) {
        stopped = true
        onFailure?(failure.reason)
      }
    }
  }
}

/// Plays a recording back into the app at its own pace (or faster), until a person presses a key.
///
/// Each key keeps its gap to the key before it (divided by the speed), and a key that was typed
/// while the app was idle also waits until the app is idle again, so the replay makes the same
/// booking however slow the machine or the airline is today.
@MainActor
public final class KeyReplayer {
  private var keys: [RecordedKey]
  private let speed: Double
  private var timers: (any Timers)?
  private var clock = WallClock.system
  private var timer: TimerID?
  public private(set) var isPlaying = false
  /// Waiting while the person looks (the help or the inspector open); `isPlaying` stays true.
  public private(set) var isPaused = false
  /// When the pause began, so the gap to the next key counts from the resume.
  private var pausedAt: Date?
  /// The recorded time of the key sent last, and when it was sent.
  private var previous: (recorded: Int, sent: Date)?
  /// The next key is due but waits for the app to finish waiting for the airline.
  private var heldForIdle = false
  private var deliver: (@MainActor (Key) -> Void)?
  private var finished: (@MainActor () -> Void)?
  private var isIdle: (@MainActor () -> Bool)?

  /// Reads `path` (a regular file of at most 16 MiB) and checks it whole, before the terminal
  /// starts: a line that is not a recorded key, or a time out of order or bounds, is an error
  /// naming its line.
  public init(path: String, speed: Double) throws(SystemError) {
    let text = try Self.read(path, limit: 16 * 1024 * 1024)
    do {
      keys = try RecordedKey.parse(text)
    } catch {
      throw SystemError(path: "\(path):\(error.line)", reason: error.reason)
    }
    self.speed = speed
  }

  /// The file's text, read without blocking (a FIFO, a device or a symbolic link is refused)
  /// and bounded.
  public static func read(_ path: String, limit: Int) throws(SystemError) -> String {
    try LineFile.readText(path, limit: limit)
  }

  /// The keys of a recording already read, for tests.
  public init(keys: [RecordedKey], speed: Double) {
    self.keys = keys
    self.speed = speed
  }

  /// Starts sending keys to `deliver` through `timers` against `clock`, each when its gap has
  /// passed and, for a key typed while the app was idle, once `isIdle` holds.
  public func play(
    timers: any Timers, clock: WallClock, isIdle: @escaping @MainActor () -> Bool,
    deliver: @escaping @MainActor (Key) -> Void, finished: @escaping @MainActor () -> Void
  ) {
    self.timers = timers
    self.clock = clock
    self.isIdle = isIdle
    self.deliver = deliver
    self.finished = finished
    isPlaying = true
    previous = (0, clock.now())
    scheduleNext()
  }

  /// Stops: a person took over.
  public func stop() {
    isPlaying = false
    isPaused = false
    pausedAt = nil
    heldForIdle = false
    if let timer { timers?.cancel(timer) }
    timer = nil
    keys = []
  }

  /// Waits, keeping its place: the person opened the help or the inspector to look.
  public func pause() {
    guard isPlaying, !isPaused else { return }
    isPaused = true
    pausedAt = clock.now()
    heldForIdle = false
    if let timer { timers?.cancel(timer) }
    timer = nil
  }

  /// Goes on after `pause()`: the next key keeps its gap, counted without the pause.
  public func resume() {
    guard isPlaying, isPaused else { return }
    isPaused = false
    if let previous, let pausedAt {
      self.previous = (previous.recorded, previous.sent + clock.now().timeIntervalSince(pausedAt))
    }
    pausedAt = nil
    scheduleNext()
  }

  /// The app's state changed: a key held for the app to become idle goes next, if it is (after
  /// the change that made it idle has been handled, never from inside it).
  public func appChanged() {
    guard heldForIdle, !isPaused, isIdle?() == true else { return }
    heldForIdle = false
    timers?.soon { [weak self] in self?.due() }
  }

  private func scheduleNext() {
    guard isPlaying, let next = keys.first, let previous else {
      let wasPlaying = isPlaying
      isPlaying = false
      if wasPlaying { finished?() }
      return
    }
    let (difference, overflow) = next.t.subtractingReportingOverflow(previous.recorded)
    let gap = RecordedKey.replayGap(overflow ? Int.max : difference, speed: speed)
    timer = timers?.schedule(
      at: previous.sent.addingTimeInterval(Double(gap) / 1000), repeating: nil
    ) { [weak self] in self?.due() }
  }

  private func due() {
    timer = nil
    guard isPlaying, !isPaused, let next = keys.first else { return }
    if next.waitsForIdle, isIdle?() == false {
      heldForIdle = true
      return
    }
    sendNext()
  }

  private func sendNext() {
    guard isPlaying, !keys.isEmpty else { return }
    let recorded = keys.removeFirst()
    previous = (recorded.t, clock.now())
    if let key = KeyCoding.key(recorded.key) { deliver?(key) }
    scheduleNext()
  }
}
