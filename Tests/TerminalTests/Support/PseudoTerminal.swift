import Terminal
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pseudo-terminal pair: the test plays the terminal emulator on `controller`, and a screen
/// runs on the other side as on a real terminal.
@MainActor
final class PseudoTerminal {
  let controller: Int32
  let output: UnsafeMutablePointer<FILE>
  let input: UnsafeMutablePointer<FILE>

  init(columns: Int, rows: Int) throws {
    controller = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard controller >= 0, let name = Self.deviceName(of: controller) else {
      throw SetupFailure(description: "open /dev/ptmx")
    }
    let device = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard device >= 0, let output = fdopen(device, "w"),
      let input = fdopen(fcntl(device, F_DUPFD_CLOEXEC, 0), "r")
    else { throw SetupFailure(description: "open \(name)") }
    self.output = output
    self.input = input
    _ = fcntl(controller, F_SETFL, O_NONBLOCK)
    resize(columns: columns, rows: rows)
  }

  /// Unlocks the other side of `controller` and returns its path. Written with ioctls because
  /// Swift's Glibc module leaves out grantpt, unlockpt and ptsname.
  private static func deviceName(of controller: Int32) -> String? {
    #if os(Linux)
      // TIOCSPTLCK and TIOCGPTN are _IOW/_IOR macros Swift cannot import; these are their
      // asm-generic values (x86-64, arm64).
      let setLock: UInt = 0x4004_5431
      let getNumber: UInt = 0x8004_5430
      var unlock: Int32 = 0
      var number: UInt32 = 0
      guard ioctl(controller, setLock, &unlock) == 0, ioctl(controller, getNumber, &number) == 0
      else { return nil }
      return "/dev/pts/\(number)"
    #else
      guard grantpt(controller) == 0, unlockpt(controller) == 0, let name = ptsname(controller)
      else { return nil }
      return String(cString: name)
    #endif
  }

  /// Gives the terminal a new size, as an emulator does when its window changes.
  func resize(columns: Int, rows: Int) {
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
  }

  /// Sends `text` as typed keys.
  func type(_ text: String) {
    var bytes = Array(text.utf8)
    _ = write(controller, &bytes, bytes.count)
  }

  /// Sends `bytes` as they are, valid UTF-8 or not.
  func send(_ bytes: [UInt8]) {
    var bytes = bytes
    _ = write(controller, &bytes, bytes.count)
  }

  /// Throws away what the screen wrote, so its writes never block on a full buffer.
  func discardOutput() {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while read(controller, &buffer, buffer.count) > 0 {}
  }

  /// Waits until the screen's side has input to read, up to `milliseconds`.
  func waitForInput(milliseconds: Int32) -> Bool {
    var request = pollfd(fd: fileno(input), events: Int16(POLLIN), revents: 0)
    return poll(&request, 1, milliseconds) == 1
  }

  /// Whether the emulator's side is still open.
  private var controllerOpen = true

  /// Closes the emulator's side, as a closed window or a dropped ssh connection does, and
  /// returns once the screen's side reports the hang-up (`waitForHangUp(of:)`).
  func hangUp() {
    closeController()
    waitForHangUp(of: fileno(input))
  }

  /// Closes both sides.
  func close() {
    fclose(output)
    fclose(input)
    closeController()
  }

  private func closeController() {
    guard controllerOpen else { return }
    controllerOpen = false
    _ = Glibc.close(controller)
  }
}

extension PseudoTerminal {
  /// A screen on this terminal, described by `termType`, started; the caller stops it.
  func startedScreen(termType: String = "xterm-256color") throws -> TerminalScreen {
    let screen = TerminalScreen(output: output, input: input, termType: termType)
    try screen.start()
    return screen
  }
}

/// Returns once `descriptor` reports that its other side has gone: the kernel says so when the
/// last copy of that side closes, and a program another test of this process spawns holds a
/// copy of every descriptor from its clone until its exec. Ten seconds without it is a failure.
func waitForHangUp(of descriptor: Int32) {
  var request = pollfd(fd: descriptor, events: 0, revents: 0)
  while true {
    let ready = poll(&request, 1, 10_000)
    if ready < 0, errno == EINTR { continue }
    if ready <= 0 || request.revents & Int16(POLLHUP) == 0 {
      Issue.record("the other side of descriptor \(descriptor) never went (\(request.revents))")
    }
    return
  }
}
