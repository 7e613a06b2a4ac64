#!/usr/bin/env python3
"""The cost curve: how booking's costs grow with its data directory, in one run.

Usage: Tools/scripts/cost_curve.py [--scale small|full] [--bin DIR] [--rounds N]
                                   [--svg PATH] [--check BOUND]

Data directories ("points"), one per size N, with N bookings and N saved offers, N quotes and
N drafts: one real booking is made with booking-cli (search, quote, pay: the booking, its
quote, its draft, the search's offers and its ledger records) in a template directory; each
point is that directory copied, with its booking, offer, quote and draft files copied again
under new IDs (valid files, valid names, as measure_cli_trips.py does), so it is made in
seconds. The base has 100 bookings (full: then 1k, 10k, 100k; small: 1k, for CI): more than
the three pages of rows the trips screen reads at once, and more than fill the pipe's buffer
before `booking-cli trips`'s first line, so that every figure does the same work at every
point (an empty directory's trips say "no bookings" and read none). Each directory is listed once by
`booking-cli trips` before the rounds: the first listing after files were written by another
program rebuilds the bookings' index, once.

Figures, each the median over the rounds, the points interleaved in every round (the order
rotating), on a 100x30 pty as measure_app.py drives it (its helpers are imported):
- start, search: fork to the search form's first frame (`booking --fresh`);
- start, pay link: fork to the first frame of `booking --open booking://pay/<quote>` (the quote
  made by booking-cli just before);
- pay: at the pay link, 1.5 s after its first frame (a person types no faster), the card
  typed, then Enter to "Booked";
- trips: on the search form, Ctrl-T to the first page of trips (the count drawn, then a row);
- cli trips, first line / to the end: `booking-cli trips`, fork to its first line and to its end;
- recovery: the start-up settle of the ledger (`recoverInterruptedPayments`) as the crash-point
  harness runs it (`paycrash DIR NOW none recover`), fork to exit.
The paying rounds run last, as each adds a booking.

It prints the medians and the ratio of each point to the base, and draws the ratios
as an SVG chart (docs/images/cost-curve.svg unless --svg says otherwise). With --check BOUND it
exits 1 when a figure that must stay flat (all but "cli trips, to the end", which reads every
booking) has a ratio above BOUND at the largest point by both its medians and its least values
over the rounds (other work on the machine can lift one statistic at one point alone; work per
record lifts both): ratios from one run, so a loaded machine slows every point alike.

Binaries: booking, booking-cli and paycrash in --bin (default .build/release):
  for p in booking booking-cli paycrash; do swift build -c release --product $p; done
"""
import argparse
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import airline_seal  # noqa: E402  (the copies carry the airline's seal)
import measure_app as app  # noqa: E402  (spawn, read_until, drain, send, start_only, make_quote)
import svgchart  # noqa: E402  (the chart)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCALES = {"small": [100, 1_000], "full": [100, 1_000, 10_000, 100_000]}
ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CARD = "4242 4242 4242 4242 12/30 123\n"
CTRL_T = "\x14"
# The figures, in the table's order; FLAT ones must stay flat (--check).
FIGURES = [
    ("start_search", "start, search"),
    ("start_pay", "start, pay link"),
    ("pay", "pay (Enter to Booked)"),
    ("trips", "trips, Ctrl-T to first page"),
    ("cli_first", "cli trips, first line"),
    ("cli_end", "cli trips, to the end"),
    ("recovery", "recovery at start"),
]
FLAT = {"start_search", "start_pay", "pay", "trips", "cli_first", "recovery"}


