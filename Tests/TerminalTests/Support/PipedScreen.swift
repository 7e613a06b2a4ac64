import Terminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A started screen that writes into a pipe, so a test can count the bytes each update sends.
/// Keys come from /dev/null: there are none.
///
/// With `keepingWrites`, the "pipe" is a socket pair of sequenced packets, which keeps each
/// `write` ncurses makes as a message of its own: `writes(of:)` tells them apart.
@MainActor
final class PipedScreen {
  let screen: TerminalScreen
  private let output: UnsafeMutablePointer<FILE>
  private let input: UnsafeMutablePointer<FILE>
  private let readEnd: Int32

  /// A screen of `termType` drawing in `repertoire` (nil: what the locale and `termType` say);
  /// Unicode by default, whatever the locale the tests run in.
  init(
    colorMode: ColorMode = .color, keepingWrites: Bool = false,
    termType: String = "xterm-256color", repertoire: CharacterRepertoire? = .unicode
  ) throws {
    var ends: [Int32] = [-1, -1]
    if keepingWrites {
      guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &ends) == 0 else {
        throw SetupFailure(description: "socketpair")
      }
    } else {
      guard pipe(&ends) == 0 else { throw SetupFailure(description: "pipe") }
    }
    _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
    guard let output = fdopen(ends[1], "w"), let input = fopen("/dev/null", "r") else {
      throw SetupFailure(description: "fdopen")
    }
    self.output = output
    self.input = input
    readEnd = ends[0]
    screen = TerminalScreen(output: output, input: input, termType: termType, colorMode: colorMode)
    screen.wantedRepertoire = repertoire
    try screen.start()
  }

  /// What `update` made ncurses write.
  func output(of update: () -> Void) -> [UInt8] {
    Array(writes(of: update).joined())
  }

  /// Each `write` that `update` made ncurses make, in order (apart only with `keepingWrites`; a
  /// pipe may join or split them).
  func writes(of update: () -> Void) -> [[UInt8]] {
    _ = reads()
    update()
    return reads()
  }

  /// Stops the screen and closes the pipe.
  func close() {
    screen.stop()
    fclose(output)
    fclose(input)
    _ = Glibc.close(readEnd)
  }

  /// Everything waiting to be read, one read at a time.
  private func reads() -> [[UInt8]] {
    var buffer = [UInt8](repeating: 0, count: 1 << 17)
    var chunks: [[UInt8]] = []
    while true {
      let count = read(readEnd, &buffer, buffer.count)
      if count <= 0 { return chunks }
      chunks.append(Array(buffer[0..<count]))
    }
  }
}
