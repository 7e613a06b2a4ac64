#!/usr/bin/env python3
"""The workshop room beside the single user: `room-load` run for 1, 10 and 100 attendees in one
invocation, each figure per attendee charted against the attendees, its goal beside it.

    Tools/scripts/room_chart.py [--attendees 1,10,100] [--binary PATH] [--svg PATH] [--json PATH]
    Tools/scripts/room_chart.py --from PATH [--svg PATH]   # the table and chart of a saved --json

For each N in turn it runs `Tools/scripts/room-load N --json` (a room of its own on 127.0.0.1,
N ssh clients, min(20, N) typing, all booking at once, every seat checked sold once; run as root
with OpenSSH installed, as room-load says) and reads its figures: PSS per attendee with its sshd
session at the search form and after booking, idle CPU per attendee at both (schedstat, exact),
and key echo p50 and p99. N = 1 is the single user over ssh. It prints a table in Markdown and
draws docs/images/room.svg (unless `--svg -`): three panels, the memory's and the echo's with
their goal as a dashed line (the idle CPU's goal is ~0, the panel's floor). Exit status 1 when
a run failed (a booking not made, a seat sold twice), 2 on bad usage. The goals are drawn,
never asserted: ≤ 8 MB PSS and ~0 ms idle CPU per attendee, p99 echo ≤ 10 ms with 100
connected.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

import svgchart

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOALS = {"pss": 8.0, "cpu": 0.0, "echo": 10.0}
COLOURS = {"search": "#1f77b4", "booked": "#d62728", "p50": "#2ca02c", "p99": "#9467bd"}


def run(attendees, binary):
    """room-load's report for `attendees`; its table goes to standard error as it runs."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "room.json")
        command = [os.path.join(ROOT, "Tools/scripts/room-load"), str(attendees), "--json", path]
        if binary:
            command += ["--binary", binary]
        finished = subprocess.run(command, stdout=sys.stderr, check=False)
        try:
            with open(path) as file:
                report = json.load(file)
        except (OSError, ValueError):
            report = {"ok": False, "reasons": [f"room-load {attendees} wrote no figures"]}
        report.setdefault("ok", finished.returncode == 0)
        return report


def figures(report):
    """The charted figures of one run, by name (None where the run has none)."""
    def pick(section, key):
        return (report.get(section) or {}).get(key)
    echo = report.get("echo") or {}
    return {
        "pss_search": pick("memory_search_form", "pss_per_attendee_mb"),
        "pss_booked": pick("memory_confirmation", "pss_per_attendee_mb"),
        "cpu_search": pick("idle_cpu_search_form", "schedstat_ms_per_attendee_per_s"),
        "cpu_booked": pick("idle_cpu_confirmation", "schedstat_ms_per_attendee_per_s"),
        "echo_p50": echo.get("p50_ms") if echo.get("keystrokes") else None,
        "echo_p99": echo.get("p99_ms") if echo.get("keystrokes") else None,
        "typing": report.get("typing"),
    }


def table(rows):
    def cell(value, unit, digits=2):
        return "-" if value is None else f"{value:.{digits}f} {unit}"
    lines = ["| attendees | PSS per attendee, search form / booked | idle CPU per attendee, "
             "search form / booked | key echo p50 / p99 (typing) |",
             "| --- | --- | --- | --- |"]
    for count, row in rows:
        lines.append(
            f"| {count} | {cell(row['pss_search'], 'MB')} / {cell(row['pss_booked'], 'MB')} | "
            f"{cell(row['cpu_search'], 'ms/s', 3)} / {cell(row['cpu_booked'], 'ms/s', 3)} | "
            f"{cell(row['echo_p50'], 'ms', 1)} / {cell(row['echo_p99'], 'ms', 1)} "
            f"({row['typing']}) |")
    lines.append(f"| goal | ≤ {GOALS['pss']:.0f} MB | ~0 ms/s | p99 ≤ {GOALS['echo']:.0f} ms "
                 "with 100 connected |")
    return "\n".join(lines)


