#!/usr/bin/env python3
"""An indexed month with and without the outcomes the index keeps (issue 16), against
libical-parse-all, in alternating rounds on each feed.

  index-outcomes.py ICSLANES PARSE_ALL ROUNDS FEED... [--old OLD_ICSLANES]

Per feed, the index is built once by asking for MONTH_BEFORE (2020-05), and kept as a template.
Each round then times, one after the other:
  - libical-parse-all;
  - "cold": a copy of the template asked for MONTH (2020-06): the month's events not kept
    for 2020-05 are read from the feed and parsed by libical, and their outcomes written
    into the index;
  - "warm": the same copy asked for MONTH again: every kept event is taken from its outcome;
  - with --old, OLD_ICSLANES asked for MONTH from its own index (built once beforehand).
Times are wall and CPU (user + system) in seconds, through timed.py; medians of the rounds,
and the median of each round's parse-all / month ratio.
"""
import os, shutil, statistics, subprocess, sys, tempfile

args = sys.argv[1:]
old = None
if "--old" in args:
    i = args.index("--old"); old = args[i + 1]; del args[i:i + 2]
binary, parse_all, rounds, feeds = args[0], args[1], int(args[2]), args[3:]
month, before = os.environ.get("MONTH", "2020-06"), os.environ.get("MONTH_BEFORE", "2020-05")
timed = os.path.join(os.path.dirname(os.path.abspath(__file__)), "timed.py")
work = tempfile.mkdtemp()

def run(*command):
    result = subprocess.run([sys.executable, timed, "/dev/null", *command],
                            stderr=subprocess.PIPE, text=True)
    wall, kib, user, system = result.stderr.strip().splitlines()[-1].split()
    return float(wall), float(user) + float(system), int(kib)

def month_args(feed, index):
    return [feed, "--month", month, "--tz", "UTC", "--format", "json", "--index", index]

print(f"{'feed':24} {'parse-all':>9} {'cold':>7} {'warm':>7} {'old':>7}  "
      f"{'pa/cold':>8} {'pa/warm':>8} {'pa/old':>8}  {'warm RSS':>8}  (wall; CPU in brackets)")
for feed in feeds:
    template = os.path.join(work, "template.idx")
    for path in (template,):
        if os.path.exists(path): os.remove(path)
    subprocess.run([binary, feed, "--month", before, "--tz", "UTC", "--format", "json",
                    "--index", template], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    old_index = os.path.join(work, "old.idx")
    if old:
        if os.path.exists(old_index): os.remove(old_index)
        subprocess.run([old, *month_args(feed, old_index)], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
    rows = {"parse": [], "cold": [], "warm": [], "old": []}
    for _ in range(rounds):
        copy = os.path.join(work, "copy.idx")
        shutil.copyfile(template, copy)
        rows["parse"].append(run(parse_all, feed))
        rows["cold"].append(run(binary, *month_args(feed, copy)))
        rows["warm"].append(run(binary, *month_args(feed, copy)))
        if old:
            rows["old"].append(run(old, *month_args(feed, old_index)))
    def med(key, field): return statistics.median(r[field] for r in rows[key]) if rows[key] else float("nan")
    def ratio(key, field):
        if not rows[key]: return float("nan")
        return statistics.median(p[field] / m[field] for p, m in zip(rows["parse"], rows[key]))
    print(f"{os.path.basename(feed):24} {med('parse',0):9.3f} {med('cold',0):7.3f} "
          f"{med('warm',0):7.3f} {med('old',0):7.3f}  "
          f"{ratio('cold',0):7.1f}x {ratio('warm',0):7.1f}x {ratio('old',0):7.1f}x  "
          f"{max(r[2] for r in rows['warm']) / 1024:7.1f}M")
    print(f"{'':24} {med('parse',1):9.3f} {med('cold',1):7.3f} {med('warm',1):7.3f} "
          f"{med('old',1):7.3f}  ({ratio('cold',1):6.1f}x) ({ratio('warm',1):6.1f}x) "
          f"({ratio('old',1):6.1f}x)")
shutil.rmtree(work)
