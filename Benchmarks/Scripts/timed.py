#!/usr/bin/env python3
"""Runs a command with its stdout to a file; prints its wall time and CPU time (user + system)
in seconds with millisecond resolution, and its peak resident memory in KiB.

Usage: timed.py OUTFILE COMMAND [ARG...]   (exit status: the command's)
/usr/bin/time rounds times to 10 ms, too coarse for runs of a tenth of a second, so the times
are measured here; the peak memory is still /usr/bin/time's (a child of this script would
count this script's own memory in its peak).
"""
import os
import resource
import subprocess
import sys
import tempfile
import time

with tempfile.NamedTemporaryFile("r") as peak, open(sys.argv[1], "wb") as out:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    status = subprocess.run(
        ["/usr/bin/time", "-f", "%M", "-o", peak.name] + sys.argv[2:], stdout=out).returncode
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    kib = peak.read().strip().splitlines()[-1]
user = after.ru_utime - before.ru_utime
system = after.ru_stime - before.ru_stime
print(f"{wall:.3f} {kib} {user:.3f} {system:.3f}", file=sys.stderr)
sys.exit(status)
