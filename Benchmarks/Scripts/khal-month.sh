#!/usr/bin/env bash
# One month of a vdir from khal's warm SQLite cache, against icslanes with a warm --index, in
# alternating rounds (wall time and peak RSS from Scripts/timed.py).
#
# Usage: Benchmarks/Scripts/khal-month.sh ICSLANES VDIR [ROUNDS] [MONTH]
# khal 0.14.1 comes from PyPI into a venv outside the repository ($KHAL_VENV, default
# /tmp/venv-khal); its configuration and cache live in a temporary folder.
set -euo pipefail
icslanes=$1 vdir=$(cd "$2" && pwd) rounds=${3:-5} month=${4:-2020-06}
here=$(cd "$(dirname "$0")" && pwd)
venv=${KHAL_VENV:-/tmp/venv-khal}
[ -x "$venv/bin/khal" ] || { python3 -m venv "$venv" && "$venv/bin/pip" install -q khal==0.14.1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/data" "$work/index"
cat >"$work/config" <<EOF
[calendars]
[[bench]]
path = $vdir
[locale]
timeformat = %H:%M
dateformat = %Y-%m-%d
longdateformat = %Y-%m-%d
datetimeformat = %Y-%m-%d %H:%M
longdatetimeformat = %Y-%m-%d %H:%M
local_timezone = UTC
default_timezone = UTC
[sqlite]
path = $work/data/khal.db
EOF
khal=("$venv/bin/khal" -c "$work/config" list "$month-01" 30d)
ours=("$icslanes" "$vdir" --month "$month" --tz UTC --format json --index "$work/index/")
"${khal[@]}" >/dev/null   # fills khal's cache
"${ours[@]}" >/dev/null   # builds the index
# timed.py prints "wall KiB user system" on stderr
echo "round: khal wall s, peak KiB | icslanes wall s, peak KiB | khal / icslanes"
for round in $(seq "$rounds"); do
  k=$(python3 "$here/timed.py" /dev/null "${khal[@]}" 2>&1 >/dev/null)
  i=$(python3 "$here/timed.py" /dev/null "${ours[@]}" 2>&1 >/dev/null)
  read -r kw kk _ <<<"$k"
  read -r iw ik _ <<<"$i"
  echo "$round: $kw $kk | $iw $ik | $(python3 -c "print(f'{$kw / $iw:.1f}')")"
done
