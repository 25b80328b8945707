#!/usr/bin/env bash
# Compare icslanes with two baselines on the same generated feeds, in one run:
#   wc -l              a plain byte scan (lower bound for reading the file)
#   libical-parse-all  libical parsing every VEVENT (streaming, freed as it goes)
#   icslanes           FEED --month $MONTH --format json          (one month)
#   icslanes 12mo      FEED --month $YEAR-01 --months 12 --format json (largest feed only
#                      unless TWELVE_ALL=1)
# Wall time (s), CPU time (user+sys, s) and peak RSS come from Scripts/timed.py (to the
# millisecond; /usr/bin/time rounds to 10 ms); speedups are libical-parse-all's time over the
# tool's time on the same feed (higher is faster).
#
# Usage: Benchmarks/Scripts/compare.sh
# Environment (all optional):
#   SIZES="10k 100k 1M"  feeds to generate/measure (k and M suffixes allowed)
#   DENSE=10k            also a --dense-month feed of this many events in MONTH
#                        (empty: skip)
#   MONTH=2020-06        month passed to icslanes and used for the dense feed
#   SEED=1               generator seed
#   REPEAT=3             runs per tool and feed; best time and largest RSS kept
#   FEEDS_DIR=Benchmarks/.feeds   where feeds are written (git-ignored)
#   SKIP_BUILD=1         use the existing release builds
#   ICSLANES=/path/to/icslanes    the icslanes binary (default: release build of ..)
#   CHECK=/path/to/check_layout.py  check every icslanes JSON output with it
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
BENCH_DIR=$(dirname "$SCRIPT_DIR")
FEEDS_DIR=${FEEDS_DIR:-$BENCH_DIR/.feeds}
SIZES=${SIZES:-10k 100k 1M}
DENSE=${DENSE-10k}
MONTH=${MONTH:-2020-06}
SEED=${SEED:-1}
REPEAT=${REPEAT:-3}
SKIP_BUILD=${SKIP_BUILD:-0}

ICSLANES=${ICSLANES:-}
CHECK=${CHECK:-}
TWELVE_ALL=${TWELVE_ALL:-0}
ICSLANES_ARGS=(--month "$MONTH" --format json --tz UTC)
TWELVE_ARGS=(--month "${MONTH%-*}-01" --months 12 --format json --tz UTC)

TIME_BIN=/usr/bin/time
if [[ ! -x $TIME_BIN ]]; then
  echo "compare.sh: $TIME_BIN not found (Debian: apt-get install time)" >&2
  exit 1
fi
command -v python3 >/dev/null || { echo "compare.sh: python3 not found" >&2; exit 1; }

if [[ $SKIP_BUILD != 1 ]]; then
  swift build -c release --package-path "$BENCH_DIR" >&2
fi
BIN=$(swift build -c release --package-path "$BENCH_DIR" --show-bin-path)
if [[ -z $ICSLANES ]]; then
  MAIN_DIR=$(dirname "$BENCH_DIR")
  if [[ $SKIP_BUILD != 1 ]]; then
    # The tuned release binary, as users build it.
    "$MAIN_DIR/Scripts/release.sh" >&2
  fi
  ICSLANES=$(swift build -c release --package-path "$MAIN_DIR" --show-bin-path)/icslanes
fi
FEEDGEN=$BIN/icslanes-feedgen
PARSEALL=$BIN/libical-parse-all
for exe in "$FEEDGEN" "$PARSEALL"; do
  [[ -x $exe ]] || { echo "compare.sh: missing $exe (build first)" >&2; exit 1; }
done
if [[ -n $ICSLANES && ! -x $ICSLANES ]]; then
  echo "compare.sh: ICSLANES=$ICSLANES is not executable" >&2
  exit 1
fi

mkdir -p "$FEEDS_DIR"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# 10k -> 10000, 1M -> 1000000
to_count() {
  local s=$1
  case $s in
    *k | *K) echo $((${s%?} * 1000)) ;;
    *m | *M) echo $((${s%?} * 1000000)) ;;
    *) echo "$s" ;;
  esac
}

mib() { awk -v kb="$1" 'BEGIN { printf "%.1f", kb / 1024 }'; }

# Feeds: name, path, expected VEVENT count. Regenerated when missing or older
# than the generator binary.
FEED_NAMES=()
FEED_PATHS=()
FEED_COUNTS=()
GEN_REPORT=()

generate() { # name path count generator-args...
  local name=$1 path=$2 count=$3
  shift 3
  if [[ ! -s $path || $FEEDGEN -nt $path ]]; then
    "$TIME_BIN" -f '%e' -o "$TMP/gen.time" "$FEEDGEN" "$@" -o "$path"
    GEN_REPORT+=("$(printf '%-28s %10s events %8s MiB  generated in %ss' \
      "$name" "$count" "$(mib $(($(stat -L -c %s "$path") / 1024)))" "$(cat "$TMP/gen.time")")")
  else
    GEN_REPORT+=("$(printf '%-28s %10s events %8s MiB  (cached)' \
      "$name" "$count" "$(mib $(($(stat -L -c %s "$path") / 1024)))")")
  fi
  FEED_NAMES+=("$name")
  FEED_PATHS+=("$path")
  FEED_COUNTS+=("$count")
}

for size in $SIZES; do
  count=$(to_count "$size")
  name=feed-$size-s$SEED.ics
  generate "$name" "$FEEDS_DIR/$name" "$count" --events "$count" --seed "$SEED"
