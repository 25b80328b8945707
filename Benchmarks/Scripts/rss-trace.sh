#!/usr/bin/env bash
# The peak RSS of a run and its course: where in a run memory peaks (the load, the layouts).
# Usage: Benchmarks/Scripts/rss-trace.sh .build/release/icslanes FEED --month 2020-01 --months 12 --format json
# rss-trace.sh CMD...: runs CMD (stdout to /dev/null), samples VmRSS every 20 ms; prints the peak
# and the trace (ms, MB) thinned to ~40 lines.
"$@" >/dev/null 2>/dev/null & pid=$!
t0=$(date +%s%N); out=$(mktemp)
while kill -0 $pid 2>/dev/null; do
  r=$(awk '/VmRSS/{print $2}' /proc/$pid/status 2>/dev/null); [ -n "$r" ] && echo "$(( ($(date +%s%N)-t0)/1000000 )) $((r/1024))" >> $out
  sleep 0.02
done
wait $pid
n=$(wc -l < $out); step=$(( n/40 + 1 ))
awk -v s=$step 'NR%s==0{printf "%s:%s ", $1, $2} {if($2>m){m=$2;t=$1}} END{print "\npeak " m " MB at " t " ms"}' $out
