#!/usr/bin/env bash
# Fuzzes import + layout with libFuzzer and AddressSanitizer.
#
#   Scripts/fuzz.sh [SECONDS]        # default 600; one core (-jobs=1)
#   Scripts/fuzz.sh --build-only
#   Scripts/fuzz.sh --replay FILE…   # run single inputs (e.g. a crash-* file) through the target
#
# The target lives in the separate package Fuzz/ so that -sanitize=fuzzer never reaches the
# main package's builds. Each input's first byte picks the month, zone and layout options; the
# rest is the feed. The corpus starts from every .ics under Samples/ (prefixed with a few
# selector bytes) and Fuzz/Seeds/; it grows in Fuzz/.corpus/ (not committed). Crashes land in
# Fuzz/.artifacts/: turn each into a file under Samples/hostile/ and a test.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
FUZZ="$ROOT/Fuzz"
SECONDS_TO_RUN=600
MODE=run
if [ "${1:-}" = "--build-only" ]; then MODE=build; shift; fi
if [ "${1:-}" = "--replay" ]; then MODE=replay; shift; fi
if [ "$MODE" = run ] && [ -n "${1:-}" ]; then SECONDS_TO_RUN="$1"; fi

cd "$FUZZ"
swift build -c debug -Xswiftc -sanitize=fuzzer,address --product FuzzImportLayout
BIN="$(swift build -c debug --show-bin-path -Xswiftc -sanitize=fuzzer,address)/FuzzImportLayout"
[ "$MODE" = build ] && { echo "$BIN"; exit 0; }
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}"
if [ "$MODE" = replay ]; then
  exec "$BIN" -rss_limit_mb=4096 "$@"
fi

CORPUS="$FUZZ/.corpus"
ARTIFACTS="$FUZZ/.artifacts"
mkdir -p "$CORPUS" "$ARTIFACTS"
# Seeds: every sample, behind selector bytes 0x00 (Aug 2024, UTC), 0x11 (no pre-filter,
# Berlin), 0xE0 (Monday, capped lanes, outside days).
while IFS= read -r -d '' sample; do
  name="$(echo "${sample#"$ROOT/"}" | tr '/' '_')"
  for selector in '\x00' '\x11' '\xe0'; do
    tag="$(printf '%s' "$selector" | tr -d '\\')"
    { printf "$selector"; cat "$sample"; } >"$CORPUS/seed-$tag-$name"
  done
done < <(find "$ROOT/Samples" "$FUZZ/Seeds" -name '*.ics' -print0)

# One process on one core (no -jobs), bounded memory and input size; -max_total_time ends the run.
"$BIN" "$CORPUS" -max_total_time="$SECONDS_TO_RUN" -max_len=65536 \
  -rss_limit_mb=4096 -timeout=25 -dict="$FUZZ/ics.dict" -artifact_prefix="$ARTIFACTS/" \
  -print_final_stats=1 2>&1 | tee "$FUZZ/.last-run.log"
