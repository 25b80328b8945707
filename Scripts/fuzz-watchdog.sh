#!/usr/bin/env bash
# Kills the fork-mode children of a libFuzzer campaign that stopped using CPU: a child whose
# timeout fires inside malloc can deadlock (Fuzz/README.md), and the parent then waits for it
# for ever. The parent counts a killed child and goes on.
#
#   Scripts/fuzz-watchdog.sh FuzzImportLayout &    # while a -fork=N campaign of that target runs
#
# A child is a process of the target whose arguments name -seed_inputs (the parent's do not);
# one whose CPU time has not moved over three checks 20 s apart is killed with SIGKILL. The
# script ends when no process of the target is left.
set -u
name="${1:?usage: fuzz-watchdog.sh TARGET (FuzzImportLayout, FuzzScanner, FuzzCommandLine)}"
comm="${name:0:15}" # the kernel keeps 15 characters of a process name
declare -A last stuck
while pgrep -x "$comm" >/dev/null; do
  for pid in $(pgrep -x "$comm"); do
    tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q -- "-seed_inputs" || continue
    cpu=$(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null) || continue
    if [ "${last[$pid]:-}" = "$cpu" ]; then stuck[$pid]=$((${stuck[$pid]:-0} + 1)); else stuck[$pid]=0; fi
    last[$pid]=$cpu
    if [ "${stuck[$pid]}" -ge 3 ]; then
      echo "$(date +%T) killing stuck child $pid (CPU ticks $cpu)"
      kill -9 "$pid"
    fi
  done
  sleep 20
done
