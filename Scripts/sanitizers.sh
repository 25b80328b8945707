#!/usr/bin/env bash
# Memory checks:
#   1. the test suite under AddressSanitizer (leak checking on, with Scripts/lsan.supp), in
#      its own build folder (.build-asan);
#   2. the command under valgrind (memcheck, full leak check) over every sample, text and JSON;
#   3. (only when asked) the concurrency tests under ThreadSanitizer, in .build-tsan.
#
#   Scripts/sanitizers.sh            # both
#   Scripts/sanitizers.sh asan       # only 1  (extra arguments go to swift test, e.g. --filter X)
#   Scripts/sanitizers.sh valgrind   # only 2
#   Scripts/sanitizers.sh tsan       # only 3 (extra arguments go to swift test)
#
# Valgrind's report for each run lands in .build/valgrind/; the script prints one summary line
# per run and exits 1 when a run has errors or "definitely lost" bytes.
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
WHAT="${1:-all}"
[ $# -gt 0 ] && shift
STATUS=0

if [ "$WHAT" = all ] || [ "$WHAT" = asan ]; then
  echo "== swift test under AddressSanitizer (.build-asan)"
  export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:halt_on_error=1}"
  # Leaks of XCTest's runner and of Foundation's Process are not ours (see the file).
  export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$ROOT/Scripts/lsan.supp:print_suppressions=1}"
  swift test --scratch-path .build-asan --sanitize=address "$@" || STATUS=1
fi

if [ "$WHAT" = tsan ]; then
  echo "== concurrency tests under ThreadSanitizer (.build-tsan)"
  # Known false reports (Synchronization.Mutex, which TSan cannot see): see the file.
  export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1:suppressions=$PWD/Scripts/tsan-suppressions.txt}"
  swift test --scratch-path .build-tsan --sanitize=thread \
    --filter 'ConcurrencyTests|LoadPipelineTests|OverlapEquivalenceTests' "$@" || STATUS=1
fi

if [ "$WHAT" = all ] || [ "$WHAT" = valgrind ]; then
  echo "== icslanes under valgrind over every sample"
  swift build --product icslanes >/dev/null || exit 1
  BIN="$(swift build --show-bin-path)/icslanes"
  OUT=.build/valgrind
  mkdir -p "$OUT"
  while IFS= read -r -d '' sample; do
    for format in text json; do
      name="$(echo "${sample#Samples/}" | tr '/' '_')-$format"
      valgrind --tool=memcheck --leak-check=full --show-leak-kinds=definite,indirect \
        --errors-for-leak-kinds=definite --error-exitcode=99 --log-file="$OUT/$name.log" \
        "$BIN" "$sample" --month 2024-08 --tz Europe/Berlin --format "$format" --stats \
        >/dev/null 2>&1
      code=$?
      errors="$(grep -a 'ERROR SUMMARY' "$OUT/$name.log" | sed 's/^==[0-9]*== //')"
      lost="$(grep -a 'definitely lost:' "$OUT/$name.log" | sed 's/^==[0-9]*== *//')"
      echo "$sample ($format): exit $code; $errors; ${lost:-definitely lost: 0 bytes}"
      [ "$code" = 99 ] && STATUS=1
    done
  done < <(find Samples -name '*.ics' -print0 | sort -z)
fi
exit $STATUS
