#!/usr/bin/env python3
"""Generate ZoneTable.swift: every IANA zone name mapped to its POSIX TZ rule.

Usage: gen_zones.py [ZONEINFO_DIR] [OUTPUT.swift]
The table lives in Modules/Zones/ZoneTable.swift: the zones a record names
when it is decoded (Zone.embedded), and the Zones module's fallback for a system
without tzdata (the system's TZif files are read first).

ZONEINFO_DIR defaults to /usr/share/zoneinfo. Output goes to stdout unless an
output path is given (a single argument ending in .swift is the output path). The rule of each zone is the footer of its TZif v2+ file (the
text between the last two newlines). Stdlib only.
"""

import calendar
import os
import struct
import subprocess
import sys
import time

SKIP_DIRS = {"posix", "right"}
SKIP_FILES = {"posixrules", "localtime", "Factory"}


def tzdata_version(root):
    try:
        with open(os.path.join(root, "tzdata.zi"), encoding="utf-8") as f:
            first = f.readline().split()
        if len(first) >= 3 and first[0] == "#" and first[1] == "version":
            return first[2]
    except OSError:
        pass
    try:
        out = subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", "tzdata"],
            capture_output=True, text=True, check=True,
        ).stdout.strip()
        if out:
            return out
    except (OSError, subprocess.CalledProcessError):
        pass
    return "unknown"


def footer(path):
    """The POSIX TZ string of a TZif v2+ file, or None if it is not one."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    if len(data) < 44 or data[:4] != b"TZif" or data[4:5] not in (b"2", b"3", b"4"):
        return None
    if not data.endswith(b"\n"):
        return None
    start = data.rfind(b"\n", 0, len(data) - 1)
    if start < 0:
        return None
    text = data[start + 1:-1]
    try:
        rule = text.decode("ascii")
    except UnicodeDecodeError:
        return None
    if not rule or any(c in rule for c in '"\\'):
        return None
    return rule


def transitions(path):
    """The 64-bit transitions of a TZif v2+ file: [(utc seconds, offset, is daylight)]."""
    with open(path, "rb") as f:
        data = f.read()
    counts = struct.unpack(">6l", data[20:44])
    isutc, isstd, leap, timecnt, typecnt, charcnt = counts
    skip = 44 + timecnt * 5 + typecnt * 6 + charcnt + leap * 8 + isstd + isutc
    block = data[skip:]
    isutc, isstd, leap, timecnt, typecnt, charcnt = struct.unpack(">6l", block[20:44])
    at = 44
    times = struct.unpack(f">{timecnt}q", block[at:at + 8 * timecnt])
    at += 8 * timecnt
    indices = block[at:at + timecnt]
    at += timecnt
    types = [struct.unpack(">lBB", block[at + 6 * i:at + 6 * i + 6]) for i in range(typecnt)]
    return [(t, types[i][0], types[i][1]) for t, i in zip(times, indices)]


def listed_switches(path, rule, since_year):
    """The switches from `since_year` on, for zones whose future the footer rule cannot tell:
    a zone with no daylight rule that still switches (Morocco's Ramadan hour), or one that
    switches more than twice in a year (Palestine's Ramadan pauses). Else None.

    The first entry is the state in force at the start of `since_year`."""
    try:
        switches = transitions(path)
    except (OSError, struct.error):
        return None
    start = calendar.timegm((since_year, 1, 1, 0, 0, 0))
    changes, state = [], None
    for switch in switches:  # fat files repeat the same state; keep only real changes
        if (switch[1], switch[2]) != state:
            changes.append(switch)
            state = (switch[1], switch[2])
    switches = changes
    future = [s for s in switches if s[0] >= start]
    if not future:
        return None
    per_year = {}
    for t, _, _ in future:
        year = time_year(t)
        per_year[year] = per_year.get(year, 0) + 1
    if "," in rule and max(per_year.values()) <= 2:
        return None
    before = [s for s in switches if s[0] < start]
    if not before:
        return None
    return [(start, before[-1][1], before[-1][2])] + future


def time_year(t):
    return time.gmtime(t).tm_year


def collect(root):
    table = {}
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        rel_dir = os.path.relpath(dirpath, root)
        if rel_dir == ".":
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            rel_dir = ""
        dirnames.sort()
        for name in sorted(filenames):
            if not rel_dir and name in SKIP_FILES:
                continue
            rule = footer(os.path.join(dirpath, name))
            if rule is None:
                continue
            key = f"{rel_dir}/{name}" if rel_dir else name
            table[key] = rule
    table.setdefault("UTC", "UTC0")
    table.setdefault("GMT", "GMT0")
    return table


def collect_listed(root, table, since_year):
    listed = {}
    for name, rule in table.items():
        switches = listed_switches(os.path.join(root, name), rule, since_year)
        if switches:
            listed[name] = switches
    return listed


def render(table, version, listed):
    lines = [
        f"// Generated by Tools/scripts/gen_zones.py from tzdata {version}. Do not edit.",
        "",
        "/// Every IANA time-zone name mapped to the POSIX TZ rule of its current rules.",
        "public enum ZoneTable {",
        "  /// The tzdata release the table was generated from.",
        f'  public static let tzdataVersion = "{version}"',
        "",
        "  /// Zone name to POSIX TZ rule string (the footer of its TZif file).",
        "  public static let rules: [String: String] = [",
    ]
    for key in sorted(table):
        lines.append(f'    "{key}": "{table[key]}",')
    lines.append("  ]")
    lines += [
        "",
        "  /// Switches the rule cannot tell, listed from the start of the release's year: pairs of",
        "  /// UTC seconds and the offset from then on. The first pair is the offset in force at the",
        "  /// start of that year.",
        "  public static let listedSwitches: [String: [Int]] = [",
    ]
    for key in sorted(listed):
        lines.append(f'    "{key}": [')
        entries = [f"{t}, {offset}," for t, offset, _ in listed[key]]
        for i in range(0, len(entries), 4):
            lines.append("      " + " ".join(entries[i:i + 4]))
        lines.append("    ],")
    if not listed:
        lines[-1] = "  public static let listedSwitches: [String: [Int]] = [:]"
    else:
        lines.append("  ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv):
    args = argv[1:]
    if len(args) > 2 or any(a in ("-h", "--help") for a in args):
        sys.stderr.write(__doc__)
        return 2
    output = None
    if args and args[-1].endswith(".swift"):
        output = args.pop()
    root = args[0] if args else "/usr/share/zoneinfo"
    if not os.path.isdir(root):
        sys.stderr.write(f"gen_zones.py: not a directory: {root}\n")
        return 1
    table = collect(root)
    version = tzdata_version(root)
    # Listed from the start of the release's year, so the output depends only on the data.
    since_year = int(version[:4]) if version[:4].isdigit() else 2025
    listed = collect_listed(root, table, since_year)
    text = render(table, version, listed)
    if output:
        with open(output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
