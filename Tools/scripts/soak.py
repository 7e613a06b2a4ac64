#!/usr/bin/env python3
"""A soak at payment: the real `booking` on a 100x30 pseudo-terminal, opened on a pay link whose
quote holds its price longer than the soak, the countdown running the whole time. Every minute
it samples the process's resident memory (VmRSS), the CPU time of all its threads over that
minute (schedstat), its open file descriptors and the bytes it wrote; at the end it prints the
samples and the last quarter's medians against the first quarter's, which stay near 1.00x when
nothing grows.

Usage: Tools/scripts/soak.py [--minutes N] [--bin DIR]
  --minutes N   how long (default 60)
  --bin DIR     where booking and booking-cli are (default .build/release)

Exits 1 when RSS or open descriptors grow by more than a quarter, or CPU per minute doubles.
For the virtual 24 hours in process, see `swift run -c release bench --only soak`.
"""
import os
import signal
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import measure_app as app  # noqa: E402  (the pty, the drain and the quote, shared)


def option(name, default):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def open_descriptors(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def main():
    minutes = int(option("--minutes", "60"))
    binaries = option("--bin", os.path.join(app.ROOT, ".build/release"))
    booking, cli = os.path.join(binaries, "booking"), os.path.join(binaries, "booking-cli")
    for path in (booking, cli):
        if not os.access(path, os.X_OK):
            raise SystemExit(f"missing {path}: swift build -c release --product booking; "
                             "swift build -c release --product booking-cli")
    with tempfile.TemporaryDirectory() as data:
        ttl = min(86400, minutes * 60 + 600)
        quote = app.make_quote(cli, data, ttl=ttl)
        pid, fd = app.spawn([booking, "--data-dir", data, "--open", f"booking://pay/{quote}"])
        app.read_until(fd, b"Price held")
        app.drain(fd, 5)
        samples = []
        try:
            for minute in range(1, minutes + 1):
                written, used = app.cpu_over(pid, fd, 60.0, every=1.0)
                sample = {"minute": minute, "rss": app.status_kib(pid, "VmRSS"),
                          "cpu": used / 1e6, "fds": open_descriptors(pid), "bytes": written}
                samples.append(sample)
                print(f"minute {minute:3d}: RSS {sample['rss']} KiB, CPU {sample['cpu']:.1f} ms, "
                      f"{sample['fds']} descriptors, {written} bytes", flush=True)
        finally:
            os.kill(pid, signal.SIGTERM)
            app.drain(fd, 0.2)
            os.waitpid(pid, 0)
            os.close(fd)
    quarter = max(1, len(samples) // 4)
    first, last = samples[:quarter], samples[-quarter:]
    verdict = 0
    print()
    print("| figure | first quarter | last quarter | ratio |")
    print("|---|---|---|---|")
    for key, name, limit in (("rss", "RSS (KiB)", 1.25), ("cpu", "CPU per minute (ms)", 2.0),
                             ("fds", "open descriptors", 1.25), ("bytes", "bytes per minute", 2.0)):
        before = statistics.median(s[key] for s in first)
        after = statistics.median(s[key] for s in last)
        ratio = after / before if before else (1.0 if after == before else float("inf"))
        print(f"| {name} | {before:.1f} | {after:.1f} | {ratio:.2f}x |")
        if ratio > limit:
            verdict = 1
    sys.exit(verdict)


if __name__ == "__main__":
    main()
