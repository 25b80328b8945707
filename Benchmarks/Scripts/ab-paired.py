#!/usr/bin/env python3
"""Two builds of icslanes on the same feeds, alternating: per feed, the median of the per-round
ratios NEW / OLD of wall time and of CPU time (user + system, from wait4), and the largest peak
RSS (ru_maxrss, MiB) of each build over the rounds.

Usage: Benchmarks/Scripts/ab-paired.py OLD NEW ROUNDS [--months N] [--index DIR] FEED...
One month 2020-06 by default; with --months N, N months from 2020-01. JSON, UTC. With --index
DIR, each build answers from its own index in DIR (built and used twice before the rounds, so
that the rounds time warm indexed queries).
"""
import os
import statistics
import subprocess
import sys
import time


def run(binary, feed, months, index=None):
    args = [binary, feed, "--format", "json", "--tz", "UTC"]
    if index:
        args += ["--index", index]
    args += ["--month", "2020-06"] if months == 1 else ["--month", "2020-01", "--months", str(months)]
    start = time.time()
    child = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(child.pid, 0)
    return time.time() - start, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    old, new, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
    rest = sys.argv[4:]
    months = 1
    if rest[:1] == ["--months"]:
        months, rest = int(rest[1]), rest[2:]
    index_dir = None
    if rest[:1] == ["--index"]:
        index_dir, rest = rest[1], rest[2:]
    for feed in rest:
        walls, cpus, old_rss, new_rss = [], [], [], []
        old_index = new_index = None
        if index_dir:
            name = os.path.basename(feed)
            old_index = os.path.join(index_dir, f"{name}.old.idx")
            new_index = os.path.join(index_dir, f"{name}.new.idx")
            for _ in range(2):
                run(old, feed, months, old_index)
                run(new, feed, months, new_index)
        for _ in range(rounds):
            wall_old, cpu_old, rss_old = run(old, feed, months, old_index)
            wall_new, cpu_new, rss_new = run(new, feed, months, new_index)
            walls.append(wall_new / wall_old)
            cpus.append(cpu_new / cpu_old)
            old_rss.append(rss_old)
            new_rss.append(rss_new)
        print(
            f"{os.path.basename(feed)} ({months} month(s){', indexed' if index_dir else ''}): wall new/old "
            f"{statistics.median(walls):.3f}, CPU new/old {statistics.median(cpus):.3f}, "
            f"peak RSS {max(old_rss):.1f} -> {max(new_rss):.1f} MiB")


main()
