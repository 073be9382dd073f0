#!/usr/bin/env bash
# Basemap reading benchmark: `filmroll-bench basemap` (release build) writes a
# ~100 MB PMTiles archive (COUNT z14 tiles, copies of the Helsinki fixture's
# tiles, with leaf directories of 4,096 entries), then RUNS processes each
# open it and decode READS tiles picked at random (seeded). Prints the median
# time and the peak resident set's growth from before opening: the archive is
# read with pread a directory and a tile at a time, never held whole.
# Target: peak RSS growth ≤ 50 MB.
#
#   Scripts/bench-basemap.sh [RUNS]     (default 3, or RUNS=n)
#   COUNT=N READS=N                     tiles in the archive (default 5400, ~100 MB), tiles read (default 2000)
#   SCRATCH=DIR                         build in DIR instead of .build
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/bench-common.sh
source Scripts/bench-common.sh
runs=${1:-${RUNS:-3}}
count=${COUNT:-5400}
reads=${READS:-2000}
for value in "$runs" "$count" "$reads"; do
  [[ "$value" =~ ^[1-9][0-9]*$ ]] || { echo "bench-basemap: RUNS, COUNT and READS must be positive integers" >&2; exit 2; }
done
scratch=${SCRATCH:-.build}
target_kib=$((50 * 1024))

work=$(mktemp -d "${TMPDIR:-/tmp}/bench-basemap.XXXXXX")
trap 'rm -rf "$work"' EXIT
log "building filmroll-bench (swift build -c release --product filmroll-bench)..."
if ! swift build -c release --product filmroll-bench --scratch-path "$scratch" >"$work/build.log" 2>&1; then
  tail -n 5 "$work/build.log" | sed 's/^/  build: /' >&2
  echo "bench-basemap: filmroll-bench does not build" >&2
  exit 1
fi
bench=$scratch/release/filmroll-bench

"$bench" basemap make TestImages/basemap/helsinki.pmtiles "$work/large.pmtiles" "$count" >&2
size=$(stat -c %s "$work/large.pmtiles")
times="" growths="" line=""
for ((run = 1; run <= runs; run++)); do
  line=$("$bench" basemap read "$work/large.pmtiles" "$count" "$reads" --seed "$run")
  log "  run $run: $line"
  times+="$(grep -oP 'in \K[0-9]+' <<<"$line") "
  growths+="$(grep -oP 'growth \K[0-9]+' <<<"$line") "
done
ms=$(median <<<"$times")
growth=$(median <<<"$growths")
echo
echo "| basemap reading ($(calc '%.1f' "$size / 1048576") MiB PMTiles, $count tiles, $reads read) | median |"
echo "| --- | --- |"
echo "| time to open and decode $reads tiles | $ms ms ($(calc '%.2f' "$ms / $reads") ms a tile) |"
echo "| peak RSS growth | $(calc '%.1f' "$growth / 1024") MiB (target ≤ 50) |"
if ((growth > target_kib)); then
  echo "bench-basemap: peak RSS growth $growth KiB is over the $target_kib KiB target" >&2
  exit 1
fi
