#!/bin/sh
# Renders a sample month as HTML with icslanes and photographs it with headless Chromium.
#
#   Scripts/screenshot.sh [OUT.png] [icslanes arguments…]
#   Scripts/screenshot.sh --served [OUT.png] [icslanes-server arguments…]
#
# With --served, icslanes-server serves the feeds on a free loopback port and the page at
# SHOT_PATH (default /2024-08?tz=Europe/Berlin) is photographed, navigation and all; the
# server is stopped afterwards.
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
served=0
if [ "${1:-}" = "--served" ]; then served=1; shift; fi
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

# A throwaway profile, so the run never touches a user's browser state.
profile=$(mktemp -d)
server_pid=""
trap 'rm -rf "$profile"; if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi' EXIT

if [ "$served" = 1 ]; then
  binary="$root/.build/debug/icslanes-server"
  if [ ! -x "$binary" ]; then
    (cd "$root" && swift build --product icslanes-server >&2)
  fi
  if [ $# -eq 0 ]; then
    set -- "$root/Samples/family.ics" "$root/Samples/team.ics" --tz Europe/Berlin
  fi
  log="$profile/server.log"
  "$binary" serve "$@" --listen 127.0.0.1:0 --no-config 2>"$log" &
  server_pid=$!
  port=""
  for _ in $(seq 100); do
    port=$(sed -n 's|.*address=http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$log" | head -n 1)
    [ -n "$port" ] && curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
    sleep 0.1
  done
  if [ -z "$port" ]; then
    echo "screenshot.sh: the server did not start:" >&2
    cat "$log" >&2
    exit 70
  fi
  target="http://127.0.0.1:$port${SHOT_PATH:-/2024-08?tz=Europe/Berlin}"
  curl -s "$target" >"$page"
else
  binary="$root/.build/debug/icslanes"
  if [ ! -x "$binary" ]; then
    (cd "$root" && swift build --product icslanes >&2)
  fi
  if [ $# -eq 0 ]; then
    set -- "$root/Samples/family.ics" "$root/Samples/team.ics" --month 2024-08 \
      --tz Europe/Berlin --max-lanes 3 --today 2024-08-15
  fi
  "$binary" "$@" --format html >"$page"
  target="file://$page"
fi

set -- --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$profile" \
  --window-size="${SHOT_SIZE:-1280,1000}"
if [ "${SHOT_DARK:-0}" = 1 ]; then set -- "$@" --force-dark-mode --blink-settings=preferredColorScheme=0; fi
if [ "${SHOT_PDF:-0}" = 1 ]; then
  "$browser" "$@" --no-pdf-header-footer --print-to-pdf="${out%.png}.pdf" "$target" >/dev/null 2>&1
  echo "${out%.png}.pdf"
else
  "$browser" "$@" --screenshot="$out" "$target${SHOT_TARGET:+#$SHOT_TARGET}" >/dev/null 2>&1
  echo "$out"
fi
