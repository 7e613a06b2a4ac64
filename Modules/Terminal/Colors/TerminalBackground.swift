#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether the terminal's background is dark or light, for the app to pick its theme.
///
/// The terminal is asked with OSC 11 (`Esc ] 11 ; ? Esc \`), which xterm, VTE terminals, kitty,
/// alacritty, foot, iTerm2 and tmux answer with the background colour, followed by a primary
/// device-attributes query (`Esc [ c`), which nearly every terminal answers: terminals answer in
/// order, so the attributes arriving first mean no OSC 11 answer is coming, without waiting out
/// the time limit. A terminal that answers neither costs the time limit, once, as ncurses
/// starts. Without an answer, `COLORFGBG` (rxvt, konsole) is read; without either the caller
/// takes dark.
public enum TerminalBackground: String, Hashable, Sendable {
  case dark
  case light

  /// What the terminal said so far, read from the bytes that came back.
  public struct Answer: Hashable, Sendable {
    /// The background, once the OSC 11 answer has come with a colour that could be read.
    public var background: TerminalBackground?
    /// Whether the device attributes have come: the terminal has answered all it will.
    public var complete: Bool

    public init(background: TerminalBackground? = nil, complete: Bool = false) {
      self.background = background
      self.complete = complete
    }
  }

  /// The queries written to the terminal: OSC 11, then primary device attributes.
  public static let query = Array("\u{1B}]11;?\u{1B}\\\u{1B}[c".utf8)

  /// How long the terminal is given to answer, in milliseconds.
  public static let answerMilliseconds = 100

  /// What `bytes`, read from the terminal after `query`, say: the OSC 11 answer in them and
  /// whether the device attributes' answer has come. Other bytes (keys typed meanwhile) are
  /// skipped.
  public static func answer(in bytes: [UInt8]) -> Answer {
    var answer = Answer()
    var index = 0
    while index + 1 < bytes.count {
      guard bytes[index] == 0x1B else {
        index += 1
        continue
      }
      switch bytes[index + 1] {
      case UInt8(ascii: "]"):
        guard let end = oscEnd(in: bytes, from: index + 2) else { return answer }
        let body = String(decoding: bytes[(index + 2)..<end.body], as: UTF8.self)
        if body.hasPrefix("11;"), let color = color(body.dropFirst(3)) {
          answer.background = of(red: color.red, green: color.green, blue: color.blue)
        }
        index = end.next
      case UInt8(ascii: "["):
        var cursor = index + 2
        while cursor < bytes.count, (0x20...0x3F).contains(bytes[cursor]) { cursor += 1 }
        guard cursor < bytes.count else { return answer }
        if bytes[cursor] == UInt8(ascii: "c"), index + 2 < cursor,
          bytes[index + 2] == UInt8(ascii: "?")
        {
          answer.complete = true
          return answer
        }
        index = cursor + 1
      default:
        index += 1
      }
    }
    return answer
  }

  /// Where the OSC string starting at `start` ends: the end of its body, and the index after its
  /// terminator (BEL or `Esc \`); nil when the terminator has not arrived.
  static func oscEnd(in bytes: [UInt8], from start: Int) -> (body: Int, next: Int)? {
    var index = start
    while index < bytes.count {
      if bytes[index] == 0x07 { return (index, index + 1) }
      if bytes[index] == 0x1B {
        guard index + 1 < bytes.count else { return nil }
        return (index, index + (bytes[index + 1] == UInt8(ascii: "\\") ? 2 : 1))
      }
      index += 1
    }
    return nil
  }

