#!/bin/sh
# Compares the rule expander with libical's iterator on every RRULE of a folder of feeds
# (default: the shared corpus) and of Samples/, and on RULE_DIFF_COUNT random rules (default 100000).
set -e
cd "$(dirname "$0")/.."
RULE_DIFF_SAMPLES=1 RULE_DIFF_FEEDS="${1:-/work/shared/corpus/files}" RULE_DIFF_COUNT="${RULE_DIFF_COUNT:-100000}" \
  swift test --filter RuleExpanderDifferentialTests
