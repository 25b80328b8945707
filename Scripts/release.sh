#!/bin/sh
# Builds the release binary of the icslanes command, tuned for running where no Swift is
# installed: .build/release/icslanes.
#
# - The Swift runtime and Foundation are linked in (-static-stdlib): the binary runs without a
#   Swift toolchain, and each run starts sooner and maps less than with shared libraries.
# - On glibc 2.36 or later, the relocations the linked-in runtime brings are packed (DT_RELR,
#   GNU ld's -z pack-relative-relocs): the loader applies fewer bytes at every start. The binary
#   then needs glibc 2.36 or later; on an older glibc they stay as they are.
#
# Usage: Scripts/release.sh [--shared-runtime] [extra swift build arguments]
#   --shared-runtime  link the Swift runtime and Foundation as shared libraries instead.
set -eu
cd "$(dirname "$0")/.."

static=yes
if [ "${1:-}" = "--shared-runtime" ]; then
  static=no
  shift
fi

set -- -c release --product icslanes "$@"
if [ "$(uname -s)" = Linux ] && [ "$static" = yes ]; then
  set -- "$@" -Xswiftc -static-stdlib
  # "glibc 2.36" -> 2 36
  version=$(getconf GNU_LIBC_VERSION 2>/dev/null | sed -n 's/^glibc \([0-9]*\)\.\([0-9]*\).*/\1 \2/p')
  if [ -n "$version" ]; then
    set -- "$@" $(echo "$version" | awk '$1 > 2 || ($1 == 2 && $2 >= 36) {
      print "-Xswiftc -use-ld=bfd -Xlinker -z -Xlinker pack-relative-relocs" }')
  fi
fi
swift build "$@"
echo "$(swift build "$@" --show-bin-path)/icslanes"
