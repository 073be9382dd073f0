#!/usr/bin/env bash
# Day maps drawn from a basemap: `filmroll-bench basemap-map` (release
# build) over the Helsinki PMTiles fixture (TestImages/basemap). One day's
# map, the archive just opened (its tiles read and decoded on the clock):
# the median over RUNS processes (default 5), target ≤ 50 ms. Then 1,000
# days' maps of 3…20 photos each in one process, as a gallery draws them
# (the tiles a city's days share read once): the total, target ≤ 30 s,
# with the median and slowest map and the largest map's bytes (≤ 400 KB).
#
#   Scripts/bench-basemap-map.sh [RUNS]   (default 5, or RUNS=n)
#   DAYS=N                                days in the second run (default 1000)
#   BASEMAP=FILE                          another PMTiles or MBTiles file
#   SCRATCH=DIR                           build in DIR instead of .build
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/bench-common.sh
source Scripts/bench-common.sh
runs=${1:-${RUNS:-5}}
days=${DAYS:-1000}
basemap=${BASEMAP:-TestImages/basemap/helsinki.pmtiles}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "bench-basemap-map: RUNS must be a positive integer, not '$runs'" >&2; exit 2; }
[[ "$days" =~ ^[1-9][0-9]*$ ]] || { echo "bench-basemap-map: DAYS must be a positive integer, not '$days'" >&2; exit 2; }
[[ -f "$basemap" ]] || { echo "bench-basemap-map: no basemap at $basemap" >&2; exit 2; }
scratch=${SCRATCH:-.build}

work=$(mktemp -d "${TMPDIR:-/tmp}/bench-basemap-map.XXXXXX")
trap 'rm -rf "$work"' EXIT
log "building filmroll-bench (swift build -c release --product filmroll-bench)..."
if ! swift build -c release --product filmroll-bench --scratch-path "$scratch" >"$work/build.log" 2>&1; then
  tail -n 5 "$work/build.log" | sed 's/^/  build: /' >&2
  echo "bench-basemap-map: filmroll-bench does not build" >&2
  exit 1
fi
bench=$scratch/release/filmroll-bench

# field LINE PATTERN: the first number PATTERN (a Perl regex with \K) picks in LINE.
field() { grep -oP "$2" <<<"$1" | head -n 1; }
firsts=""
for ((run = 1; run <= runs; run++)); do
  line=$("$bench" basemap-map --days 1 --seed "$run" "$basemap")
  log "  one day, run $run: $line"
  firsts+=" $(field "$line" 'first \K[0-9.]+')"
done
one=$(median <<<"$firsts")
line=$("$bench" basemap-map --days "$days" "$basemap")
log "  $days days: $line"
total=$(field "$line" 'total \K[0-9.]+')
echo
echo "Day maps from $basemap"
printf '%-34s %12s %10s\n' "what" "measured" "target"
printf '%-34s %9s ms %7s ms\n' "one day's map (median of $runs)" "$one" "50"
printf '%-34s %10s s %8s s\n' "$days days' maps" "$total" "30"
printf '%-34s %9s ms\n' "  median map" "$(field "$line" 'median \K[0-9.]+')"
printf '%-34s %9s ms\n' "  slowest map" "$(field "$line" 'slowest \K[0-9.]+')"
printf '%-34s %12s %10s\n' "  largest map (bytes)" "$(field "$line" 'largest \K[0-9]+')" "400000"
