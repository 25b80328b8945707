#!/usr/bin/env python3
"""Two builds of icslanes answering one month from their index, alternating: per feed, the
median CPU time (user + system, from wait4) of each build and the median of the per-round
ratios NEW / OLD. Each build keeps its own index (in a temporary folder), built by a first run
that is not timed: two builds with different index versions would otherwise rebuild each
other's.

Usage: Benchmarks/Scripts/ab-index.py OLD NEW ROUNDS FEED...   (month 2020-06, UTC, JSON)
"""
import os
import statistics
import subprocess
import sys
import tempfile


def cpu(command):
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(child.pid, 0)
    return usage.ru_utime + usage.ru_stime


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    old, new, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with tempfile.TemporaryDirectory() as work:
        folders = {old: os.path.join(work, "old") + "/", new: os.path.join(work, "new") + "/"}
        for feed in sys.argv[4:]:
            args = [feed, "--month", "2020-06", "--tz", "UTC", "--format", "json", "--index"]
            for binary in (old, new):
                cpu([binary] + args + [folders[binary]])
            times = {old: [], new: []}
            ratios = []
            for _ in range(rounds):
                for binary in (old, new):
                    times[binary].append(cpu([binary] + args + [folders[binary]]))
                ratios.append(times[new][-1] / times[old][-1])
            print(
                f"{os.path.basename(feed)} indexed month: CPU old {statistics.median(times[old]):.3f} s,"
                f" new {statistics.median(times[new]):.3f} s, new/old {statistics.median(ratios):.3f}"
            )


main()
