#!/usr/bin/env bash
# The index of issue 16 against libical-parse-all, feed by feed: building the index (the first
# run with --index, minus one indexed month) and one month from a valid index, in CPU seconds
# (user + system, to the millisecond through timed.py: the machine is shared, and wall time says
# more about the neighbours), with the wall time and peak RSS of the indexed month, and the same
# month without the index. Median of REPEAT runs (default 3).
#
#   Benchmarks/Scripts/index-bench.sh ICSLANES PARSE_ALL FEED... (MONTH=2020-06 TZ_NAME=UTC)
set -euo pipefail
bin=$1 parse=$2
shift 2
month=${MONTH:-2020-06} zone=${TZ_NAME:-UTC} repeat=${REPEAT:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
timed=$(dirname "$0")/timed.py
# "wall cpu rss" of one run of the command in "$@" (times to the millisecond, see timed.py).
measure() {
  python3 "$timed" /dev/null "$@" 2>"$work/time" || true
  tail -1 "$work/time" | awk '{ printf "%.3f %.3f %d\n", $1, $3 + $4, $2 }'
}
median() { sort -n | awk '{ v[NR] = $0 } END { print v[int((NR + 1) / 2)] }'; }
printf '%-22s %9s %8s %8s %9s %9s %9s %7s %8s %8s\n' feed parse-all build build/pa plain-cpu month-cpu month-wall rss-MB speedup vs-plain
for feed in "$@"; do
  parse_cpu=$(for _ in $(seq "$repeat"); do measure "$parse" "$feed" | cut -d' ' -f2; done | median)
  plain_cpu=$(for _ in $(seq "$repeat"); do
    measure "$bin" "$feed" --month "$month" --tz "$zone" --format json | cut -d' ' -f2
  done | median)
  rm -rf "$work/index"
  first=$(measure "$bin" "$feed" --month "$month" --tz "$zone" --format json --index "$work/index/")
  runs=$(for _ in $(seq "$repeat"); do
    measure "$bin" "$feed" --month "$month" --tz "$zone" --format json --index "$work/index/"
  done)
  month_cpu=$(echo "$runs" | cut -d' ' -f2 | median)
  month_wall=$(echo "$runs" | cut -d' ' -f1 | median)
  rss=$(echo "$runs" | cut -d' ' -f3 | sort -n | tail -1)
  build=$(echo "$first $month_cpu" | awk '{ printf "%.3f", $2 - $4 }')
  awk -v f="$(basename "$feed")" -v p="$parse_cpu" -v b="$build" -v m="$month_cpu" \
    -v w="$month_wall" -v r="$rss" -v q="$plain_cpu" 'BEGIN {
      printf "%-22s %9.3f %8.3f %7.2fx %9.3f %9.3f %9.3f %7.1f %7.1fx %7.1fx\n",
        f, p, b, b / p, q, m, w, r / 1024, p / m, q / m }'
done