  /// The red, green and blue (0 to 1) of an X11 colour specification as terminals answer OSC
  /// 11: `rgb:R/G/B` or `rgba:R/G/B/A`, each channel of 1 to 4 hex digits; nil for anything
  /// else.
  public static func color(_ spec: some StringProtocol) -> (
    red: Double, green: Double, blue: Double
  )? {
    let text = String(spec).lowercased()
    let channels: [Substring]
    if text.hasPrefix("rgb:") {
      channels = text.dropFirst(4).split(separator: "/", omittingEmptySubsequences: false)
      guard channels.count == 3 else { return nil }
    } else if text.hasPrefix("rgba:") {
      channels = text.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false)
      guard channels.count == 4 else { return nil }
    } else {
      return nil
    }
    var values: [Double] = []
    for channel in channels.prefix(3) {
      guard (1...4).contains(channel.count), let value = UInt32(channel, radix: 16) else {
        return nil
      }
      let largest = (UInt32(1) << (4 * UInt32(channel.count))) - 1
      values.append(Double(value) / Double(largest))
    }
    return (values[0], values[1], values[2])
  }

  /// WCAG's relative luminance of an sRGB colour, 0 (black) to 1 (white).
  public static func luminance(red: Double, green: Double, blue: Double) -> Double {
    func linear(_ value: Double) -> Double {
      value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }

  /// Light when black text has more contrast on the colour than white text (relative luminance
  /// above about 0.18), dark otherwise.
  public static func of(red: Double, green: Double, blue: Double) -> TerminalBackground {
    let background = luminance(red: red, green: green, blue: blue)
    let withBlack = (background + 0.05) / 0.05
    let withWhite = 1.05 / (background + 0.05)
    return withBlack > withWhite ? .light : .dark
  }

  /// What `COLORFGBG` says (`fg;bg` or `fg;default;bg`, colour numbers): the background's
  /// number 0 to 6 or 8 is dark, 7 or 9 to 15 light (as vim reads it); nil otherwise.
  public static func fromColorFGBG(_ value: String) -> TerminalBackground? {
    guard let last = value.split(separator: ";").last, let number = Int(last) else { return nil }
    switch number {
    case 0...6, 8: return .dark
    case 7, 9...15: return .light
    default: return nil
    }
  }

  /// Asks the terminal on `input` and `output` (file descriptors of the same terminal) for its
  /// background, waiting at most `milliseconds` for both answers, and puts the terminal's
  /// modes back. Nil when it gave no colour in time, or is not a terminal. Call it before
  /// ncurses starts: it reads the input itself (keys typed meanwhile are lost), and an answer
  /// that comes after the time limit reaches ncurses, whose key decoding drops it.
  public static func ask(
    input: Int32, output: Int32, milliseconds: Int = answerMilliseconds
  ) -> TerminalBackground? {
    guard let question = Question(input: input, output: output) else { return nil }
    defer { question.restoreModes() }
    return question.answer(milliseconds: milliseconds)
  }

  /// The question written now and its answer read later, so that other work (ncurses's start,
  /// `TerminalScreen.start(hearing:)`) runs while the terminal answers. Until `restoreModes`
  /// (at the latest when the question goes), the terminal's line editing and echo are off: the
  /// answer is read at once and never shown (signals stay).
  public final class Question {
    private let input: Int32
    /// The terminal's modes before the question; nil once put back.
    private var modes: termios?
    /// When the question was written: the time limit counts from it.
    private let asked: timespec

    /// Writes the question. Nil, with the terminal as it was, when `input` or `output` is not a
    /// terminal or its modes cannot be set or the question cannot be written.
    public init?(input: Int32, output: Int32) {
      var modes = termios()
      guard isatty(input) == 1, isatty(output) == 1, tcgetattr(input, &modes) == 0 else {
        return nil
      }
      var raw = modes
      raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
      withUnsafeMutableBytes(of: &raw.c_cc) { characters in
        characters[Int(VMIN)] = 0
        characters[Int(VTIME)] = 0
      }
      guard tcsetattr(input, TCSANOW, &raw) == 0 else { return nil }
      let written = query.withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
      guard written == query.count else {
        tcsetattr(input, TCSANOW, &modes)
        return nil
      }
      var asked = timespec()
      clock_gettime(CLOCK_MONOTONIC, &asked)
      self.input = input
      self.modes = modes
      self.asked = asked
    }

    /// Reads the answers until both have come or `milliseconds` have passed since the question
    /// was written; the background, if the terminal gave a colour. What has come by the time
    /// limit is read, however long the work in between took. The modes stay as they are.
    public func answer(milliseconds: Int = answerMilliseconds) -> TerminalBackground? {
      var received: [UInt8] = []
      var answer = Answer()
      var buffer = [UInt8](repeating: 0, count: 256)
      while true {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let elapsed =
          (now.tv_sec - asked.tv_sec) * 1000 + (now.tv_nsec - asked.tv_nsec) / 1_000_000
        let left = max(milliseconds - Int(elapsed), 0)
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(left))
        if ready < 0, errno == EINTR, left > 0 { continue }
        guard ready > 0 else { return answer.background }
        let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR || errno == EAGAIN, left > 0 { continue }
        guard count > 0 else { return answer.background }
        received += buffer.prefix(count)
        answer = TerminalBackground.answer(in: received)
        // The colour's answer comes before the attributes': waiting for the latter keeps it off
        // the keys ncurses reads next.
        if answer.complete || left == 0 { return answer.background }
      }
    }

    /// Puts back the terminal's modes from before the question; once.
    public func restoreModes() {
      guard var modes else { return }
      tcsetattr(input, TCSANOW, &modes)
      self.modes = nil
    }

    deinit { restoreModes() }
  }
}
