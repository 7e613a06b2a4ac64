#!/usr/bin/env python3
"""Measures the real `booking` binary on a pseudo-terminal (issue figures, not tests):

- start to first frame: from exec to the first byte that draws the search panel;
- peak RSS (VmHWM) over a whole booking driven by keys;
- CPU time used while idle on the search panel for N seconds;
- bytes written to the terminal per countdown tick on the payment panel.

Usage: Tools/scripts/measure_app.py [path/to/booking] [--idle SECONDS]
"""
import os, pty, select, signal, subprocess, sys, tempfile, time

BINARY = next((a for a in sys.argv[1:] if not a.startswith("--")), ".build/debug/booking")
IDLE = float(sys.argv[sys.argv.index("--idle") + 1]) if "--idle" in sys.argv else 30.0


def spawn(data_dir, *extra):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.environ["LINES"], os.environ["COLUMNS"] = "30", "100"
        os.execv(BINARY, [BINARY, "--data-dir", data_dir, "--latency", "0", *extra])
    import fcntl, struct, termios
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    return pid, fd


def read_until(fd, needle, timeout=10.0):
    buf, end = b"", time.time() + timeout
    while time.time() < end:
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            try:
                chunk = os.read(fd, 65536)
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
                buf += os.read(fd, 65536)
            except OSError:
                break
    return buf


def cpu_seconds(pid):
    """CPU time of all the process's threads, in nanoseconds where the kernel keeps it."""
    total, found = 0, False
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            total += int(open(f"/proc/{pid}/task/{task}/schedstat").read().split()[0])
            found = True
        except (OSError, ValueError, IndexError):
            pass
    if found:
        return total / 1e9
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kib(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def hwm_kib(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


def rss_by_mapping(pid):
    """Resident KiB per mapped file (anonymous memory as "[anon]"), largest first."""
    sizes, name = {}, "[anon]"
    for line in open(f"/proc/{pid}/smaps"):
        parts = line.split()
        if "-" in parts[0] and len(parts) >= 5 and ":" in parts[3]:
            name = parts[5] if len(parts) > 5 and parts[5].startswith("/") else "[anon]"
        elif parts[0] == "Rss:":
            sizes[name] = sizes.get(name, 0) + int(parts[1])
    return sorted(sizes.items(), key=lambda item: -item[1])


def send(fd, keys, pause=0.05):
    for key in keys:
        os.write(fd, key.encode() if isinstance(key, str) else key)
        time.sleep(pause)


TAB, ENTER = "\t", "\r"
with tempfile.TemporaryDirectory() as data:
    # 1. start to first frame, then idle CPU on the search panel.
    start = time.time()
    pid, fd = spawn(data, "--fresh")
    read_until(fd, "Search flights".encode())
    first_frame_ms = (time.time() - start) * 1000
    drain(fd, 0.3)
    start_rss = rss_kib(pid)
    drain(fd, 1.0)
    before = cpu_seconds(pid)
    drain(fd, IDLE)
    idle_cpu_ms = (cpu_seconds(pid) - before) * 1000

    # 2. a whole booking, then bytes per countdown tick on payment, then peak RSS.
    send(fd, ["ist", ENTER, "ams", ENTER, TAB, "+", ENTER])
    read_until(fd, b"offers")
    send(fd, [ENTER])
    read_until(fd, b"Given name")
    send(fd, [TAB, "Ada", TAB, "Lovelace", TAB, "1985-12-10", TAB, TAB, "Grace", TAB, "Hopper",
              TAB, "1986-12-09", TAB, "ada@example.com", TAB, "+31201234567", TAB, ENTER])
    read_until(fd, b"Seats")
    send(fd, [ENTER, "\x1b[C", ENTER, TAB, "+", "c"])
    read_until(fd, b"Price held")
    drain(fd, 1.5)
    ticks = []
    for _ in range(10):
        chunk = drain(fd, 1.0)
        if chunk:
            ticks.append(len(chunk))
    send(fd, ["4242424242424242", TAB, "1230", TAB, "123", TAB, ENTER])
    read_until(fd, b"Booked")
    peak = hwm_kib(pid)
    mappings = rss_by_mapping(pid)
    os.kill(pid, signal.SIGTERM)
    os.waitpid(pid, 0)

ticks.sort()
print(f"start to first frame: {first_frame_ms:.1f} ms (target < 50 ms)")
print(f"RSS at the first frame: {start_rss / 1024:.1f} MiB")
print(f"peak RSS over a whole booking: {peak / 1024:.1f} MiB = {peak * 1024 / 1e6:.1f} MB "
      "(target < 20 MB)")
print(f"CPU while idle on search for {IDLE:.0f} s: {idle_cpu_ms:.2f} ms (target < 10 ms)")
print(f"bytes per countdown tick: median {ticks[len(ticks)//2] if ticks else 0} "
      f"(min {min(ticks, default=0)}, max {max(ticks, default=0)}) (target < 32)")
print("resident now, by mapping (KiB):")
for name, kib in mappings[:10]:
    print(f"  {kib:7d}  {os.path.basename(name)}")
