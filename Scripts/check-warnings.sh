#!/usr/bin/env bash
# Fails on any warning in a build of Filmroll's own code, sources and tests.
# Builds with warnings as errors (Swift and C) in a folder of its own, so the
# normal build is untouched; a re-run recompiles only what changed, and a file
# that warned never compiled, so the cache hides no warning. The first run is
# a whole build (minutes); later ones take seconds. There are no package
# dependencies, so every warning is Filmroll's.
#
#   Scripts/check-warnings.sh [debug|release|all]      (default all)
set -euo pipefail
cd "$(dirname "$0")/.."
which=${1:-all}
strict=(-Xswiftc -warnings-as-errors -Xcc -Werror)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
check() {
  echo "check-warnings: swift build $*" >&2
  if ! swift build "$@" "${strict[@]}" 2>&1 | tee "$log"; then
    echo "check-warnings: the build failed (a warning is an error here)" >&2
    exit 1
  fi
  # SwiftPM's own warnings (an unhandled file, a missing folder) are no compiler's errors.
  if grep -q 'warning:' "$log"; then
    echo "check-warnings: warnings above" >&2
    exit 1
  fi
}
if [[ $which == debug || $which == all ]]; then
  check --build-tests --scratch-path .build-warnings
fi
if [[ $which == release || $which == all ]]; then
  check -c release --scratch-path .build-warnings
fi
echo "check-warnings: no warnings" >&2
