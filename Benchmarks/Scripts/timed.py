#!/usr/bin/env python3
"""Runs a command with its stdout to a file; prints its wall time and CPU time (user + system)
in seconds with millisecond resolution, and its peak resident memory in KiB.

Usage: timed.py OUTFILE COMMAND [ARG...]   (exit status: the command's)
/usr/bin/time prints times to 10 ms only, too coarse for runs of a tenth of a second.
"""
import resource
import subprocess
import sys
import time

with open(sys.argv[1], "wb") as out:
    start = time.monotonic()
    status = subprocess.run(sys.argv[2:], stdout=out).returncode
    wall = time.monotonic() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{wall:.3f} {usage.ru_maxrss} {usage.ru_utime:.3f} {usage.ru_stime:.3f}", file=sys.stderr)
sys.exit(status)