done
if [[ -n $DENSE ]]; then
  count=$(to_count "$DENSE")
  name=dense-$MONTH-$DENSE-s$SEED.ics
  generate "$name" "$FEEDS_DIR/$name" "$count" \
    --dense-month "$MONTH" --events "$count" --seed "$SEED"
fi

echo "Feeds in $FEEDS_DIR:"
printf '  %s\n' "${GEN_REPORT[@]}"
echo

# measure OUTFILE cmd... -> sets BEST_S (best wall seconds) and PEAK_KB
# (largest peak RSS) over REPEAT runs; stdout of the last run goes to OUTFILE.
measure() {
  local out=$1
  shift
  local i t m u s c
  BEST_S=""
  BEST_CPU=""
  PEAK_KB=0
  for ((i = 0; i < REPEAT; i++)); do
    if ! python3 "$SCRIPT_DIR/timed.py" "$out" "$@" 2>"$TMP/time"; then
      echo "compare.sh: command failed: $*" >&2
      cat "$TMP/time" >&2
      exit 1
    fi
    read -r t m u s < <(tail -n 1 "$TMP/time")
    c=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.3f", u + s }')
    if [[ -z $BEST_S ]] || awk -v a="$t" -v b="$BEST_S" 'BEGIN { exit !(a < b) }'; then
      BEST_S=$t
    fi
    if [[ -z $BEST_CPU ]] || awk -v a="$c" -v b="$BEST_CPU" 'BEGIN { exit !(a < b) }'; then
      BEST_CPU=$c
    fi
    if ((m > PEAK_KB)); then
      PEAK_KB=$m
    fi
  done
}

ratio() { # value base
  awk -v v="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", v / b; else printf "-" }'
}

check_json() { # file label; --months N prints an array: each element is checked
  [[ -n $CHECK ]] || return 0
  local parts
  parts=$(python3 -c '
import json, sys
value = json.load(open(sys.argv[1]))
for index, month in enumerate(value if isinstance(value, list) else [value]):
    path = "%s.%d" % (sys.argv[1], index)
    json.dump(month, open(path, "w"))
    print(path)' "$1")
  for part in $parts; do
    if ! python3 "$CHECK" "$part" >/dev/null; then
      echo "compare.sh: $2: JSON fails the contract check ($part)" >&2
      exit 1
    fi
  done
}

LARGEST=$((${#FEED_PATHS[@]} - 1))
if [[ -n $DENSE ]]; then LARGEST=$((LARGEST - 1)); fi

printf '%-28s %-20s %8s %8s %9s %10s %9s\n' feed tool wall_s cpu_s peak_MiB speedup cpu_spdup
printf '%-28s %-20s %8s %8s %9s %10s %9s\n' ---- ---- ------ ----- -------- ------- ---------
SUMMARY=()
for idx in "${!FEED_PATHS[@]}"; do
  feed=${FEED_PATHS[$idx]}
  name=${FEED_NAMES[$idx]}
  expected=${FEED_COUNTS[$idx]}
  cat "$feed" >/dev/null # warm the page cache so every tool reads from memory

  measure "$TMP/libical.out" "$PARSEALL" "$feed"
  lib_t=$BEST_S lib_c=$BEST_CPU lib_m=$PEAK_KB
  got=$(cat "$TMP/libical.out")
  if [[ $got != "$expected" ]]; then
    echo "compare.sh: libical-parse-all counted $got VEVENTs in $name, expected $expected" >&2
    exit 1
  fi
  measure "$TMP/wc.out" wc -l "$feed"
  rows=("wc -l|$BEST_S|$BEST_CPU|$PEAK_KB" "libical-parse-all|$lib_t|$lib_c|$lib_m")

  measure "$TMP/icslanes.out" "$ICSLANES" "$feed" "${ICSLANES_ARGS[@]}"
  check_json "$TMP/icslanes.out" "$name one month"
  one_t=$BEST_S one_c=$BEST_CPU
  rows+=("icslanes $MONTH|$BEST_S|$BEST_CPU|$PEAK_KB")
  SUMMARY+=("$(printf '%-28s one month: %sx faster than libical-parse-all (wall), %sx (cpu); peak %s MiB' \
    "$name" "$(ratio "$lib_t" "$one_t")" "$(ratio "$lib_c" "$one_c")" "$(mib "$PEAK_KB")")")

  if [[ $TWELVE_ALL == 1 || $idx == "$LARGEST" ]] && [[ $name != dense-* ]]; then
    measure "$TMP/icslanes12.out" "$ICSLANES" "$feed" "${TWELVE_ARGS[@]}"
    check_json "$TMP/icslanes12.out" "$name twelve months"
    rows+=("icslanes 12 months|$BEST_S|$BEST_CPU|$PEAK_KB")
    SUMMARY+=("$(printf '%-28s 12 months / one month: %s (wall), %s (cpu)' \
      "$name" "$(ratio "$BEST_S" "$one_t")" "$(ratio "$BEST_CPU" "$one_c")")")
  fi

  for row in "${rows[@]}"; do
    IFS='|' read -r tool t c m <<<"$row"
    printf '%-28s %-20s %8s %8s %9s %10s %9s\n' "$name" "$tool" "$t" "$c" "$(mib "$m")" \
      "$(ratio "$lib_t" "$t")" "$(ratio "$lib_c" "$c")"
  done
done
echo
printf '%s\n' "${SUMMARY[@]}"
