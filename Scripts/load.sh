#!/usr/bin/env bash
# Load on a local icslanes-server with wrk (Debian's wrk), on loopback only.
#
#   Scripts/load.sh [FEED…]
#
# Starts the release icslanes-server (built when missing) on a free 127.0.0.1 port with the
# feeds (default Samples/team.ics and Samples/family.ics), waits for /healthz, runs wrk against
# LOAD_PATH and prints wrk's latency distribution and the server's resident memory before and
# after. The server is stopped at the end (SIGTERM).
#
# Environment: LOAD_PATH (default /api/v1/months/2024-08?tz=UTC), LOAD_CONNECTIONS (64),
# LOAD_THREADS (2), LOAD_DURATION (30s), LOAD_GZIP=1 to ask for gzip, LOAD_SWAP=SECONDS to
# replace the first feed (by rename, with a copy of itself touched) every SECONDS during the run,
# SERVER to use another icslanes-server binary.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
command -v wrk >/dev/null || { echo "load.sh: wrk missing: apt-get install -y wrk" >&2; exit 69; }
server=${SERVER:-$root/.build/release/icslanes-server}
if [ ! -x "$server" ]; then
  (cd "$root" && swift build -c release --product icslanes-server >&2)
fi
if [ $# -eq 0 ]; then set -- "$root/Samples/team.ics" "$root/Samples/family.ics"; fi
path=${LOAD_PATH:-/api/v1/months/2024-08?tz=UTC}
work=$(mktemp -d)
pid=""
swapper=""
cleanup() {
  if [ -n "$swapper" ]; then kill "$swapper" 2>/dev/null || true; fi
  if [ -n "$pid" ]; then kill -TERM "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

feeds=("$@")
if [ -n "${LOAD_SWAP:-}" ]; then
  # The server reads a copy, which the swapper replaces.
  cp "${feeds[0]}" "$work/swapped.ics"
  feeds[0]="$work/swapped.ics"
fi
"$server" serve "${feeds[@]}" --listen 127.0.0.1:0 --no-config --tz UTC --log-level warning \
  2>"$work/server.log" &
pid=$!
port=""
for _ in $(seq 600); do
  port=$(sed -n 's|.*address=http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$work/server.log" | head -n 1)
  if [ -z "$port" ]; then
    # At --log-level warning the address line is not written: ask the kernel.
    port=$(ss -ltnp 2>/dev/null | sed -n "s/.*127.0.0.1:\([0-9]*\) .*pid=$pid,.*/\1/p" | head -n 1)
  fi
  if [ -n "$port" ] && [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/healthz")" = 200 ]; then
    break
  fi
  sleep 0.2
done
[ -n "$port" ] || { echo "load.sh: the server did not start" >&2; cat "$work/server.log" >&2; exit 70; }
rss() { awk '/VmRSS/ {printf "%.1f MiB", $2 / 1024}' "/proc/$pid/status"; }
echo "server pid $pid on port $port; RSS after load: $(rss)"
curl -s "http://127.0.0.1:$port$path" >/dev/null
echo "RSS after a first request: $(rss)"

if [ -n "${LOAD_SWAP:-}" ]; then
  (
    while true; do
      sleep "$LOAD_SWAP"
      cp "${@:1:1}" "$work/next.ics" && touch "$work/next.ics" && mv "$work/next.ics" "$work/swapped.ics"
    done
  ) &
  swapper=$!
fi

headers=()
if [ "${LOAD_GZIP:-0}" = 1 ]; then headers=(-H "Accept-Encoding: gzip"); fi
wrk -t "${LOAD_THREADS:-2}" -c "${LOAD_CONNECTIONS:-64}" -d "${LOAD_DURATION:-30s}" --latency \
  "${headers[@]}" "http://127.0.0.1:$port$path"
echo "RSS after the run: $(rss)"
curl -s "http://127.0.0.1:$port/metrics" \
  | grep -E '^icslanes_http_requests_total|^icslanes_feed_load_duration_seconds_count|^icslanes_feed_refresh_failures_total' \
  | sort
