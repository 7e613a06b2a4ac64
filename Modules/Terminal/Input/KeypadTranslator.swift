/// Turns the bytes read from the terminal into what ncurses's `wgetch` returns with the keypad on:
/// each sequence the terminal description binds to a key (`Esc O A`, `Esc [ 1 ; 5 A`, `Esc O P`)
/// as its key code, every other byte as itself.
///
/// The screen reads the terminal in blocks of up to 4,096 bytes and translates them here, where
/// `wgetch` makes a system call for each byte: a paste or a long escape sequence costs one read
/// per block, not one per byte. The sequences are ncurses's own, looked up with `key_defined`.
///
/// Rules, as ncurses's `wgetch` applies them:
/// - At Esc the bytes are matched against the bound sequences one more byte at a time; the
///   first that is bound ends the match, as its key code.
/// - When the bytes from Esc match no bound sequence, Esc is a byte alone and matching starts
///   again at the byte after it.
/// - When the input ends inside what could still become a bound sequence, those bytes are
///   pending: the screen waits the escape delay for more, and after it they are bytes alone.
struct KeypadTranslator {
  /// What `lookup` says of a run of bytes that starts with Esc.
  enum Match: Equatable {
    /// The terminal description binds it to this key code.
    case key(Int32)
    /// It is the start of one or more bound sequences, and not one itself.
    case prefix
    /// No bound sequence is or starts with it.
    case none
  }

  /// The most bytes a bound sequence is looked up at; longer runs are bytes alone.
  static let longestSequence = 32

  /// The terminal description's bound sequences: ncurses's `key_defined` on the screen, or a
  /// table in a test.
  let lookup: ([UInt8]) -> Match
  /// How many times `lookup` ran: the measure of the work, which each Esc bounds.
  private(set) var lookups = 0

  init(lookup: @escaping ([UInt8]) -> Match) {
    self.lookup = lookup
  }

  /// The reads `bytes` make, and the bytes at their end that could still become a bound
  /// sequence (always empty when `final`: those are read as bytes alone).
  mutating func translate(_ bytes: [UInt8], final: Bool) -> (reads: [KeyRead], pending: [UInt8]) {
    var reads: [KeyRead] = []
    reads.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      guard bytes[index] == 27 else {
        reads.append(.byte(bytes[index]))
        index += 1
        continue
      }
      switch match(bytes, from: index) {
      case .key(let code, let length):
        reads.append(.keyCode(code))
        index += length
      case .cut where !final:
        return (reads, Array(bytes[index...]))
      case .cut, .unbound:
        reads.append(.byte(27))
        index += 1
      }
    }
    return (reads, [])
  }

  /// What the bytes from the Esc at `start` are.
  private enum Found {
    /// A bound sequence of this many bytes.
    case key(Int32, length: Int)
    /// The start of a bound sequence, cut by the end of the bytes.
    case cut
    /// Nothing bound.
    case unbound
  }

  private mutating func match(_ bytes: [UInt8], from start: Int) -> Found {
    var end = start + 1
    while end - start <= Self.longestSequence {
      // A NUL cannot be part of a bound sequence (they are C strings).
      if end > start + 1, bytes[end - 1] == 0 { return .unbound }
      lookups += 1
      switch lookup(Array(bytes[start..<end])) {
      case .key(let code): return .key(code, length: end - start)
      case .none: return .unbound
      case .prefix:
        guard end < bytes.count else { return .cut }
        end += 1
      }
    }
    return .unbound
  }
}
