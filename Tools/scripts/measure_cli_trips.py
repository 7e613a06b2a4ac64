#!/usr/bin/env python3
"""`booking-cli trips` over a data directory of many bookings: wall time and peak memory.

Usage: Tools/scripts/measure_cli_trips.py [--bookings N] [--runs R] CLI [CLI ...]

Each CLI is a booking-cli binary (for example the build before a change and the build after
it). One data directory is made with the first: a quote is booked for real, then its booking
file is copied N times under new references. Each binary then lists it R times, as text and
as --json, interleaved, under GNU time (/usr/bin/time, Debian's `time`); the medians are
printed, and the ratios of each binary to the first, from the same run.
"""
import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import airline_seal  # noqa: E402  (the copies carry the airline's seal)

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CARD = "4242 4242 4242 4242 12/30 123\n"


def run(cli, data, *words, stdin=None):
    result = subprocess.run(
        [cli, *words, "--data-dir", data, "--json"], input=stdin, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{cli} {' '.join(words)} failed ({result.returncode}): {result.stderr}")
    return json.loads(result.stdout)


def make_directory(cli, data, count):
    offers = run(cli, data, "search", "IST", "AMS", "2026-12-24", "-n", "1")
    quote = run(cli, data, "quote", offers[0]["id"], "--passenger", "Ms Ada Lovelace 1990-05-04",
                "--email", "ada@example.com", "--phone", "+44 20 7946 0000")
    booking = run(cli, data, "pay", quote["id"], "--card-from-stdin", stdin=CARD)
    reference = booking["reference"]
    folder = os.path.join(data, "bookings")
    with open(os.path.join(folder, reference + ".json")) as file:
        template = file.read()
    made = {reference}
    rng = random.Random(26)
    secret = airline_seal.key(data)
    while len(made) < count:
        new = "".join(rng.choice(ALPHABET) for _ in range(6))
        if new in made:
            continue
        made.add(new)
        with open(os.path.join(folder, new + ".json"), "w") as file:
            file.write(airline_seal.sealed(
                secret, f"bookings/{new}.json", template.replace(reference, new)))


def timed(cli, data, json_output):
    words = [cli, "trips", "--data-dir", data] + (["--json"] if json_output else [])
    result = subprocess.run(
        ["/usr/bin/time", "-f", "%e %M", *words], stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE, text=True)
    seconds, kilobytes = result.stderr.strip().splitlines()[-1].split()
    return float(seconds), int(kilobytes) / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bookings", type=int, default=50_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("cli", nargs="+")
    options = parser.parse_args()
    if not os.access("/usr/bin/time", os.X_OK):
        sys.exit("needs GNU time at /usr/bin/time (apt-get install time)")
    data = tempfile.mkdtemp(prefix="booking-trips-")
    try:
        make_directory(options.cli[0], data, options.bookings)
        figures = {}
        for _ in range(options.runs):
            for cli in options.cli:
                for json_output in (False, True):
                    figures.setdefault((cli, json_output), []).append(timed(cli, data, json_output))
        print(f"booking-cli trips, {options.bookings} bookings, median of {options.runs} runs")
        for json_output in (False, True):
            first = None
            for cli in options.cli:
                runs = figures[(cli, json_output)]
                seconds = statistics.median(r[0] for r in runs)
                megabytes = statistics.median(r[1] for r in runs)
                first = first or (seconds, megabytes)
                print(f"  {'--json' if json_output else 'text  '}  {seconds:7.2f} s "
                      f"{megabytes:7.1f} MB  ({seconds / first[0]:.2f}x time, "
                      f"{megabytes / first[1]:.2f}x memory)  {cli}")
    finally:
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    main()
