#!/usr/bin/env bash
# Runs Filmroll's tests: installs missing Debian packages, builds, tests.
# The conformance suites in ../shared/testdata are used when present.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-deps.sh --tests
swift build --build-tests
swift test --skip-build "$@"
