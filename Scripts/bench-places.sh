#!/usr/bin/env bash
# Reverse geocoder benchmark: `filmroll-bench geocode` (release build) times
# COUNT lookups (default 1,000,000) of seeded pseudo-random positions, on one
# thread: nine in ten within ±0.5° of a random city of the data, one in ten
# anywhere on the globe. Each of RUNS processes (default 3) prints the
# median of 5 timed passes; the table gives the median over the processes,
# with the first-use load time, the cities loaded and the index's memory.
# Target: ≥ 100,000 lookups per second.
# Then `filmroll-bench place-names`: PLACES positions (default 10,000) uniform
# in the Helsinki basemap fixture's box named from its places and boundaries
# (`PlaceNamer`, a new namer each pass so the tiles are read afresh), the
# median of 5 passes, median over RUNS processes. Target: ≥ 10,000 names/s.
#
#   Scripts/bench-places.sh [RUNS]     (default 3, or RUNS=n)
#   COUNT=N Scripts/bench-places.sh    lookups per pass
#   SCRATCH=DIR                        build in DIR instead of .build
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/bench-common.sh
source Scripts/bench-common.sh
runs=${1:-${RUNS:-3}}
count=${COUNT:-1000000}
places=${PLACES:-10000}
[[ "$places" =~ ^[1-9][0-9]*$ ]] || { echo "bench-places: PLACES must be a positive integer, not '$places'" >&2; exit 2; }
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "bench-places: RUNS must be a positive integer, not '$runs'" >&2; exit 2; }
[[ "$count" =~ ^[1-9][0-9]*$ ]] || { echo "bench-places: COUNT must be a positive integer, not '$count'" >&2; exit 2; }
scratch=${SCRATCH:-.build}
target=100000

Scripts/install-deps.sh
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-places.XXXXXX")
trap 'rm -rf "$work"' EXIT
log "building filmroll-bench (swift build -c release --product filmroll-bench)..."
if ! swift build -c release --product filmroll-bench --scratch-path "$scratch" >"$work/build.log" 2>&1; then
  tail -n 5 "$work/build.log" | sed 's/^/  build: /' >&2
  echo "bench-places: filmroll-bench does not build" >&2
  exit 1
fi
bench=$scratch/release/filmroll-bench

# field LINE PATTERN: the first number PATTERN (a Perl regex with \K) picks in LINE.
field() { grep -oP "$2" <<<"$1" | head -n 1; }
rates="" loads="" line=""
for ((run = 1; run <= runs; run++)); do
  line=$("$bench" geocode --count "$count" --repeat 5)
  log "  run $run: $line"
  rates+="$(field "$line" '[0-9.]+(?= positions/s)') "
  loads+="$(field "$line" 'loaded in \K[0-9.]+') "
done
names="" neighbourhoods=""
for ((run = 1; run <= runs; run++)); do
  named_line=$("$bench" place-names --basemap TestImages/basemap/helsinki.pmtiles --box 24.9351762,60.164155,24.9534145,60.179113 \
    --count "$places" --repeat 5 --seed "$run")
  log "  place names, run $run: $named_line"
  names+="$(field "$named_line" '[0-9.]+(?= names/s)') "
  neighbourhoods+="$(field "$named_line" '[0-9.]+(?=% with a neighbourhood)') "
done
name_rate=$(median <<<"$names")

rate=$(median <<<"$rates")
load=$(median <<<"$loads")
cities=$(field "$line" '[0-9]+(?= cities)')
index=$(field "$line" 'index \K[0-9.]+')
resident=$(field "$line" 'resident growth at load \K[0-9.]+')
named=$(field "$line" '[0-9.]+(?=% named)')
cpu=$(grep -m 1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')

echo
echo "### Reverse geocoder: $count lookups per pass, 1 thread"
echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $cpu; median of $runs processes × median of 5 passes."
echo
echo "| positions/s | µs per lookup | cities | first-use load ms | index MB | RSS growth at load MB | named % | target ≥ $target/s |"
echo "|---|---|---|---|---|---|---|---|"
echo "| $(calc %.0f "$rate") | $(calc %.3f "1000000 / $rate") | $cities | $load | $index | $resident | $named |" \
  "$(awk "BEGIN { exit !($rate >= $target) }" && echo PASS || echo FAIL) |"

echo
echo "### Place names over a basemap: $places positions in central Helsinki (helsinki.pmtiles) per pass, 1 thread"
echo
echo "| names/s | µs per name | with a neighbourhood % | target ≥ 10000/s |"
echo "|---|---|---|---|"
echo "| $(calc %.0f "$name_rate") | $(calc %.1f "1000000 / $name_rate") | $(median <<<"$neighbourhoods") |" \
  "$(awk "BEGIN { exit !($name_rate >= 10000) }" && echo PASS || echo FAIL) |"
