#!/usr/bin/env python3
"""Scan cost in ns per byte: CPU time (user + system, from wait4) of a month far from every
event (everything passed over, so the run is the scan), less that of a tiny feed, divided by
the file's bytes. Best of REPEAT runs each.

Usage: scan-rate.py BINARY FEED[,FEED...] [REPEAT]
"""
import os
import subprocess
import sys

binary, feeds = sys.argv[1], sys.argv[2].split(",")
repeat = int(sys.argv[3]) if len(sys.argv) > 3 else 3
tiny = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Samples", "team.ics")


def cpu(feed):
    best = None
    for _ in range(repeat):
        with open(os.devnull, "wb") as null:
            child = subprocess.Popen(
                [binary, feed, "--month", "1990-01", "--format", "json", "--tz", "UTC"],
                stdout=null, stderr=null)
            _, status, usage = os.wait4(child.pid, 0)
        seconds = usage.ru_utime + usage.ru_stime
        best = seconds if best is None else min(best, seconds)
    return best


base = cpu(tiny)
print(f"start-up (tiny feed) {base * 1000:.1f} ms CPU")
for feed in feeds:
    size = os.path.getsize(feed)
    seconds = cpu(feed)
    print(f"{os.path.basename(feed)}: {seconds:.3f} s CPU, "
          f"{(seconds - base) * 1e9 / size:.2f} ns/byte")
