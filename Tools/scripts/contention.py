#!/usr/bin/env python3
"""Many travellers paying on one flight at the same moment, each its own `booking-cli pay`
process on one airline (one data directory): bookings per second, the time from Pay to booked
(p50, p99), how many were told the airline was busy (75), and each seat sold exactly once.

    Tools/scripts/contention.py [--processes 1,10,100] [--cli PATH] [--svg PATH]

For each N: a fresh data directory; the flight's two cheaper fare buckets are sold first (a
booking at a time), so that every payer is quoted the top fare, which has room for the rest of
the cabin; then N quotes, each holding a free seat of its own, and N `pay` processes started at
once. Standard output: one line per N, then a table for docs/Performance.md; the chart of the
time from Pay to booked against N (p50 and p99, with the goal of 2 s at p99) is written as an
SVG (docs/images/contention.svg unless --svg says otherwise; `--svg -` writes none).
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import svgchart
from datetime import date, timedelta

CARD = "4242 4242 4242 4242 12/30 123\n"
DAY = (date.today() + timedelta(days=21)).isoformat()


def run(cli, data, *words, stdin=None):
    result = subprocess.run([cli, "--data-dir", data, *words, "--json"], input=stdin,
                            capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"booking-cli {' '.join(words)}: {result.returncode} {result.stderr.strip()}")
    return json.loads(result.stdout)


def quote(cli, data, offer, seat=None):
    words = ["quote", offer, "--passenger", "Ms Ada Lovelace 1990-05-04", "--email",
             "ada@example.com", "--phone", "+44 20 7946 0000"]
    if seat:
        words += ["--seat", f"1:{seat}"]
    return run(cli, data, *words)["id"]


def same_flight(cli, data, flights):
    for offer in run(cli, data, "search", "IST", "AMS", DAY):
        if offer["flights"] == flights:
            return offer
    sys.exit("the flight is no longer offered")


def one_round(cli, processes):
    data = tempfile.mkdtemp(prefix="booking-contention-")
    try:
        first = run(cli, data, "search", "IST", "AMS", DAY)[0]
        flights = first["flights"]
        # The cheaper buckets sold, a booking at a time, until the fare stops rising.
        offer, fares = first, [first["pricePerAdult"]["amount"]]
        while len(fares) < 3:
            paid = run(cli, data, "pay", quote(cli, data, offer["id"]), "--card-from-stdin",
                       stdin=CARD)
            assert paid["reference"]
            offer = same_flight(cli, data, flights)
            if offer["pricePerAdult"]["amount"] != fares[-1]:
                fares.append(offer["pricePerAdult"]["amount"])
        seats = run(cli, data, "seats", offer["id"])["slices"][0]["seats"]
        free = [seat["seat"] for seat in seats if seat["free"]]
        if len(free) < processes:
            sys.exit(f"{len(free)} free seats for {processes} payers")
        quotes = [quote(cli, data, offer["id"], free[index]) for index in range(processes)]
        before = len(run(cli, data, "trips"))

        started = time.monotonic()
        payers = [(subprocess.Popen([cli, "--data-dir", data, "pay", q, "--card-from-stdin"],
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True), q) for q in quotes]
        for payer, _ in payers:
            payer.stdin.write(CARD)
            payer.stdin.close()
        times, codes = [], []
        pending = {payer.pid: payer for payer, _ in payers}
        while pending:
            pid, status = os.wait()
            if pid in pending:
                times.append(time.monotonic() - started)
                codes.append(os.waitstatus_to_exitcode(status))
                pending.pop(pid).stdout.read()
        elapsed = time.monotonic() - started

        booked = codes.count(0)
        trips = run(cli, data, "trips")
        sold = [seat["seat"] for seat in run(cli, data, "seats", offer["id"])["slices"][0]["seats"]
                if not seat["free"]]
        held = set(free[:processes])
        problems = []
        if len(trips) - before != booked:
            problems.append(f"{len(trips) - before} bookings for {booked} payers that booked")
        if not held.issubset(sold):
            problems.append("a paid seat shows free")
        booked_seats = []
        for trip in trips[: len(trips) - before]:
            shown = run(cli, data, "show", trip["reference"])
            booked_seats += [p.get("seat") for p in shown["passengers"] if p.get("seat")]
        if len(booked_seats) != len(set(booked_seats)):
            problems.append("a seat in two bookings")
        return {
            "processes": processes, "booked": booked, "busy": codes.count(75),
            "other": len(codes) - booked - codes.count(75),
            "per_second": booked / elapsed if elapsed else 0,
            "p50": statistics.median(times), "p99": sorted(times)[max(0, int(len(times) * .99) - 1)],
            "fares": fares, "problems": problems,
        }
    finally:
        shutil.rmtree(data, ignore_errors=True)


def svg(rows, cli):
    """Pay to booked, p50 and p99, against the payers at once (both scales logarithmic)."""
    width, height, left, right, top, bottom = 800, 420, 70, 230, 40, 60
    plot_w, plot_h = width - left - right, height - top - bottom
    counts = [row["processes"] for row in rows]
    values = [row[key] for row in rows for key in ("p50", "p99")] + [2.0]
    build = "release" if "/release/" in cli else "debug"
    chart = svgchart.Chart(width, height, "booking: payers at once on one flight, time from Pay "
                           f"to booked ({build} booking-cli)", left)
    panel = chart.panel(left, top, plot_w, plot_h, svgchart.log_x(left, plot_w, counts),
                        min(0.01, min(values) * 0.8), max(values) * 1.5)
    panel.grid((0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20), " s")
    panel.goal(2, "goal: p99 2 s")
    panel.axes([(count, count) for count in counts],
               "payers at once, each its own process (log scale)", "Pay to booked (log scale)")
    series = [("p50", "#1f77b4"), ("p99", "#d62728")]
    for key, colour in series:
        panel.line([(row["processes"], row[key]) for row in rows], colour)
    chart.legend(left + plot_w + 16, top + 10, [(key, colour, False) for key, colour in series])
    for number, row in enumerate(rows):
        chart.text(left + plot_w + 16, top + 70 + number * 18,
                   f'N={row["processes"]}: {row["per_second"]:.1f} bookings/s, {row["busy"]} busy')
    return chart.render()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--processes", default="1,10,100")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser.add_argument("--cli", default=os.path.join(root, ".build/debug/booking-cli"))
    parser.add_argument("--svg", default=os.path.join(root, "docs/images/contention.svg"))
    options = parser.parse_args()
    rows = []
    for count in [int(n) for n in options.processes.split(",")]:
        row = one_round(options.cli, count)
        rows.append(row)
        print(f"N={count}: {row['booked']} booked, {row['busy']} busy, {row['other']} other; "
              f"{row['per_second']:.1f} bookings/s; Pay to booked p50 {row['p50']:.2f} s, "
              f"p99 {row['p99']:.2f} s; fares {' -> '.join(row['fares'])}"
              + (f"; PROBLEMS: {row['problems']}" if row["problems"] else "; sold once"))
    print("\n| payers at once | booked | busy (75) | bookings/s | Pay to booked p50 | p99 |")
    print("| --- | --- | --- | --- | --- | --- |")
    for row in rows:
        print(f"| {row['processes']} | {row['booked']} | {row['busy']} | {row['per_second']:.1f} | "
              f"{row['p50']:.2f} s | {row['p99']:.2f} s |")
    if options.svg != "-":
        with open(options.svg, "w") as file:
            file.write(svg(rows, options.cli))
    if any(row["problems"] or row["busy"] for row in rows):
        sys.exit(1)


if __name__ == "__main__":
    main()
