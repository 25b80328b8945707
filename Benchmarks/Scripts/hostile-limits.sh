#!/usr/bin/env bash
# Runs a release icslanes over every file of Samples/hostile/ in every output format and prints,
# per run, wall seconds, user seconds, peak RSS (MB), output bytes and exit code, from
# /usr/bin/time -v. Issue 11's limit: every input under 1 MB finishes under 1 s and 200 MB.
#
# Usage: Benchmarks/Scripts/hostile-limits.sh [BIN] [extra icslanes args...]
#   BIN defaults to .build/release/icslanes. Each file is laid out for 2024-08 and 9999-12
#   (the end of the range, where every long occurrence reaches) in UTC.
# Environment: FILES="a.ics b.ics" to run only those files of Samples/hostile/;
#   MONTHS="2024-08 9999-12"; FORMATS="text json html agenda".
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BIN=${1:-$ROOT/.build/release/icslanes}
shift || true
FILES=${FILES:-$(cd "$ROOT/Samples/hostile" && ls *.ics)}
MONTHS=${MONTHS:-2024-08 9999-12}
FORMATS=${FORMATS:-text json html agenda}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export HOME=/nonexistent XDG_CONFIG_HOME=/nonexistent NO_COLOR=1 COLUMNS=120
printf '%-28s %-8s %-7s %7s %7s %8s %12s %3s\n' file month format wall_s user_s rss_MB out_bytes rc
for file in $FILES; do
  for month in $MONTHS; do
    for format in $FORMATS; do
      /usr/bin/time -v -o "$TMP/time" "$BIN" "$ROOT/Samples/hostile/$file" --month "$month" \
        --tz UTC --format "$format" --no-config "$@" >"$TMP/out" 2>/dev/null
      rc=$?
      wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,p,":"); s=0; for(i=1;i<=n;i++) s=s*60+p[i]; print s}' "$TMP/time")
      user=$(awk -F': ' '/User time/ {print $2}' "$TMP/time")
      rss=$(awk -F': ' '/Maximum resident/ {printf "%.0f", $2/1024}' "$TMP/time")
      printf '%-28s %-8s %-7s %7.2f %7.2f %8s %12s %3s\n' "$file" "$month" "$format" "$wall" "$user" \
        "$rss" "$(stat -c %s "$TMP/out")" "$rc"
    done
  done
done
