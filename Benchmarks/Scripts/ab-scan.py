#!/usr/bin/env python3
"""The scan alone of two builds, alternating: a month far from every event (2040-06), so that
every event is passed over and the run is reading, cutting and the pre-filter. Prints per feed
the median of the per-round CPU ratios new/old and each build's fastest run.

    python3 Benchmarks/Scripts/ab-scan.py OLD NEW FEED[,FEED...] ROUNDS
"""
import os
import statistics
import sys


def cpu(binary, feed):
    """CPU seconds (user + system) of one run, from wait4."""
    pid = os.fork()
    if pid == 0:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
        os.execv(binary, [binary, feed, "--month", "2040-06", "--format", "json", "--tz", "UTC",
                          "--no-config"])
    _, _, usage = os.wait4(pid, 0)
    return usage.ru_utime + usage.ru_stime


def main():
    old, new, feeds, rounds = sys.argv[1], sys.argv[2], sys.argv[3].split(","), int(sys.argv[4])
    for feed in feeds:
        ratios, olds, news = [], [], []
        for round_number in range(rounds):
            # Which build runs first alternates.
            if round_number % 2:
                a = cpu(old, feed)
                b = cpu(new, feed)
            else:
                b = cpu(new, feed)
                a = cpu(old, feed)
            olds.append(a)
            news.append(b)
            ratios.append(b / a)
        print(f"{os.path.basename(feed)}: median new/old {statistics.median(ratios):.3f}, "
              f"fastest old {min(olds):.3f} s, new {min(news):.3f} s")


if __name__ == "__main__":
    main()
