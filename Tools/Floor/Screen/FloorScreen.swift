import CNcurses
import Dispatch
import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// The floor's screen: ncursesw, a boxed panel, "Price held mm:ss" from `deadline`, redrawn
/// once a second by a Dispatch timer; `q` quits. Both floors (`floor`, `floor-io`) show it.
@MainActor
public enum FloorScreen {
  /// Shows the panel until `q`; never returns.
  public static func run(until deadline: Date) -> Never {
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
    // The panel's frame in colour, drawn once; the text in the terminal's own colours, as the
    // app's header countdown.
    wattr_on(cnc_stdscr(), cnc_color_pair(1), nil)
    box(cnc_stdscr(), 0, 0)
    wattr_off(cnc_stdscr(), cnc_color_pair(1), nil)
    draw(deadline)
    let timer = DispatchSource.makeTimerSource(queue: .main)
    timer.schedule(deadline: .now() + 1, repeating: 1, leeway: .milliseconds(5))
    timer.setEventHandler { MainActor.assumeIsolated { draw(deadline) } }
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
  }

  private static func draw(_ deadline: Date) {
    let left = max(0, Int(deadline.timeIntervalSinceNow.rounded(.up)))
    let (minutes, seconds) = (left / 60, left % 60)
    let text =
      "Price held \(minutes < 10 ? "0" : "")\(minutes):\(seconds < 10 ? "0" : "")\(seconds)"
    mvwaddstr(cnc_stdscr(), 1, 2, text)
    wrefresh(cnc_stdscr())
  }
}
