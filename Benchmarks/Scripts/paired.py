#!/usr/bin/env python3
"""Runs libical-parse-all, icslanes for one month and icslanes for twelve months in turn on the
same feed, RUNS times, and prints the median of each and the median of the per-round ratios.

On a shared machine the speed changes from minute to minute; a ratio taken within one round
(the three commands back to back) is steadier than a ratio of two separate best-ofs.

Usage: Benchmarks/Scripts/paired.py FEED [RUNS] [ICSLANES] [LIBICAL_PARSE_ALL] [MONTH]
Defaults: 15 runs, the release builds of this repository, month 2020-06 (twelve months from
2020-01).
"""
import os
import statistics
import subprocess
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
feed = sys.argv[1]
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 15
icslanes = sys.argv[3] if len(sys.argv) > 3 else os.path.join(root, ".build/release/icslanes")
parse_all = sys.argv[4] if len(sys.argv) > 4 else os.path.join(
    root, "Benchmarks/.build/release/libical-parse-all")
month = sys.argv[5] if len(sys.argv) > 5 else "2020-06"
commands = {
    "libical-parse-all": [parse_all, feed],
    "icslanes one month": [icslanes, feed, "--month", month, "--format", "json", "--tz", "UTC"],
    "icslanes 12 months": [icslanes, feed, "--month", month[:4] + "-01", "--months", "12",
                           "--format", "json", "--tz", "UTC"],
}
times = {name: [] for name in commands}
for _ in range(runs):
    for name, command in commands.items():
        start = time.monotonic()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times[name].append(time.monotonic() - start)


def ratios(numerator, denominator):
    return [a / b for a, b in zip(times[numerator], times[denominator])]


print(f"{os.path.basename(feed)}, {runs} rounds (wall seconds, median):")
for name, values in times.items():
    print(f"  {name:20s} {statistics.median(values):7.3f}  (min {min(values):.3f})")
speedup = ratios("libical-parse-all", "icslanes one month")
twelve = ratios("icslanes 12 months", "icslanes one month")
print(f"  one month vs libical-parse-all: {statistics.median(speedup):.2f}x faster "
      f"(per-round median; rounds {min(speedup):.2f}-{max(speedup):.2f})")
print(f"  12 months / one month: {statistics.median(twelve):.2f} "
      f"(per-round median; rounds {min(twelve):.2f}-{max(twelve):.2f})")
