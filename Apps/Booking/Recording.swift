import Foundation
import Presentation

/// One recorded key: its time after the start in milliseconds and its word.
struct RecordedKey: Codable {
  let t: Int
  let key: String
}

/// Writes every key with its time offset as JSON lines, for `--replay`.
///
/// Card data never reaches the file: keys typed into the card number field are held until the
/// field is left, then written as typed when they are one of the test cards, or as the digits of
/// 4242 4242 4242 4242 otherwise; security-code digits are always written as 1, 2, 3, 4.
@MainActor
final class KeyRecorder {
  private let handle: FileHandle
  private let start = DispatchTime.now().uptimeNanoseconds
  private var heldCardKeys: [(Int, Key)] = []
  private var codeDigits = 0
  /// The latest key, written when the next one comes: the keys that quit (`q` then `y`) are
  /// dropped, so a replay ends where the recording's flow ended instead of quitting.
  private var pending: (Int, Key)?
  static let testCards = ["4242424242424242", "4000000000000002", "4000000000009995"]

  init(path: String) throws {
    guard
      FileManager.default.createFile(
        atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
      let handle = FileHandle(forWritingAtPath: path)
    else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path]) }
    self.handle = handle
  }

  /// Records `key`, typed while `field` had focus on the payment panel (nil elsewhere).
  func record(_ key: Key, paymentField: PaymentFeature.Field?) {
    let t = Int((DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
    if paymentField == .number, isEditing(key) {
      heldCardKeys.append((t, key))
      return
    }
    flushCardNumber()
    if paymentField == .cvc, case .character(let character) = key, character.isNumber {
      codeDigits += 1
      write(t, .character(Character(String((codeDigits - 1) % 4 + 1))))
      return
    }
    write(t, key)
  }

  /// Writes the held card-number keys: as typed for a test card, else as the success test card.
  func flushCardNumber() {
    guard let first = heldCardKeys.first else { return }
    let typed = heldCardKeys.compactMap { key -> Character? in
      if case .character(let character) = key.1, character.isNumber { return character }
      return nil
    }
    if Self.testCards.contains(String(typed)) {
      for (t, key) in heldCardKeys { write(t, key) }
    } else {
      for (offset, digit) in "4242424242424242".enumerated() {
        write(first.0 + offset, .character(digit))
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
    if let (t, key) = pending { emit(t, key) }
    pending = nil
  }

  private func write(_ t: Int, _ key: Key) {
    if let (heldT, held) = pending { emit(heldT, held) }
    pending = (t, key)
  }

  private func emit(_ t: Int, _ key: Key) {
    guard let word = KeyCoding.word(key),
      let data = try? JSONEncoder().encode(RecordedKey(t: t, key: word))
    else { return }
    handle.write(data + Data("\n".utf8))
  }
}

/// Plays a recording back into the app at its own pace (or faster), until a person presses a key.
@MainActor
final class KeyReplayer {
  private var keys: [RecordedKey]
  private let speed: Double
  private var timer: DispatchSourceTimer?
  private let start = DispatchTime.now()
  private(set) var isPlaying = false

  /// Reads `path`; a line that is not a recorded key is an error naming its line number.
  init(path: String, speed: Double) throws {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
    }
    var keys: [RecordedKey] = []
    for (number, line) in String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated()
    {
      guard let key = try? JSONDecoder().decode(RecordedKey.self, from: Data(line.utf8)),
        KeyCoding.key(key.key) != nil
      else {
        throw CocoaError(
          .fileReadCorruptFile,
          userInfo: [NSLocalizedDescriptionKey: "\(path):\(number + 1) is not a recorded key"])
      }
      keys.append(key)
    }
    self.keys = keys
    self.speed = speed
  }

  /// Starts sending keys to `deliver` at their recorded times divided by the speed.
  func play(_ deliver: @escaping @MainActor (Key) -> Void) {
    isPlaying = true
    scheduleNext(deliver)
  }

  /// Stops: a person took over.
  func stop() {
    isPlaying = false
    timer?.cancel()
    timer = nil
    keys = []
  }

  private func scheduleNext(_ deliver: @escaping @MainActor (Key) -> Void) {
    guard isPlaying, let next = keys.first else {
      isPlaying = false
      return
    }
    let due = start + .milliseconds(Int(Double(next.t) / speed))
    let timer = DispatchSource.makeTimerSource(queue: .main)
    timer.schedule(deadline: due)
    timer.setEventHandler { [weak self] in
      MainActor.assumeIsolated {
        guard let self, self.isPlaying, !self.keys.isEmpty else { return }
        let recorded = self.keys.removeFirst()
        if let key = KeyCoding.key(recorded.key) { deliver(key) }
        self.scheduleNext(deliver)
      }
    }
    timer.resume()
    self.timer = timer
  }
}
