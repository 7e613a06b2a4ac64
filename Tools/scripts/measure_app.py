#!/usr/bin/env python3
"""Measures the real `booking` binary beside the floor programs, in one run, on a pseudo-terminal
(100x30, TERM=xterm-256color). Figures for docs/Performance.md, never test assertions.

Programs, interleaved round by round (the order rotates every round):
- C floor: Tools/Floor/c/floor.c (ncursesw, a boxed panel, "Price held mm:ss" once a second),
  built here with `cc -O2 ... -lncursesw` when a C compiler is found;
- Swift floor: the `floor` product (the same job, FoundationEssentials, a Dispatch timer);
- Swift floor, pay link I/O: `floor-io DATA QUOTE`, which first reads the quote and its draft as
  the airline reads them (each record's seal checked with libcrypto, then decoded into Domain's
  types) and makes one durable write, as the pay link must (a quote made by `booking-cli` in a
  fresh data directory each round);
- booking, payment: a cold start on `--open booking://pay/<id>` (a quote made by `booking-cli`
  in a fresh data directory each round), then the card typed and paid;
- booking, search: `--fresh`, then a whole booking driven by keys to "Booked";
- with `--static`, the floor and booking built with `--static-swift-stdlib` (as install.sh
  builds them, in .build/static) and measured the same way;
- with `--other NAME=PATH` (any number of times), the same two for another `booking` (the build
  before a change), named NAME.

Figures, each as median (min-max) over the rounds and as a ratio to the Swift floor's median:
- first frame: from fork to the first bytes of the wanted text ("Price held", "Search flights"),
  over --starts starts of its own after the rounds (each program started, timed, killed, the
  order rotating), since a start is far noisier than the other figures;
- CPU per 10 s: the CPU time of all the process's threads (/proc/<pid>/task/*/schedstat) over
  10 s after the first frame had settled for 1.5 s (the countdown running where there is one);
- bytes/s: what the program wrote to the terminal over those 10 s, per second;
- peak RSS: VmHWM at the end: for booking after the whole booking, for a floor after its 10 s.

A second table puts each booking beside its like-for-like floor, built the same way: the pay
link against `floor-io` (its peak RSS both at the floor's moment, after 10 s of countdown, and
after paying, which no floor does), the search against the bare floor.

Usage: Tools/scripts/measure_app.py [--bin DIR] [--rounds N] [--starts N] [--static]
                                     [--other NAME=PATH]... [--mappings]
  --bin DIR     where booking, booking-cli and floor are (default .build/release)
  --rounds N    rounds (default 5)
  --starts N    starts for the first frame alone, after the rounds (default 15)
  --static      also the static builds of booking and the floor (built here when missing)
  --other NAME=PATH  another booking binary to measure beside (its booking-cli: --bin's)
  --mappings    print booking's resident memory by mapping after the last payment round
"""
import os, pty, select, shutil, signal, statistics, subprocess, sys, tempfile, time


def option(name, default):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


BIN = option("--bin", ".build/release")
ROUNDS = int(option("--rounds", "5"))
STARTS = int(option("--starts", "15"))
# Each --other NAME=PATH: another booking binary, measured beside under NAME.
OTHERS = [sys.argv[i + 1].split("=", 1) for i, a in enumerate(sys.argv[:-1]) if a == "--other"]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SETTLE, WINDOW = 1.5, 10.0
# The day searched: three weeks ahead, inside the bookable window whatever today is.
DAY = (__import__("datetime").date.today() + __import__("datetime").timedelta(days=21)).isoformat()
TAB, ENTER, RIGHT = "\t", "\r", "\x1bOC"  # kcuf1 in keypad mode
CTRL_S = "\x13"  # searches from any field of the form (Enter moves to the next)
# The test card typed on the payment form, focus left on Pay (Enter pays).
CARD = ["4242424242424242", TAB, "1230", TAB, "123", TAB]


