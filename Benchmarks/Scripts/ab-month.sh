#!/usr/bin/env bash
# One month (2020-06, UTC, JSON) of each FEED by two builds of icslanes, plain and from an index
# (each build its own, made first), the builds alternating ROUNDS times: the median CPU seconds
# (user + system, through timed.py) of each, and the median of the per-round ratios NEW / OLD.
#
#   Benchmarks/Scripts/ab-month.sh OLD NEW ROUNDS FEED...
old=$1 new=$2 rounds=$3; shift 3
T=$(dirname "$0")/timed.py
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
cpu() { python3 $T /dev/null "$@" 2>&1 >/dev/null | tail -1 | awk '{printf "%.3f\n", $3+$4}'; }
med() { sort -n | awk '{v[NR]=$0} END{print v[int((NR+1)/2)]}'; }
for f in "$@"; do
  b=$(basename $f .ics)
  $old $f --month 2020-06 --tz UTC --format json --index $w/o/ >/dev/null 2>&1
  $new $f --month 2020-06 --tz UTC --format json --index $w/n/ >/dev/null 2>&1
  for r in $(seq $rounds); do
    echo "po $(cpu $old $f --month 2020-06 --tz UTC --format json)" >> $w/$b
    echo "pn $(cpu $new $f --month 2020-06 --tz UTC --format json)" >> $w/$b
    echo "io $(cpu $old $f --month 2020-06 --tz UTC --format json --index $w/o/)" >> $w/$b
    echo "in $(cpu $new $f --month 2020-06 --tz UTC --format json --index $w/n/)" >> $w/$b
  done
  printf "%-22s plain %s -> %s   indexed %s -> %s" $b $(grep '^po' $w/$b | cut -d' ' -f2 | med) $(grep '^pn' $w/$b | cut -d' ' -f2 | med) $(grep '^io' $w/$b | cut -d' ' -f2 | med) $(grep '^in' $w/$b | cut -d' ' -f2 | med)
  pr=$(paste <(grep '^po' $w/$b | cut -d' ' -f2) <(grep '^pn' $w/$b | cut -d' ' -f2) | awk '{printf "%.3f\n", $2/$1}' | med)
  ir=$(paste <(grep '^io' $w/$b | cut -d' ' -f2) <(grep '^in' $w/$b | cut -d' ' -f2) | awk '{printf "%.3f\n", $2/$1}' | med)
  echo "   ratios new/old: plain $pr indexed $ir"
done
