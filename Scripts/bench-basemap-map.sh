#!/usr/bin/env bash
# Day maps drawn from a basemap: `filmroll-bench basemap-map` (release
# build) over the Helsinki PMTiles fixture (TestImages/basemap). One day's
# map, the archive just opened (its tiles read and decoded on the clock):
# the median over RUNS processes (default 5), target ≤ 50 ms. Then 1,000
# days' maps of 3…20 photos each in one process, as a gallery draws them
# (the tiles a city's days share read once): the total, target ≤ 30 s,
# with the median and slowest map and the largest map's bytes (≤ 400 KB).
# Then the streets against a reference: the fixture walk's map and SAMPLES
# days' maps (default 20) written with their frames, and the named streets
# reaching each frame counted from the tiles by Scripts/count-named-streets.py
# (PyPI's mapbox-vector-tile and pmtiles, in a venv under /tmp: STREETS_VENV,
# made when missing; skipped when pip cannot install them), each looked for
# as text in the SVG: "named streets in frame: N, labelled: M" (target: all).
#
#   Scripts/bench-basemap-map.sh [RUNS]   (default 5, or RUNS=n)
#   DAYS=N                                days in the second run (default 1000)
#   BASEMAP=FILE                          another PMTiles or MBTiles file
#   SCRATCH=DIR                           build in DIR instead of .build
#   SAMPLES=N                             days' maps checked for street names (default 20)
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

samples=${SAMPLES:-20}
venv=${STREETS_VENV:-/tmp/filmroll-streets-venv}
if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c 'import mapbox_vector_tile, pmtiles' 2>/dev/null; then
  log "installing mapbox-vector-tile and pmtiles into $venv..."
  { python3 -m venv "$venv" && "$venv/bin/pip" install --quiet mapbox-vector-tile pmtiles; } >"$work/pip.log" 2>&1 || true
fi
if "$venv/bin/python" -c 'import mapbox_vector_tile, pmtiles' 2>/dev/null; then
  mkdir -p "$work/samples"
  "$bench" basemap-map --write-samples "$work/samples" --days "$samples" "$basemap" >/dev/null
  "$venv/bin/python" Scripts/count-named-streets.py "$basemap" "$work/samples" >"$work/streets.txt" || true
  grep -v '^named streets' "$work/streets.txt" | sed 's/^/  /' >&2
  counts=$(tail -n 1 "$work/streets.txt")
  echo "$counts (the walk and $samples days' maps)"
  printf '%-34s %12s %10s\n' "  named streets labelled" "$(field "$counts" 'labelled: \K[0-9]+') / $(field "$counts" 'frame: \K[0-9]+')" "all"
else
  echo "streets against the tiles: skipped (mapbox-vector-tile and pmtiles could not be installed into $venv)"
fi