def spawn(argv):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        # The Unicode screens, whatever the locale this runs in (a C locale draws ASCII).
        os.environ["LANG"] = "C.UTF-8"
        os.environ.pop("LC_ALL", None)
        os.environ.pop("LC_CTYPE", None)
        os.environ.pop("NO_COLOR", None)
        os.environ["LINES"], os.environ["COLUMNS"] = "30", "100"
        os.execv(argv[0], argv)
    import fcntl, struct, termios
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    return pid, fd


def answer_queries(fd, chunk):
    """Answers a primary device-attributes query in `chunk` as terminals do (tmux, xterm), so
    booking's background query ends at once, as it does in a terminal, not at its time limit."""
    if b"\x1b[c" in chunk:
        os.write(fd, b"\x1b[?1;2c")
    return chunk


def read_until(fd, needle, timeout=15.0):
    buf, end = b"", time.time() + timeout
    while time.time() < end:
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            try:
                chunk = answer_queries(fd, os.read(fd, 65536))
            except OSError:
                break
            buf += chunk
            if needle in buf:
                return buf
    raise SystemExit(f"timed out waiting for {needle!r}; got {buf[-400:]!r}")


def drain(fd, seconds):
    buf, end = b"", time.time() + seconds
    while time.time() < end:
        r, _, _ = select.select([fd], [], [], max(0.0, end - time.time()))
        if r:
            try:
                buf += answer_queries(fd, os.read(fd, 65536))
            except OSError:
                break
    return buf


def thread_ns(pid):
    """CPU time of each live thread, in nanoseconds (schedstat's first field), by thread ID."""
    times = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            times[task] = int(open(f"/proc/{pid}/task/{task}/schedstat").read().split()[0])
        except (OSError, ValueError, IndexError):
            pass
    return times


def cpu_over(pid, fd, seconds, every=0.1):
    """Drains fd for `seconds`; returns (bytes read, CPU ns of all threads meanwhile). Threads
    are sampled every `every` s, so one that starts or ends inside the window counts for what
    it ran while it was seen (a libdispatch worker ends after idling, so little is lost)."""
    first, last = thread_ns(pid), {}
    last.update(first)
    written, end = 0, time.time() + seconds
    while time.time() < end:
        written += len(drain(fd, min(every, max(0.0, end - time.time()))))
        last.update(thread_ns(pid))
    return written, sum(ns - first.get(task, 0) for task, ns in last.items())


def status_kib(pid, field):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def rss_by_mapping(pid):
    """Resident KiB per mapped file (anonymous memory as "[anon]"), largest first."""
    sizes, name = {}, "[anon]"
    for line in open(f"/proc/{pid}/smaps"):
        parts = line.split()
        if "-" in parts[0] and len(parts) >= 5 and ":" in parts[3]:
            name = parts[5] if len(parts) > 5 else "[anon]"
        elif parts[0] == "Rss:":
            sizes[name] = sizes.get(name, 0) + int(parts[1])
    return sorted(sizes.items(), key=lambda item: -item[1])


def send(fd, keys, pause=0.05):
    for key in keys:
        os.write(fd, key.encode() if isinstance(key, str) else key)
        time.sleep(pause)


def finish(pid, fd, quit_key=None):
    if quit_key:
        os.write(fd, quit_key)
        deadline = time.time() + 2
        while time.time() < deadline:
            drain(fd, 0.05)
            done, _ = os.waitpid(pid, os.WNOHANG)
            if done:
                break
        else:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
    else:
        os.kill(pid, signal.SIGTERM)
        drain(fd, 0.1)
        os.waitpid(pid, 0)
    os.close(fd)


def watch(argv, needle):
    """Starts argv, waits for `needle`, settles, and measures the CPU and bytes of WINDOW s."""
    start = time.perf_counter()
    pid, fd = spawn(argv)
    read_until(fd, needle)
    first = (time.perf_counter() - start) * 1000
    drain(fd, SETTLE)
    written, used = cpu_over(pid, fd, WINDOW)
    cpu = used / 1e6 * (10.0 / WINDOW)
    return pid, fd, {"first": first, "cpu": cpu, "bytes": written / WINDOW}