def svg(rows, build):
    """Three panels side by side, attendees on a logarithmic scale under each."""
    width, height, top, bottom = 1000, 430, 50, 110
    counts = [count for count, _ in rows]
    plot_h = height - top - bottom
    chart = svgchart.Chart(width, height, "booking: the workshop room beside the single user, "
                           f"N attendees over ssh on one machine ({build} build)", 60)
    panels = [
        ("PSS per attendee (log scale)", " MB", ("pss_search", "pss_booked"), 1.0, 20.0,
         (1, 2, 5, 8, 10, 20, 50), (GOALS["pss"], "goal: 8 MB")),
        ("idle CPU per attendee (log scale)", " ms/s", ("cpu_search", "cpu_booked"), 0.0001, 1.0,
         (0.0001, 0.001, 0.01, 0.1, 1), None),
        ("key echo (log scale)", " ms", ("echo_p50", "echo_p99"), 0.5, 50.0,
         (0.5, 1, 2, 5, 10, 20, 50), (GOALS["echo"], "goal: p99 10 ms")),
    ]
    names = {"pss_search": ("at the search form", COLOURS["search"]),
             "pss_booked": ("after booking", COLOURS["booked"]),
             "cpu_search": ("at the search form", COLOURS["search"]),
             "cpu_booked": ("after booking", COLOURS["booked"]),
             "echo_p50": ("p50", COLOURS["p50"]), "echo_p99": ("p99", COLOURS["p99"])}
    panel_w, gap, left = 200, 140, 100
    for number, (title, unit, keys, low, high, ticks, goal) in enumerate(panels):
        x0 = left + number * (panel_w + gap)
        values = [row[key] for _, row in rows for key in keys if row[key] is not None]
        low = min([low] + [value * 0.8 for value in values if value > 0])
        high = max([high] + [value * 1.5 for value in values])
        panel = chart.panel(x0, top, panel_w, plot_h, svgchart.log_x(x0, panel_w, counts), low,
                            high)
        panel.grid(ticks, unit)
        if goal:
            panel.goal(*goal, label_left=True)
        panel.axes([(count, count) for count in counts], "attendees (log scale)", title,
                   y_title_x=x0 - 90)
        for key in keys:
            points = [(count, row[key]) for count, row in rows if row[key] is not None]
            if points:
                panel.line(points, names[key][1])
        chart.legend(x0, top + plot_h + 66, [(names[key][0], names[key][1], False)
                                             for key in keys], step=16)
    chart.text(60, height - 8, "Idle CPU of 0 is drawn at the panel's floor; the goal there is "
               "~0. Key echo: min(20, N) attendees typing while all N are connected.",
               fill="#666")
    return chart.render()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attendees", default="1,10,100")
    parser.add_argument("--binary")
    parser.add_argument("--svg", default=os.path.join(ROOT, "docs/images/room.svg"))
    parser.add_argument("--json", metavar="FILE")
    parser.add_argument("--from", dest="source", metavar="FILE")
    options = parser.parse_args()
    if options.source:
        with open(options.source) as file:
            saved = json.load(file)
        reports = sorted(((int(count), report) for count, report in saved.items()),
                         key=lambda pair: pair[0])
        return draw(reports, options)
    try:
        counts = [int(n) for n in options.attendees.split(",")]
    except ValueError:
        parser.error(f"--attendees {options.attendees}: numbers, comma-separated")
    if not counts or min(counts) < 1:
        parser.error("--attendees: at least one number, each at least 1")
    reports = [(count, run(count, options.binary)) for count in counts]
    if options.json:
        with open(options.json, "w") as file:
            json.dump({str(count): report for count, report in reports}, file, indent=2)
    return draw(reports, options)


def draw(reports, options):
    """The table, the chart, and the exit status of `reports` ([(attendees, room-load's)])."""
    rows = [(count, figures(report)) for count, report in reports]
    print(table(rows))
    failed = [f"{count}: {'; '.join(report.get('reasons', []))}"
              for count, report in reports if not report.get("ok")]
    if options.svg != "-":
        binary = next((report.get("binary") for _, report in reports if report.get("binary")), "")
        build = "debug" if "/debug/" in binary else "release"
        with open(options.svg, "w") as file:
            file.write(svg(rows, build))
    if failed:
        print("FAIL: " + " | ".join(failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
