#!/usr/bin/env bash
# Records the public API of the library modules in API/<Module>.txt, so a change to it shows up
# in review as a diff of those files.
#
#   Scripts/api-record.sh          regenerate API/*.txt
#   Scripts/api-record.sh --check  fail (exit 1) when the API differs from API/*.txt, or when a
#                                  public symbol has no doc comment
set -euo pipefail
cd "$(dirname "$0")/.."
swift package dump-symbol-graph --skip-synthesized-members --skip-inherited-docs >/dev/null
graphs="$(swift build --show-bin-path)/../symbolgraph"
if [ "${1:-}" = "--check" ]; then
  fresh="$(mktemp -d)"
  trap 'rm -rf "$fresh"' EXIT
  status=0
  python3 Scripts/api_record.py "$graphs" "$fresh" || status=1
  if ! diff -ru API "$fresh" --exclude=README.md; then
    echo "The public API differs from API/ (diff above). If the change is meant, run Scripts/api-record.sh and commit API/." >&2
    status=1
  fi
  exit $status
fi
python3 Scripts/api_record.py "$graphs" API
echo "API/ updated; review the diff with: git diff API/"
