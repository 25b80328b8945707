#!/bin/sh
# Renders a sample month as HTML with icslanes and photographs it with headless Chromium.
#
#   Scripts/screenshot.sh [OUT.png] [icslanes arguments…]
#
# Default: Samples/family.ics + Samples/team.ics, August 2024, Europe/Berlin, --max-lanes 3,
# today 2024-08-15, written to /tmp/icslanes-month.png (the page itself beside it, .html).
# Needs Debian's chromium and fonts-noto-cjk (or Japanese titles render as boxes):
#   apt-get install -y chromium fonts-noto-cjk
#
# Environment: SHOT_SIZE=W,H (default 1280,1000; 400,900 for a phone), SHOT_DARK=1 for
# prefers-color-scheme: dark, SHOT_PDF=1 to print the page to OUT.pdf instead (the print
# stylesheet; `pdftoppm -png OUT.pdf OUT` turns its sheets into pictures), SHOT_TARGET=ID to open
# the page at #ID (a day's list `d-2024-08-2024-08-15`, a detail card `e-2024-08-3`: what a
# click on `+k more` or on a bar opens).
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-/tmp/icslanes-month.png}
[ $# -gt 0 ] && shift
page=${out%.png}.html

browser=""
for candidate in chromium chromium-browser google-chrome; do
  if command -v "$candidate" >/dev/null 2>&1; then browser=$candidate; break; fi
done
if [ -z "$browser" ]; then
  echo "screenshot.sh: no chromium found; apt-get install -y chromium fonts-noto-cjk" >&2
  exit 69
fi

binary="$root/.build/debug/icslanes"
if [ ! -x "$binary" ]; then
  (cd "$root" && swift build --product icslanes >&2)
fi

if [ $# -eq 0 ]; then
  set -- "$root/Samples/family.ics" "$root/Samples/team.ics" --month 2024-08 \
    --tz Europe/Berlin --max-lanes 3 --today 2024-08-15
fi
"$binary" "$@" --format html >"$page"

# A throwaway profile, so the run never touches a user's browser state.
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
set -- --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$profile" \
  --window-size="${SHOT_SIZE:-1280,1000}"
if [ "${SHOT_DARK:-0}" = 1 ]; then set -- "$@" --force-dark-mode --blink-settings=preferredColorScheme=0; fi
if [ "${SHOT_PDF:-0}" = 1 ]; then
  "$browser" "$@" --no-pdf-header-footer --print-to-pdf="${out%.png}.pdf" "file://$page" >/dev/null 2>&1
  echo "${out%.png}.pdf"
else
  "$browser" "$@" --screenshot="$out" "file://$page${SHOT_TARGET:+#$SHOT_TARGET}" >/dev/null 2>&1
  echo "$out"
fi
