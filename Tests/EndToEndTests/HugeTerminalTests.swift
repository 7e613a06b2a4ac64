import Foundation
import TestSupport
import Testing

/// A terminal far past the largest size the app draws at, and an escape sequence far past its
/// bound, on a real pty (tmux refuses 65535x65535): the app draws a notice at a capped size,
/// stays small and alive, answers SIGTERM, and drops the sequence whole.
@Suite(
  "Huge terminals and sequences", .serialized,
  .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3"))
struct HugeTerminalTests {
  /// A generous bound on the app's resident memory: capped, it takes tens of megabytes; drawn at
  /// 10000x10000 it took 10.6 GB.
  static let residentLimitKB = 200 * 1024

  @Test(
    "resized to 65535x65535 and 10000x10000 it draws the notice, stays small, and ends on SIGTERM")
  func resized() async throws {
    let report = try await PtyHarness.run("resize")
    let steps = try #require(report["steps"] as? [[String: Any]], "\(report)")
    #expect(steps.count == 4, "\(report)")
    for step in steps {
      #expect(step["alive"] as? Bool == true, "\(step)")
      let resident = try #require(step["rss_kb"] as? Int)
      #expect(resident > 0 && resident < Self.residentLimitKB, "\(step)")
    }
    #expect(steps.filter { $0["notice"] as? Bool == true }.count == 2, "\(report)")
    #expect(report["exit"] as? Int == 143, "\(report)")
  }

  @Test(
    "started on a 65535x65535 terminal it starts with the notice, not refused, and ends on SIGTERM")
  func startedHuge() async throws {
    let report = try await PtyHarness.run("start")
    let steps = try #require(report["steps"] as? [[String: Any]], "\(report)")
    let step = try #require(steps.first, "\(report)")
    #expect(step["notice"] as? Bool == true && step["alive"] as? Bool == true, "\(report)")
    let resident = try #require(step["rss_kb"] as? Int)
    #expect(resident > 0 && resident < Self.residentLimitKB, "\(step)")
    #expect(report["exit"] as? Int == 143, "\(report)")
  }

  @Test("Esc [ < and 20,000 digits then ;1;1M types nothing; the next key (F1) acts")
  func longSequence() async throws {
    let report = try await PtyHarness.run("sequence")
    let steps = try #require(report["steps"] as? [[String: Any]], "\(report)")
    let step = try #require(steps.first, "\(report)")
    #expect(step["typed_digits"] as? Bool == false && step["alive"] as? Bool == true, "\(report)")
    // The CPU each took is a measurement, printed, not asserted.
    print("sequence samples: \(report["samples"] ?? "none")")
    #expect(report["exit"] as? Int == 143, "\(report)")
  }
}

/// Runs the app on a pty of its own from Python (`pty`, `TIOCSWINSZ`), through one scenario,
/// and returns the report the script prints as JSON: the steps seen, the exit status.
enum PtyHarness {
  static func run(_ scenario: String) async throws -> [String: Any] {
    let booking = try PackageExecutable.path("booking")
    let data = FileManager.default.temporaryDirectory
      .appendingPathComponent("booking-huge-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: data) }
    let result = try await Command.run(
      "/usr/bin/python3", ["-c", script, booking, data.path, scenario])
    let line = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
    guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    else { throw HarnessFailure(description: "\(result.stdout)\n\(result.stderr)") }
    if let failure = object["failure"] { throw HarnessFailure(description: "\(failure)") }
    return object
  }

  struct HarnessFailure: Error, CustomStringConvertible {
    let description: String
  }

  /// The harness: it starts the app with `--latency 0` in a new session on a pty, reads
  /// everything it writes, and waits for text on screen (events, each with a patience limit).
  static let script = #"""
    import fcntl, json, os, pty, signal, struct, sys, termios, threading, time

    binary, data, scenario = sys.argv[1], sys.argv[2], sys.argv[3]
    PATIENCE = 60.0
    report = {"scenario": scenario, "steps": []}


    def set_size(fd, cols, rows):
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


    class App:
        def __init__(self, cols, rows):
            self.master, slave = pty.openpty()
            set_size(self.master, cols, rows)
            self.output = bytearray()
            self.changed = threading.Condition()
            self.pid = os.fork()
            if self.pid == 0:
                os.setsid()
                fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
                for fd in (0, 1, 2):
                    os.dup2(slave, fd)
                env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
                env.pop("LINES", None)
                env.pop("COLUMNS", None)
                os.execve(binary, [binary, "--data-dir", data, "--latency", "0"], env)
            os.close(slave)
            threading.Thread(target=self.read, daemon=True).start()

        def read(self):
            while True:
                try:
                    chunk = os.read(self.master, 1 << 16)
                except OSError:
                    chunk = b""
                with self.changed:
                    if not chunk:
                        self.closed = True
                        self.changed.notify_all()
                        return
                    self.output += chunk
                    self.changed.notify_all()

        def mark(self):
            with self.changed:
                return len(self.output)

        def wait_for(self, text, since):
            needle = text.encode()
            deadline = time.monotonic() + PATIENCE
            with self.changed:
                while needle not in self.output[since:]:
                    left = deadline - time.monotonic()
                    if left <= 0 or getattr(self, "closed", False):
                        raise SystemExit(self.fail("no %r on screen" % text))
                    self.changed.wait(left)

        def resize(self, cols, rows):
            set_size(self.master, cols, rows)

        def rss_kb(self):
            with open("/proc/%d/status" % self.pid) as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1])
            return -1

        def cpu_ns(self):
            total = 0
            for task in os.listdir("/proc/%d/task" % self.pid):
                try:
                    with open("/proc/%d/task/%s/schedstat" % (self.pid, task)) as stat:
                        total += int(stat.read().split()[0])
                except OSError:
                    pass
            return total

        def alive(self):
            return os.waitpid(self.pid, os.WNOHANG) == (0, 0)

        def terminate(self):
            os.kill(self.pid, signal.SIGTERM)
            timer = threading.Timer(PATIENCE, lambda: os.kill(self.pid, signal.SIGKILL))
            timer.start()
            _, status = os.waitpid(self.pid, 0)
            timer.cancel()
            return os.waitstatus_to_exitcode(status)

        def fail(self, why):
            try:
                os.kill(self.pid, signal.SIGKILL)
            except OSError:
                pass
            report["failure"] = why
            print(json.dumps(report))
            return 1

        def step(self, **fields):
            report["steps"].append(fields)


    notice = "Terminal too large"
    search = "Search flights"
    if scenario == "resize":
        app = App(100, 30)
        app.wait_for(search, 0)
        for cols, rows in [(65535, 65535), (10000, 10000)]:
            since = app.mark()
            app.resize(cols, rows)
            app.wait_for(notice, since)
            app.step(size="%dx%d" % (cols, rows), notice=True, alive=app.alive(), rss_kb=app.rss_kb())
            since = app.mark()
            app.resize(100, 30)
            app.wait_for(search, since)
            app.step(size="100x30", search=True, alive=app.alive(), rss_kb=app.rss_kb())
        since = app.mark()
        app.resize(65535, 65535)
        app.wait_for(notice, since)
        report["exit"] = app.terminate()
    elif scenario == "start":
        app = App(65535, 65535)
        app.wait_for(notice, 0)
        app.step(size="65535x65535", notice=True, alive=app.alive(), rss_kb=app.rss_kb())
        report["exit"] = app.terminate()
    elif scenario == "sequence":
        app = App(100, 30)
        app.wait_for(search, 0)
        help_key, close = b"\x1bOP", b"\x1b"
        samples = []
        for sample in range(3):
            # The help box alone, then after the sequence: the difference is the sequence's cost.
            for payload in [b"", b"\x1b[<" + b"1" * 20000 + b";1;1M"]:
                since = app.mark()
                before = app.cpu_ns()
                # More than the pty holds: the write ends only as the app reads. An app that
                # stops reading is killed after PATIENCE, which ends the write with an error.
                guard = threading.Timer(PATIENCE, lambda: os.kill(app.pid, signal.SIGKILL))
                guard.start()
                try:
                    os.write(app.master, payload + help_key)
                except OSError:
                    raise SystemExit(app.fail("the app stopped reading the sequence"))
                finally:
                    guard.cancel()
                app.wait_for("Keys", since)
                spent = app.cpu_ns() - before
                since = app.mark()
                os.write(app.master, close)
                # The form under the box drawn again: the Esc is read, alone.
                app.wait_for("city, airport or code", since)
                samples.append({"sequence": bool(payload), "cpu_ns": spent})
        report["samples"] = samples
        typed = b"11111" in app.output
        app.step(typed_digits=typed, alive=app.alive())
        report["exit"] = app.terminate()
    print(json.dumps(report))
    """#
}
