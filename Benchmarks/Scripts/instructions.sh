#!/usr/bin/env bash
# Instructions a run of icslanes executes (valgrind's callgrind, user space, every thread): a
# count that does not move with the machine's load, for comparing two builds where wall times
# vary by more than the change (2026-11-28). Needs valgrind (Debian: valgrind).
#
# Usage: Benchmarks/Scripts/instructions.sh ICSLANES FEED ARGS...
#   e.g. instructions.sh .build/release/icslanes feed-100k-s1.ics --month 2020-06 --tz UTC
#        --format json --index /tmp/feed.idx
# With --index, the run is made three times and the third counted: the first builds the index,
# the second keeps libical's outcomes in it for the program that runs (under valgrind, that is
# valgrind's own file: see ParsedOutcome.signature), so the third is a warm month.
# Prints: instructions, then the command. The binary is copied without its debug info, which
# valgrind 3.19 cannot read (DWARF 5 with split units).
set -euo pipefail
binary=$1
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
objcopy --strip-debug "$binary" "$work/icslanes"
runs=1
for argument in "$@"; do
  [ "$argument" = "--index" ] && runs=3
done
# Each run's valgrind log replaces the one before: the last run's is read.
for run in $(seq 1 "$runs"); do
  valgrind --tool=callgrind --callgrind-out-file="$work/out.$run" "$work/icslanes" "$@" \
    >/dev/null 2>"$work/log" || true
done
count=$(sed -n 's/.*refs: *//p' "$work/log" | tr -d ',')
echo "$count instructions: $(basename "$binary") $*"
