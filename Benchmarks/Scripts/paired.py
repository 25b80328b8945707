#!/usr/bin/env python3
"""Runs libical-parse-all, icslanes for one month and icslanes for twelve months in turn on each
feed, RUNS rounds, and prints per feed the median wall time and peak RSS of each command, and
the median of the per-round ratios (one month against libical-parse-all, twelve months against
one month), of wall time and of CPU time (user + system, from wait4): on a loaded machine the
CPU time moves less than the wall time.

On a shared machine the speed changes from minute to minute; a ratio taken within one round
(the three commands back to back) is steadier than a ratio of two separate best-ofs.

Usage: Benchmarks/Scripts/paired.py FEED[,FEED...] [RUNS] [ICSLANES] [LIBICAL_PARSE_ALL] [MONTH]
Defaults: 15 runs, the release builds of this repository, month 2020-06 (twelve months from
2020-01). Peak RSS is the child's ru_maxrss (wait4), in MiB.
"""
import os
import statistics
import subprocess
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
feeds = sys.argv[1].split(",")
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 15
icslanes = sys.argv[3] if len(sys.argv) > 3 and sys.argv[3] else os.path.join(
    root, ".build/release/icslanes")
parse_all = sys.argv[4] if len(sys.argv) > 4 and sys.argv[4] else os.path.join(
    root, "Benchmarks/.build/release/libical-parse-all")
month = sys.argv[5] if len(sys.argv) > 5 else "2020-06"


def run(command):
    """Wall seconds, peak RSS (MiB) and CPU seconds of one run of `command`."""
    start = time.monotonic()
    with open(os.devnull, "wb") as null:
        child = subprocess.Popen(command, stdout=null, stderr=null)
        _, status, usage = os.wait4(child.pid, 0)
    wall = time.monotonic() - start
    if status != 0:
        raise SystemExit(f"{command} failed with status {status}")
    return wall, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime


for feed in feeds:
    commands = {
        "libical-parse-all": [parse_all, feed],
        "icslanes one month": [icslanes, feed, "--month", month, "--format", "json",
                               "--tz", "UTC"],
        "icslanes 12 months": [icslanes, feed, "--month", month[:4] + "-01", "--months", "12",
                               "--format", "json", "--tz", "UTC"],
    }
    times = {name: [] for name in commands}
    peaks = {name: [] for name in commands}
    cpus = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            wall, peak, cpu = run(command)
            times[name].append(wall)
            peaks[name].append(peak)
            cpus[name].append(cpu)

    def ratios(numerator, denominator, values=times):
        return [a / b for a, b in zip(values[numerator], values[denominator])]

    print(f"{os.path.basename(feed)}, {runs} rounds (wall seconds median; peak RSS max):")
    for name, values in times.items():
        print(f"  {name:20s} {statistics.median(values):7.3f}  (min {min(values):.3f})"
              f"  CPU {statistics.median(cpus[name]):7.3f}  peak {max(peaks[name]):6.1f} MiB")
    speedup = ratios("libical-parse-all", "icslanes one month")
    twelve = ratios("icslanes 12 months", "icslanes one month")
    print(f"  one month vs libical-parse-all: {statistics.median(speedup):.2f}x faster "
          f"(per-round median; rounds {min(speedup):.2f}-{max(speedup):.2f})")
    print(f"  12 months / one month: {statistics.median(twelve):.2f} "
          f"(per-round median; rounds {min(twelve):.2f}-{max(twelve):.2f})")
    speedup_cpu = ratios("libical-parse-all", "icslanes one month", cpus)
    twelve_cpu = ratios("icslanes 12 months", "icslanes one month", cpus)
    print(f"  CPU time: one month vs libical-parse-all {statistics.median(speedup_cpu):.2f}x "
          f"(rounds {min(speedup_cpu):.2f}-{max(speedup_cpu):.2f}); 12 months / one month "
          f"{statistics.median(twelve_cpu):.2f} (rounds {min(twelve_cpu):.2f}-{max(twelve_cpu):.2f})",
          flush=True)