def cli_json(cli, data, *words, stdin=None):
    result = subprocess.run([cli, *words, "--data-dir", data, "--json"], input=stdin,
                            capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{cli} {' '.join(words)} failed ({result.returncode}): {result.stderr}")
    return json.loads(result.stdout)


def make_template(cli, data):
    """One real booking; returns the IDs of its booking, offer, quote and draft."""
    offers = cli_json(cli, data, "search", "IST", "AMS", "2026-12-24", "-n", "1")
    quote = cli_json(cli, data, "quote", offers[0]["id"], "--passenger",
                     "Ms Ada Lovelace 1990-05-04", "--email", "ada@example.com",
                     "--phone", "+44 20 7946 0000")
    booking = cli_json(cli, data, "pay", quote["id"], "--card-from-stdin", stdin=CARD)
    return {"bookings": booking["reference"], "offers": offers[0]["id"],
            "quotes": quote["id"], "drafts": quote["draftID"]}


def copy_records(data, folder, template_id, count, new_id):
    """`count` copies of record `template_id` in `folder`, each under a new ID."""
    path = os.path.join(data, folder)
    with open(os.path.join(path, template_id + ".json")) as file:
        template = file.read()
    secret = airline_seal.key(data)
    for number in range(count):
        made = new_id(number)
        with open(os.path.join(path, made + ".json"), "w") as file:
            file.write(airline_seal.sealed(
                secret, f"{folder}/{made}.json", template.replace(template_id, made)))


def make_point(template, ids, data, size):
    shutil.copytree(template, data)
    rng = random.Random(size)
    references = {ids["bookings"]}

    def reference(_):
        while True:
            made = "".join(rng.choice(ALPHABET) for _ in range(6))
            if made not in references:
                references.add(made)
                return made

    copy_records(data, "bookings", ids["bookings"], size - 1, reference)
    for folder in ("offers", "quotes", "drafts"):
        prefix = ids[folder].split("-")[0]
        copy_records(data, folder, ids[folder], size - 1,
                     lambda number, prefix=prefix: f"{prefix}-{number + 1:016x}")


def app_argv(booking, data, *more):
    return [booking, "--data-dir", data, "--latency", "0", *more]


def start_search(bins, data):
    return app.start_only(app_argv(bins["booking"], data, "--fresh"), b"Search flights")


def start_pay(bins, data):
    quote = app.make_quote(bins["booking-cli"], data)
    return app.start_only(app_argv(bins["booking"], data, "--open", f"booking://pay/{quote}"),
                          b"Price held")


def stop(pid, fd):
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    os.close(fd)


def pay(bins, data):
    quote = app.make_quote(bins["booking-cli"], data)
    pid, fd = app.spawn(app_argv(bins["booking"], data, "--open", f"booking://pay/{quote}"))
    try:
        app.read_until(fd, b"Price held")
        # A person takes seconds to type a card: the start's background work (the temp-file
        # cleanup and the sweep, which list every folder) is done before the keys come.
        app.drain(fd, app.SETTLE)
        app.send(fd, app.CARD)
        app.drain(fd, 0.3)
        start = time.perf_counter()
        os.write(fd, app.ENTER.encode())
        app.read_until(fd, b"Booked")
        return (time.perf_counter() - start) * 1000
    finally:
        stop(pid, fd)


def read_until_any(fd, needles, timeout=15.0):
    """What the terminal got up to the first of `needles` (measure_app.read_until's loop)."""
    buf, end = b"", time.time() + timeout
    while time.time() < end:
        buf += app.drain(fd, 0.01)
        if any(needle in buf for needle in needles):
            return buf
    raise SystemExit(f"timed out waiting for {needles!r}; got {buf[-400:]!r}")


def trips(bins, data):
    pid, fd = app.spawn(app_argv(bins["booking"], data, "--fresh"))
    try:
        app.read_until(fd, b"Search flights")
        app.drain(fd, 0.3)
        start = time.perf_counter()
        os.write(fd, CTRL_T.encode())
        seen = read_until_any(fd, [b"booking", b"No bookings yet"])
        if b"No bookings yet" not in seen and b"AMS" not in seen[seen.index(b"booking"):]:
            # The count is drawn with the list; the first page once its rows are read.
            app.read_until(fd, b"AMS")
        return (time.perf_counter() - start) * 1000
    finally:
        stop(pid, fd)


def cli_trips(bins, data):
    start = time.perf_counter()
    child = subprocess.Popen([bins["booking-cli"], "trips", "--data-dir", data],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    child.stdout.readline()
    first = (time.perf_counter() - start) * 1000
    while child.stdout.read(1 << 16):
        pass
    child.wait()
    return first, (time.perf_counter() - start) * 1000


def recovery(bins, data):
    start = time.perf_counter()
    subprocess.run([bins["paycrash"], data, f"{time.time():.0f}", "none", "recover"],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return (time.perf_counter() - start) * 1000


def measure(bins, points, rounds):
    figures = {(size, key): [] for size in points for key, _ in FIGURES}
    order = list(points)
    for number in range(rounds):
        shift = number % len(order)
        for size in order[shift:] + order[:shift]:
            data = points[size]
            figures[(size, "start_search")].append(start_search(bins, data))
            figures[(size, "start_pay")].append(start_pay(bins, data))
            figures[(size, "trips")].append(trips(bins, data))
            first, end = cli_trips(bins, data)
            figures[(size, "cli_first")].append(first)
            figures[(size, "cli_end")].append(end)
            figures[(size, "recovery")].append(recovery(bins, data))
        print(f"round {number + 1}/{rounds} done", file=sys.stderr)
    for number in range(rounds):
        shift = number % len(order)
        for size in order[shift:] + order[:shift]:
            figures[(size, "pay")].append(pay(bins, points[size]))
    print("paying rounds done", file=sys.stderr)
    medians = {key: statistics.median(values) for key, values in figures.items()}
    least = {key: min(values) for key, values in figures.items()}
    return medians, least


def label(size):
    return f"{size // 1000}k" if size >= 1000 else str(size)


def table(sizes, medians):
    lines = ["| figure | " + " | ".join(label(s) for s in sizes) + " |",
             "|---|" + "---|" * len(sizes)]
    for key, name in FIGURES:
        base = medians[(sizes[0], key)]
        cells = []
        for size in sizes:
            value = medians[(size, key)]
            cells.append(f"{value:.1f} ms" if size == sizes[0]
                         else f"{value:.1f} ms, {value / base:.2f}x")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


COLOURS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2"]


def svg(sizes, medians, rounds):
    """The ratios to the base, one line per figure, sizes evenly spaced."""
    width, height, left, right, top, bottom = 800, 420, 70, 270, 40, 60
    ratios = {key: [medians[(s, key)] / medians[(sizes[0], key)] for s in sizes]
              for key, _ in FIGURES}
    # A logarithmic scale: the flat figures stay readable around 1x beside one that reads
    # every booking.
    high = max(2.0, max(max(v) for v in ratios.values()) * 1.2)
    low = min(0.5, min(min(v) for v in ratios.values()) * 0.9)
    plot_w, plot_h = width - left - right, height - top - bottom
    chart = svgchart.Chart(width, height, "booking: cost as the data directory grows (ratio to "
                           f"100 bookings, median of {rounds})", left)
    panel = chart.panel(left, top, plot_w, plot_h,
                        lambda index: left + plot_w * index / max(1, len(sizes) - 1), low, high)
    panel.grid((0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000), "x")
    panel.goal(1.1, "1.1x")
    panel.axes([(index, label(size)) for index, size in enumerate(sizes)],
               "bookings in the data directory (and as many offers, quotes and drafts each)",
               "time / time with 100 bookings (log scale)")
    legend = []
    for number, (key, name) in enumerate(FIGURES):
        colour = COLOURS[number % len(COLOURS)]
        panel.line(list(enumerate(ratios[key])), colour, dashed=key not in FLAT)
        legend.append((f"{name} ({medians[(sizes[0], key)]:.0f} ms)", colour, key not in FLAT))
    chart.legend(left + plot_w + 16, top + 10, legend)
    return chart.render()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", choices=sorted(SCALES), default="full")
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build/release"))
    parser.add_argument("--rounds", type=int)
    parser.add_argument("--svg", default=os.path.join(ROOT, "docs/images/cost-curve.svg"))
    parser.add_argument("--check", type=float, metavar="BOUND")
    options = parser.parse_args()
    bins = {name: os.path.join(options.bin, name) for name in ("booking", "booking-cli", "paycrash")}
    for path in bins.values():
        if not os.access(path, os.X_OK):
            sys.exit(f"missing {path}: for p in booking booking-cli paycrash; do "
                     "swift build -c release --product $p; done")
    rounds = options.rounds or (5 if options.scale == "small" else 3)
    sizes = SCALES[options.scale]
    scratch = tempfile.mkdtemp(prefix="booking-cost-")
    try:
        template = os.path.join(scratch, "template")
        ids = make_template(bins["booking-cli"], template)
        points = {}
        for size in sizes:
            made = time.perf_counter()
            points[size] = os.path.join(scratch, label(size))
            make_point(template, ids, points[size], size)
            cli_trips(bins, points[size])
            print(f"{label(size)}: made in {time.perf_counter() - made:.1f} s", file=sys.stderr)
        medians, least = measure(bins, points, rounds)
        report(options, sizes, medians, rounds)
    finally:
        print("removing the data directories", file=sys.stderr)
        # rm is several times faster than shutil.rmtree over a few hundred thousand files.
        subprocess.run(["rm", "-rf", scratch], check=False)
    if options.check is not None:
        # A figure fails only when both its medians and its least values are over the bound:
        # other work on the machine can lift either statistic at one point alone, while work
        # per record lifts both.
        sys.exit(1 if over_bound(options.check, sizes, medians, least) else 0)


def report(options, sizes, medians, rounds):
    print(f"cost curve, {options.scale} scale, median of {rounds} rounds, 100x30 pty, "
          f"{options.bin}; each point: N bookings and N offers, quotes and drafts each; "
          "the ratio to the base")
    print()
    print(table(sizes, medians))
    if options.svg != "-":
        with open(options.svg, "w") as file:
            file.write(svg(sizes, medians, rounds))
        print(f"\nchart: {options.svg}")
    sys.stdout.flush()


def over_bound(bound, sizes, medians, least):
    """The flat figures above `bound` at the largest point by both their medians and their
    least values, each said."""
    largest = sizes[-1]
    over = []
    for key, name in FIGURES:
        if key not in FLAT:
            continue
        median = medians[(largest, key)] / medians[(sizes[0], key)]
        fastest = least[(largest, key)] / least[(sizes[0], key)]
        if min(median, fastest) > bound:
            over.append(name)
            print(f"not flat: {name} is {median:.2f}x at {label(largest)} by its medians and "
                  f"{fastest:.2f}x by its least (bound {bound}x)")
    return over


if __name__ == "__main__":
    main()
