#!/usr/bin/env bash
# Builds the DocC documentation of the library modules, failing on any warning (a broken link,
# an unresolved symbol, an ambiguous article name), and on a source path Docs/architecture.md
# names that does not exist.
set -euo pipefail
cd "$(dirname "$0")/.."
for target in LaneLayout FeedScan FeedImport IcsLanes; do
  swift package --disable-sandbox generate-documentation --target "$target" --warnings-as-errors
done
# Every source file the architecture page names exists: files move between stages and targets.
missing=0
for path in $(grep -ohE 'Sources/[A-Za-z0-9_/+]+\.swift' Docs/architecture.md | sort -u); do
  [ -f "$path" ] || { echo "Docs/architecture.md names a missing file: $path" >&2; missing=1; }
done
exit "$missing"
