#!/usr/bin/env bash
# Fuzzes icslanes with libFuzzer and AddressSanitizer, release build (-O).
#
#   Scripts/fuzz.sh [--target T] [--runs N | --seconds S] [--seeds DIR]… [-- libFuzzer flags]
#   Scripts/fuzz.sh --build-only [--target T]
#   Scripts/fuzz.sh --replay [--target T] FILE…   # run single inputs (crash-* files) again
#
# Targets (T): scanner  the byte scan and month pre-filter alone, no libical (FuzzScanner)
#              import   import + layout + JSON, text, HTML and agenda renderers (FuzzImportLayout, default)
#              command  the command's arguments and COLUMNS/TZ/NO_COLOR (FuzzCommandLine)
#
# The targets live in the separate package Fuzz/ so that -sanitize=fuzzer never reaches the
# main package's builds. Seeds: every .ics under Samples/ and Fuzz/Seeds/ behind selector
# bytes, plus each --seeds DIR (e.g. ../shared/corpus/files: read at run time, never copied
# into the repository). The corpus grows in Fuzz/.corpus-T/ and crashes land in
# Fuzz/.artifacts-T/ (neither committed): turn each into a file under Samples/hostile/ and a test.
# Default run: 600 s on one core; run one campaign at a time (prefix with nice -n 10).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
FUZZ="$ROOT/Fuzz"
MODE=run
TARGET=import
LIMIT=(-max_total_time=600)
SEED_DIRS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --build-only) MODE=build ;;
    --replay) MODE=replay ;;
    --target) TARGET="$2"; shift ;;
    --runs) LIMIT=(-runs="$2"); shift ;;
    --seconds) LIMIT=(-max_total_time="$2"); shift ;;
    --seeds) SEED_DIRS+=("$(cd "$2" && pwd)"); shift ;;
    --) shift; break ;;
    *) [ "$MODE" = replay ] && break; echo "unknown argument: $1" >&2; exit 64 ;;
  esac
  shift
done
case "$TARGET" in
  scanner) PRODUCT=FuzzScanner ;;
  import) PRODUCT=FuzzImportLayout ;;
  command) PRODUCT=FuzzCommandLine ;;
  *) echo "unknown target: $TARGET (scanner, import or command)" >&2; exit 64 ;;
esac

cd "$FUZZ"
# The command target compiles the command's own sources, without their @main attribute.
GENERATED="$FUZZ/Sources/FuzzCommandLine/Command"
rm -rf "$GENERATED" && mkdir -p "$GENERATED"
for file in "$ROOT"/Sources/IcsLanesCommand/*.swift; do
  sed -e "s/^@main$//" -e "s/^import \(FeedImport\|IcsLanes\)$/@testable import \1/" "$file" >"$GENERATED/$(basename "$file")"
done
# -enable-testing: FuzzScanner reaches FeedImport's internal scan through @testable import.
# lld: gold fails on this release + ASan link.
FLAGS=(-c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing -Xswiftc -use-ld=lld)
# The main package is a path dependency: SwiftPM's cached build plan does not see a source file
# added to it ("cannot find 'CurlTransfer' in scope"), so the plan is made again each time.
rm -f "$FUZZ/.build/release.yaml"
swift build "${FLAGS[@]}" --product "$PRODUCT"
BIN="$(swift build "${FLAGS[@]}" --show-bin-path)/$PRODUCT"
[ "$MODE" = build ] && { echo "$BIN"; exit 0; }
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}"
# -detect_leaks=0: leaks are not checked (ASAN_OPTIONS above); without it libFuzzer still runs
# every input whose mallocs and frees differ a second time, looking for one (a tenth of the time).
COMMON=(-rss_limit_mb=2048 -timeout=2 -max_len=65536 -detect_leaks=0 -dict="$FUZZ/ics.dict")
if [ "$MODE" = replay ]; then
  exec "$BIN" "${COMMON[@]}" "$@"
fi

CORPUS="$FUZZ/.corpus-$TARGET"
SEEDS="$FUZZ/.seeds-$TARGET"
ARTIFACTS="$FUZZ/.artifacts-$TARGET"
rm -rf "$SEEDS"
mkdir -p "$CORPUS" "$SEEDS" "$ARTIFACTS"
if [ "$TARGET" = command ]; then
  # Fields separated by NUL: COLUMNS, TZ, NO_COLOR (empty: unset), then the arguments.
  i=0
  while IFS= read -r line; do
    printf '%b' "$line" >"$SEEDS/seed-$i"; i=$((i + 1))
  done <<'SEED'
\0\0\0feed.ics\0--month\0002024-08
100\0Europe/Berlin\0\0feed.ics\0--month\0002024-08\0--width\00040\0--format\0json
9223372036854775807\0Mars/Olympus\0001\0-\0--month\0009999-12\0--months\0001200\0--tz\0UTC
-5\0\0\0feed.ics\0--month\0002024-08\0--max-lanes\0-1\0--week-start\0monday\0--locale\0ja_JP
\0UTC\0\0feed.ics\0--month\0002024-08\0--today\0002024-08-05\0--color\0always\0--sticky-lanes\0--outside-days
SEED
else
  # Selector bytes: scanner 0x00 no window, 0x01 Aug 2024, 0x83 and 0xC4 Aug 2024 with the scan
  # also cut at 1/2 and 3/4 (compared with the whole scan); import 0x00 (Aug 2024, UTC),
  # 0x11 (no pre-filter, Berlin), 0xE0 (Monday, capped lanes, outside days).
  if [ "$TARGET" = scanner ]; then SELECTORS=('\x00' '\x01' '\x83' '\xc4'); else SELECTORS=('\x00' '\x11' '\xe0'); fi
  n=0
  while IFS= read -r -d '' sample; do
    n=$((n + 1))
    for selector in "${SELECTORS[@]}"; do
      { printf "$selector"; head -c 65535 "$sample"; } >"$SEEDS/seed-$n-$(printf '%s' "$selector" | tr -d '\\')"
    done
  done < <(find "$ROOT/Samples" "$FUZZ/Seeds" ${SEED_DIRS[@]+"${SEED_DIRS[@]}"} -type f -print0)
fi

# One process on one core, bounded memory and input size.
"$BIN" "$CORPUS" "$SEEDS" "${LIMIT[@]}" "${COMMON[@]}" -artifact_prefix="$ARTIFACTS/" \
  -print_final_stats=1 "$@" 2>&1 | tee "$FUZZ/.last-run-$TARGET.log"
