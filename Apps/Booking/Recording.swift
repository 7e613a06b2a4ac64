import Dispatch
import FoundationEssentials
import Presentation

/// One recorded key: its time after the start in milliseconds, its word, and whether the app
/// was waiting for the airline when it was typed.
///
/// A key typed while the app was idle (the usual case, and the default when `busy` is absent) is
/// replayed only once the app is idle again: a replay on a slower or busier machine then sends
/// "Enter" to the results list, not to its spinner. A key typed during a wait (Esc while results
/// load) is replayed at its time, during the wait, as it was typed.
struct RecordedKey: Codable {
  let t: Int
  let key: String
  var busy: Bool? = nil

  var waitsForIdle: Bool { busy != true }
}

/// Writes every key with its time offset as JSON lines, for `--replay`.
///
/// Card data never reaches the file: keys typed into the card number field are held until the
/// field is left, then written as typed when they are one of the test cards, or as the digits of
/// 4242 4242 4242 4242 otherwise; security-code digits are always written as 1, 2, 3, 4.
@MainActor
final class KeyRecorder {
  private let file: LineFile
  private let start = DispatchTime.now().uptimeNanoseconds
  private var heldCardKeys: [(Int, Key, Bool)] = []
  private var codeDigits = 0
  /// The latest key, written when the next one comes: the keys that quit (`q` then `y`) are
  /// dropped, so a replay ends where the recording's flow ended instead of quitting.
  private var pending: (Int, Key, Bool)?
  static let testCards = ["4242424242424242", "4000000000000002", "4000000000009995"]
  /// Set once a write failed: nothing more is written.
  private var stopped = false
  /// Told (once) why the recording stopped.
  var onFailure: (@MainActor (String) -> Void)?

  init(path: String) throws(SystemError) {
    file = try LineFile(creating: path)
  }

  /// Records `key`, typed while `field` had focus on the payment panel (nil elsewhere) and
  /// while the app was (`busy`) or was not waiting for the airline.
  func record(_ key: Key, paymentField: PaymentFeature.Field?, busy: Bool) {
    let t = Int((DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
    if paymentField == .number, isEditing(key) {
      heldCardKeys.append((t, key, busy))
      return
    }
    flushCardNumber()
    if paymentField == .cvc, case .character(let character) = key, character.isNumber {
      codeDigits += 1
      write(t, .character(Character(String((codeDigits - 1) % 4 + 1))), busy: busy)
      return
    }
    write(t, key, busy: busy)
  }

  /// Writes the held card-number keys: as typed for a test card, else as the success test card.
  func flushCardNumber() {
    guard let first = heldCardKeys.first else { return }
    let typed = heldCardKeys.compactMap { key -> Character? in
      if case .character(let character) = key.1, character.isNumber { return character }
      return nil
    }
    if Self.testCards.contains(String(typed)) {
      for (t, key, busy) in heldCardKeys { write(t, key, busy: busy) }
    } else {
      for (offset, digit) in "4242424242424242".enumerated() {
        write(first.0 + offset, .character(digit), busy: first.2)
      }
    }
    heldCardKeys = []
  }

  private func isEditing(_ key: Key) -> Bool {
    switch key {
    case .character, .backspace, .delete, .left, .right, .home, .end: true
    default: false
    }
  }

  /// Forgets the latest key (it opened the quit question that is now being confirmed).
  func discardPending() { pending = nil }

  /// Writes what is still held.
  func finish() {
    flushCardNumber()
    if let (t, key, busy) = pending { emit(t, key, busy: busy) }
    pending = nil
  }

  private func write(_ t: Int, _ key: Key, busy: Bool) {
    if let (heldT, held, heldBusy) = pending { emit(heldT, held, busy: heldBusy) }
    pending = (t, key, busy)
  }

  private func emit(_ t: Int, _ key: Key, busy: Bool) {
    guard !stopped, let word = KeyCoding.word(key),
      let data = try? JSONEncoder().encode(RecordedKey(t: t, key: word, busy: busy ? true : nil))
    else { return }
    if let failure = file.append(String(decoding: data, as: UTF8.self)) {
      // The reader went away or the disk filled: the recording stops, the booking goes on.
      stopped = true
      onFailure?(failure.reason)
    }
  }
}

/// Plays a recording back into the app at its own pace (or faster), until a person presses a key.
///
/// Each key keeps its gap to the key before it (divided by the speed), and a key that was typed
/// while the app was idle also waits until the app is idle again, so the replay makes the same
/// booking however slow the machine or the airline is today.
@MainActor
final class KeyReplayer {
  private var keys: [RecordedKey]
  private let speed: Double
  private var timer: DispatchSourceTimer?
  private(set) var isPlaying = false
  /// The recorded time of the key sent last, and when it was sent.
  private var previous: (recorded: Int, sent: DispatchTime)?
  /// The next key is due but waits for the app to finish waiting for the airline.
  private var heldForIdle = false
  private var deliver: (@MainActor (Key) -> Void)?
  private var finished: (@MainActor () -> Void)?
  private var isIdle: (@MainActor () -> Bool)?

  /// Reads `path`; a line that is not a recorded key is an error naming its line number.
  init(path: String, speed: Double) throws {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw SystemError(path: path, reason: "no such file, or it cannot be read")
    }
    var keys: [RecordedKey] = []
    for (number, line) in String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated()
    {
      guard let key = try? JSONDecoder().decode(RecordedKey.self, from: Data(line.utf8)),
        KeyCoding.key(key.key) != nil
      else {
        throw SystemError(path: "\(path):\(number + 1)", reason: "not a recorded key")
      }
      keys.append(key)
    }
    self.keys = keys
    self.speed = speed
  }

  /// Starts sending keys to `deliver`, each when its gap has passed and, for a key typed while
  /// the app was idle, once `isIdle` holds.
  func play(
    isIdle: @escaping @MainActor () -> Bool, deliver: @escaping @MainActor (Key) -> Void,
    finished: @escaping @MainActor () -> Void
  ) {
    self.isIdle = isIdle
    self.deliver = deliver
    self.finished = finished
    isPlaying = true
    previous = (0, .now())
    scheduleNext()
  }

  /// Stops: a person took over.
  func stop() {
    isPlaying = false
    heldForIdle = false
    timer?.cancel()
    timer = nil
    keys = []
  }

  /// The app's state changed: a key held for the app to become idle goes next, if it is (after
  /// the change that made it idle has been handled, never from inside it).
  func appChanged() {
    guard heldForIdle, isIdle?() == true else { return }
    heldForIdle = false
    DispatchQueue.main.async { [weak self] in
      MainActor.assumeIsolated { self?.due() }
    }
  }

  private func scheduleNext() {
    guard isPlaying, let next = keys.first, let previous else {
      let wasPlaying = isPlaying
      isPlaying = false
      if wasPlaying { finished?() }
      return
    }
    let gap = max(0, Double(next.t - previous.recorded) / speed)
    let timer = DispatchSource.makeTimerSource(queue: .main)
    timer.schedule(deadline: previous.sent + .milliseconds(Int(gap)))
    timer.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.due() }
    }
    timer.resume()
    self.timer = timer
  }

  private func due() {
    timer = nil
    guard isPlaying, let next = keys.first else { return }
    if next.waitsForIdle, isIdle?() == false {
      heldForIdle = true
      return
    }
    sendNext()
  }

  private func sendNext() {
    guard isPlaying, !keys.isEmpty else { return }
    let recorded = keys.removeFirst()
    previous = (recorded.t, .now())
    if let key = KeyCoding.key(recorded.key) { deliver?(key) }
    scheduleNext()
  }
}
