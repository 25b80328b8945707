#!/usr/bin/env bash
# Builds the DocC documentation of the library modules, failing on any warning (a broken link,
# an unresolved symbol, an ambiguous article name).
set -euo pipefail
cd "$(dirname "$0")/.."
for target in LaneLayout FeedImport IcsLanes; do
  swift package --disable-sandbox generate-documentation --target "$target" --warnings-as-errors
done
