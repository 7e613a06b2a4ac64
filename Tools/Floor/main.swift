import CNcurses
import Dispatch
import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

// `floor`: the least a Swift program can do for the app's job, to measure the app against:
// ncursesw, a boxed panel, "Price held mm:ss" from a deadline, redrawn once a second
// by a Dispatch timer, `q` quits. `Tools/scripts/measure_app.py` runs it beside `booking`.
//
//   floor [TTL]                      the bare floor: the deadline TTL seconds from now (900)
//   floor --io DATA_DIR QUOTE_ID     the pay link's floor: the quote and its draft read from the
//                                    data directory with `JSONDecoder` (money as `Decimal`), one
//                                    durable write, then the first frame, its deadline the quote's

setlocale(LC_ALL, "")
let arguments = Array(CommandLine.arguments.dropFirst())
let deadline: Date
if arguments.first == "--io" {
  guard arguments.count == 3 else {
    FloorIO.complain("usage: floor --io DATA_DIR QUOTE_ID\n")
    exit(64)
  }
  do {
    deadline = try FloorIO.payLink(dataDirectory: arguments[1], quoteID: arguments[2])
  } catch {
    FloorIO.complain("floor: \(error)\n")
    exit(66)
  }
} else {
  let ttl = arguments.first.flatMap { Double($0) } ?? 900
  deadline = Date.now.addingTimeInterval(ttl)
}
guard newterm(nil, cnc_stdout(), cnc_stdin()) != nil else { exit(1) }
cbreak()
noecho()
curs_set(0)
nodelay(cnc_stdscr(), true)
// The cursor is hidden: ncurses need not move it back after each update (as the app does).
leaveok(cnc_stdscr(), true)
if has_colors() {
  start_color()
  use_default_colors()
  init_pair(1, 4, -1)
}

@MainActor func draw() {
  let left = max(0, Int(deadline.timeIntervalSinceNow.rounded(.up)))
  let (minutes, seconds) = (left / 60, left % 60)
  let text = "Price held \(minutes < 10 ? "0" : "")\(minutes):\(seconds < 10 ? "0" : "")\(seconds)"
  mvwaddstr(cnc_stdscr(), 1, 2, text)
  wrefresh(cnc_stdscr())
}

// The panel's frame in colour, drawn once; the text in the terminal's own colours, as the app's
// header countdown.
wattr_on(cnc_stdscr(), cnc_color_pair(1), nil)
box(cnc_stdscr(), 0, 0)
wattr_off(cnc_stdscr(), cnc_color_pair(1), nil)
draw()
let timer = DispatchSource.makeTimerSource(queue: .main)
timer.schedule(deadline: .now() + 1, repeating: 1, leeway: .milliseconds(5))
timer.setEventHandler { MainActor.assumeIsolated { draw() } }
timer.resume()
let keys = DispatchSource.makeReadSource(fileDescriptor: 0, queue: .main)
keys.setEventHandler {
  MainActor.assumeIsolated {
    var key = wgetch(cnc_stdscr())
    while key != cnc_err() {
      if key == Int32(UInt8(ascii: "q")) {
        endwin()
        exit(0)
      }
      key = wgetch(cnc_stdscr())
    }
  }
}
keys.resume()
dispatchMain()
