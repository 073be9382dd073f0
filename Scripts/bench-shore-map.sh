#!/usr/bin/env bash
# Day maps drawn without a basemap, from GSHHG's full-resolution shorelines
# (Debian's gmt-gshhg-full): `filmroll-bench shore-map` (release build).
# One day's map at Helsinki, Seoul, the Stockholm archipelago and Lake
# Geneva, each in a fresh process (the shoreline file opened, its bins read
# and drawn on the clock): the median over RUNS processes (default 5),
# target ≤ 50 ms. Then DAYS days' maps about those places in one process,
# as a gallery draws them: the total, the median and slowest map, the
# largest map's bytes (≤ 400 KB). Skips, saying so, when GSHHG is not installed.
#
#   Scripts/bench-shore-map.sh [RUNS]   (default 5, or RUNS=n)
#   DAYS=N                              days in the second run (default 1000)
#   SCRATCH=DIR                         build in DIR instead of .build
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/bench-common.sh
source Scripts/bench-common.sh
runs=${1:-${RUNS:-5}}
days=${DAYS:-1000}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "bench-shore-map: RUNS must be a positive integer, not '$runs'" >&2; exit 2; }
[[ "$days" =~ ^[1-9][0-9]*$ ]] || { echo "bench-shore-map: DAYS must be a positive integer, not '$days'" >&2; exit 2; }
if [[ ! -r /usr/share/gmt-gshhg/binned_GSHHS_f.nc ]]; then
  echo "bench-shore-map: GSHHG is not installed (/usr/share/gmt-gshhg/binned_GSHHS_f.nc; Debian's gmt-gshhg-full): skipped"
  exit 0
fi
scratch=${SCRATCH:-.build}

work=$(mktemp -d "${TMPDIR:-/tmp}/bench-shore-map.XXXXXX")
trap 'rm -rf "$work"' EXIT
log "building filmroll-bench (swift build -c release --product filmroll-bench)..."
if ! swift build -c release --product filmroll-bench --scratch-path "$scratch" >"$work/build.log" 2>&1; then
  tail -n 5 "$work/build.log" | sed 's/^/  build: /' >&2
  echo "bench-shore-map: filmroll-bench does not build" >&2
  exit 1
fi
bench=$scratch/release/filmroll-bench

# field LINE PATTERN: the first number PATTERN (a Perl regex with \K) picks in LINE.
field() { grep -oP "$2" <<<"$1" | head -n 1; }
places=(helsinki seoul stockholm geneva)
declare -A times bytes
for ((run = 1; run <= runs; run++)); do
  for place in "${places[@]}"; do
    line=$("$bench" shore-map --place "$place")
    log "  $place, run $run: $line"
    times[$place]+=" $(field "$line" "$place \\K[0-9.]+")"
    bytes[$place]=$(field "$line" ', \K[0-9]+(?= bytes)')
  done
done
line=$("$bench" shore-map --days "$days")
log "  $days days: $line"
echo
echo "Day maps without a basemap (GSHHG full resolution), release build"
printf '%-44s %12s %10s\n' "what" "measured" "target"
for place in "${places[@]}"; do
  printf '%-44s %9s ms %7s ms\n' "one day's map, $place (median of $runs)" "$(median <<<"${times[$place]}")" "50"
  printf '%-44s %12s %10s\n' "  its bytes" "${bytes[$place]}" "400000"
done
printf '%-44s %10s s\n' "$days days' maps in one run" "$(field "$line" 'total \K[0-9.]+')"
printf '%-44s %9s ms %7s ms\n' "  first map" "$(field "$line" 'first \K[0-9.]+')" "50"
printf '%-44s %9s ms %7s ms\n' "  median map" "$(field "$line" 'median \K[0-9.]+')" "50"
printf '%-44s %9s ms\n' "  slowest map" "$(field "$line" 'slowest \K[0-9.]+')"
printf '%-44s %12s %10s\n' "  largest map (bytes)" "$(field "$line" 'largest \K[0-9]+')" "400000"