def floor(binary):
    def run(_round):
        pid, fd, figures = watch([binary, "900"], b"Price held")
        figures["rss"] = status_kib(pid, "VmHWM")
        finish(pid, fd, b"q")
        return figures
    return run


def floor_io(binary, cli):
    def run(_round):
        with tempfile.TemporaryDirectory() as data:
            quote = make_quote(cli, data)
            pid, fd, figures = watch([binary, data, quote], b"Price held")
            figures["rss"] = status_kib(pid, "VmHWM")
            finish(pid, fd, b"q")
        return figures
    return run


def static_build():
    """The static booking and floor (install.sh's flags), built when missing; their folder."""
    flags = ["-c", "release", "--static-swift-stdlib", "--scratch-path",
             os.path.join(ROOT, ".build/static"), "-Xlinker", "-l_FoundationCollections",
             "-Xlinker", "-l_FoundationCShims"]
    for product in ("booking", "floor", "floor-io"):
        subprocess.run(["swift", "build", *flags, "--product", product], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    shown = subprocess.run(["swift", "build", *flags, "--show-bin-path"], cwd=ROOT, check=True,
                           capture_output=True, text=True)
    return shown.stdout.strip()


def make_quote(cli, data, ttl=None):
    found = subprocess.run(
        [cli, "--data-dir", data, "search", "IST", "AMS", DAY, "-n", "1", "--json"],
        capture_output=True, text=True, check=True)
    import json
    offer = json.loads(found.stdout)[0]["id"]
    made = subprocess.run(
        [cli, "--data-dir", data, "quote", offer, "--passenger", "Ms Ada Lovelace 1990-05-04",
         "--email", "ada@example.com", "--phone", "+44 20 7946 0000", "--json",
         *(["--ttl", str(ttl)] if ttl else [])],
        capture_output=True, text=True, check=True)
    return json.loads(made.stdout)["id"]


MAPPINGS = []


def payment(binary, cli):
    def run(round_number):
        with tempfile.TemporaryDirectory() as data:
            quote = make_quote(cli, data)
            pid, fd, figures = watch(
                [binary, "--data-dir", data, "--latency", "0", "--open", f"booking://pay/{quote}"],
                b"Price held")
            # At the moment a floor's is taken: its first frame settled, then 10 s of countdown.
            figures["rss_held"] = status_kib(pid, "VmHWM")
            send(fd, CARD + [ENTER])
            read_until(fd, b"Booked")
            figures["rss"] = status_kib(pid, "VmHWM")
            if "--mappings" in sys.argv and round_number == ROUNDS - 1:
                MAPPINGS[:] = rss_by_mapping(pid)
            finish(pid, fd)
        return figures
    return run


def search(binary):
    def run(_round):
        with tempfile.TemporaryDirectory() as data:
            pid, fd, figures = watch(
                [binary, "--data-dir", data, "--latency", "0", "--fresh"], b"Search flights")
            book_from_search(fd)
            figures["rss"] = status_kib(pid, "VmHWM")
            finish(pid, fd)
        return figures
    return run


def book_from_search(fd, timeout=15.0):
    """From the search form to "Booked" by keys: IST to AMS for two, the first offer, two
    passengers, a seat and a bag, the test card."""
    send(fd, ["ist", ENTER, "ams", ENTER, TAB, "+", CTRL_S])
    read_until(fd, b"offers", timeout)
    send(fd, [ENTER])
    read_until(fd, b"Given name", timeout)
    send(fd, [RIGHT, TAB, "Ada", TAB, "Lovelace", TAB, "1985-12-10", TAB, RIGHT, TAB, "Grace",
              TAB, "Hopper", TAB, "1986-12-09", TAB, "ada@example.com", TAB, "+31201234567",
              TAB, ENTER])
    read_until(fd, b"Seats", timeout)
    send(fd, [ENTER, RIGHT, ENTER, TAB, "+", "c"])
    read_until(fd, b"Price held", timeout)
    send(fd, CARD + [ENTER])
    read_until(fd, b"Booked", timeout)


def start_only(argv, needle):
    """Milliseconds from fork to `needle` on the terminal; the program is then killed."""
    start = time.perf_counter()
    pid, fd = spawn(argv)
    read_until(fd, needle)
    first = (time.perf_counter() - start) * 1000
    drain(fd, 0.2)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    os.close(fd)
    return first


def first_frame(kind, binary, cli):
    """One start of the program as `kind` ("floor", "payment" or "search"), first frame only."""
    if kind == "floor":
        return start_only([binary, "900"], b"Price held")
    with tempfile.TemporaryDirectory() as data:
        if kind == "floor-io":
            quote = make_quote(cli, data)
            return start_only([binary, data, quote], b"Price held")
        if kind == "payment":
            quote = make_quote(cli, data)
            return start_only(
                [binary, "--data-dir", data, "--latency", "0", "--open", f"booking://pay/{quote}"],
                b"Price held")
        return start_only([binary, "--data-dir", data, "--latency", "0", "--fresh"],
                          b"Search flights")


def c_floor(scratch):
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if not cc:
        return None
    out = os.path.join(scratch, "floor-c")
    built = subprocess.run([cc, "-O2", "-o", out, os.path.join(ROOT, "Tools/Floor/c/floor.c"),
                            "-lncursesw"], capture_output=True, text=True)
    return out if built.returncode == 0 else None


def spread(values, fmt):
    values = sorted(values)
    low, high, mid = values[0], values[-1], statistics.median(values)
    return mid, f"{fmt(mid)} ({fmt(low)}–{fmt(high)})"


def main():
    booking = os.path.join(BIN, "booking")
    cli = os.path.join(BIN, "booking-cli")
    swift_floor = os.path.join(BIN, "floor")
    swift_floor_io = os.path.join(BIN, "floor-io")
    for path in (booking, cli, swift_floor, swift_floor_io):
        if not os.access(path, os.X_OK):
            # One product a command: `swift build --product A --product B` builds only B.
            raise SystemExit(f"missing {path}: for p in booking booking-cli floor floor-io; do "
                             "swift build -c release --product $p; done")
    scratch = tempfile.mkdtemp()
    programs, starts = [], []
    c_binary = c_floor(scratch)
    if c_binary:
        programs.append(("C floor", floor(c_binary)))
        starts.append(("C floor", "floor", c_binary))
    # Each build: (its name, its bare floor, its floor with the pay link's I/O, booking's rows).
    builds = [("dynamic", "Swift floor", "Swift floor, pay link I/O", "booking")]
    sets = [("", swift_floor, swift_floor_io, booking)]
    if "--static" in sys.argv:
        static = static_build()
        builds.append(("static", "static floor", "static floor, pay link I/O", "booking static"))
        sets.append(("static ", os.path.join(static, "floor"), os.path.join(static, "floor-io"),
                     os.path.join(static, "booking")))
    for (_, bare, io, app), (_, floor_binary, io_binary, app_binary) in zip(builds, sets):
        programs.append((bare, floor(floor_binary)))
        programs.append((io, floor_io(io_binary, cli)))
        starts += [(bare, "floor", floor_binary), (io, "floor-io", io_binary)]
        programs.append((f"{app}, payment", payment(app_binary, cli)))
        programs.append((f"{app}, search", search(app_binary)))
        starts += [(f"{app}, payment", "payment", app_binary),
                   (f"{app}, search", "search", app_binary)]
    for name, path in OTHERS:
        programs.append((f"{name}, payment", payment(path, cli)))
        programs.append((f"{name}, search", search(path)))
        starts += [(f"{name}, payment", "payment", path), (f"{name}, search", "search", path)]
    results = {name: [] for name, _ in programs}
    for round_number in range(ROUNDS):
        shift = round_number % len(programs)
        for name, run in programs[shift:] + programs[:shift]:
            results[name].append(run(round_number))
        print(f"round {round_number + 1}/{ROUNDS} done", file=sys.stderr)
    # First frames vary far more than the rest (a start right after a whole booking's fsyncs can
    # take twice as long): they get starts of their own, many more than the rounds, interleaved.
    frames = {name: [] for name, _, _ in starts}
    for number in range(STARTS):
        shift = number % len(starts)
        for name, kind, path in starts[shift:] + starts[:shift]:
            frames[name].append(first_frame(kind, path, cli))
    print(f"{STARTS} starts done", file=sys.stderr)
    for name, values in frames.items():
        for figures, value in zip(results[name], values):
            figures["first"] = value
        results[name] += [{"first": value} for value in values[len(results[name]):]]
    shutil.rmtree(scratch, ignore_errors=True)

    base = {key: statistics.median(f[key] for f in results["Swift floor"] if key in f)
            for key in ("first", "cpu", "bytes", "rss")}

    def ratio(value, key):
        return f"{value / base[key]:.2f}x" if base[key] else "–"

    print(f"{ROUNDS} rounds ({STARTS} starts for the first frame), 100x30 pty, median (min–max) "
          "and the ratio to the Swift floor's median; memory in MB (10^6 bytes), MiB (2^20 "
          "bytes) in brackets")
    print()
    print("| program | first frame | CPU per 10 s | bytes/s | peak RSS |")
    print("|---|---|---|---|---|")
    for name, _ in programs:
        figures = results[name]
        first, first_text = spread([f["first"] for f in figures], lambda v: f"{v:.1f} ms")
        rounds = [f for f in figures if "cpu" in f]
        cpu, cpu_text = spread([f["cpu"] for f in rounds], lambda v: f"{v:.2f} ms")
        rate, rate_text = spread([f["bytes"] for f in rounds], lambda v: f"{v:.1f}")
        rss, rss_text = spread([f["rss"] * 1024 / 1e6 for f in rounds], lambda v: f"{v:.1f}")
        rss_mib = rss * 1e6 / 2**20
        print(f"| {name} | {first_text}, {ratio(first, 'first')} | {cpu_text}, "
              f"{ratio(cpu, 'cpu')} | {rate_text}, {ratio(rate, 'bytes')} | "
              f"{rss_text} MB ({rss_mib:.1f} MiB), {ratio(rss * 1e6 / 1024, 'rss')} |")
    def median(name, key):
        return statistics.median(f[key] for f in results[name] if key in f)

    print()
    print("Like for like: each booking against its floor, built the same way (medians)")
    print()
    print("| build | pay link: first frame | pay link: peak RSS at 10 s | pay link: peak RSS, "
          "paid | search: first frame | search: peak RSS |")
    print("|---|---|---|---|---|---|")
    for build, bare, io, app in builds:
        cells = []
        payment_figures = (("first", "first"), ("rss_held", "rss"), ("rss", "rss"))
        search_figures = (("first", "first"), ("rss", "rss"))
        for row, against, keys in ((f"{app}, payment", io, payment_figures),
                                   (f"{app}, search", bare, search_figures)):
            for key, theirs_key in keys:
                unit, scale = ("ms", 1) if key == "first" else ("MB", 1024 / 1e6)
                mine, theirs = median(row, key), median(against, theirs_key)
                cells.append(f"{mine * scale:.1f} / {theirs * scale:.1f} {unit} = "
                             f"{mine / theirs:.2f}x")
        print(f"| {build} | " + " | ".join(cells) + " |")
    if MAPPINGS:
        print("\nbooking, payment, resident at the end, by mapping (KiB):")
        for name, kib in MAPPINGS[:14]:
            print(f"  {kib:7d}  {name}")


if __name__ == "__main__":
    main()
