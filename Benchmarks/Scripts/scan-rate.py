#!/usr/bin/env python3
"""Scan cost in ns per byte: CPU time (user + system, from wait4) of a month far from every
event (everything passed over, so the run is the scan), less that of a tiny feed
(Samples/team.ics: process start), divided by the file's bytes. Best of REPEAT runs each; with
several binaries, their runs alternate, so that a change in the machine's speed meets all alike.

Usage: scan-rate.py BINARY[,BINARY...] FEED[,FEED...] [REPEAT]
"""
import os
import subprocess
import sys

binaries, feeds = sys.argv[1].split(","), sys.argv[2].split(",")
repeat = int(sys.argv[3]) if len(sys.argv) > 3 else 3
tiny = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Samples", "team.ics")


def cpu(binary, feed):
    with open(os.devnull, "wb") as null:
        child = subprocess.Popen(
            [binary, feed, "--month", "1990-01", "--format", "json", "--tz", "UTC"],
            stdout=null, stderr=null)
        _, status, usage = os.wait4(child.pid, 0)
    return usage.ru_utime + usage.ru_stime


def best(feed):
    times = {binary: None for binary in binaries}
    for _ in range(repeat):
        for binary in binaries:
            seconds = cpu(binary, feed)
            if times[binary] is None or seconds < times[binary]:
                times[binary] = seconds
    return times


start = best(tiny)
for binary in binaries:
    print(f"{binary}: start-up (tiny feed) {start[binary] * 1000:.1f} ms CPU")
for feed in feeds:
    size = os.path.getsize(feed)
    times = best(feed)
    for binary in binaries:
        rate = (times[binary] - start[binary]) * 1e9 / size
        print(f"{os.path.basename(feed)} {binary}: {times[binary]:.3f} s CPU, {rate:.2f} ns/byte")
