#!/usr/bin/env bash
# Similar photos, as a user runs the commands (release build, defaults):
#
#   overhead   `filmroll process` on the 48 12 MP photos of the corpus, as
#              it runs by default (fingerprinting every photo from its
#              thumbnail's decode, grouping) against `--no-similar`, in one
#              run, interleaved (the order swapped each round), each timed
#              run cold: a fresh copy without .filmroll/, written out first
#              (sync). Medians of RUNS, their range, and the ratio
#              (target: at most 1.03).
#   100k       `filmroll similar` on the 100,000 small photos of
#              library-100k (Scripts/make-library-corpus.py, as
#              bench-library makes it), copied: the first run indexes and
#              fingerprints them all (timed once); then RUNS runs on the
#              catalogued folder (index with nothing changed, read the
#              fingerprints, group), wall time and peak RSS by GNU time
#              (targets: at most 10 s and 300 MB).
#
#   Scripts/bench-similar.sh [RUNS]   (default 5, or RUNS=n)
#   SIZE=100000                       photos of the library part (library-1k for 1000; 0 skips it)
#   FILMROLL=path/to/filmroll         use this binary (default: swift build -c release)
#   BENCH_CORPUS=dir                  where the corpora are kept (default .bench-corpus)
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/bench-common.sh
source Scripts/bench-common.sh
runs=${1:-${RUNS:-5}}
size=${SIZE:-100000}
corpus=${BENCH_CORPUS:-.bench-corpus}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "bench-similar: RUNS must be a positive integer" >&2; exit 2; }
if [[ ! -d "$corpus/photos12mp" ]]; then python3 ../shared/bench/make-corpus "$corpus"; fi
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-similar.XXXXXX")
trap 'rm -rf "$work"' EXIT
if [[ -n "${FILMROLL:-}" ]]; then
  filmroll=$FILMROLL
else
  log "building filmroll (release)..."
  swift build -c release --product filmroll >/dev/null
  filmroll=$PWD/.build/release/filmroll
fi

fresh() {  # fresh DIR: the 48 photos, no .filmroll, on disk (the copy's writeback is not timed)
  rm -rf "$1" && mkdir -p "$1" && cp "$corpus"/photos12mp/*.jpg "$1"/ && sync
}
timed() {  # timed CMD...: prints seconds
  local start; start=$(now); "$@" >/dev/null; calc %.3f "$(now) - $start"
}
spread() { tr ' ' '\n' | sed '/^$/d' | sort -n | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.2f–%.2f", lo, hi }'; }

log "process on the 48 photos, default against --no-similar, $runs runs each..."
with="" without=""
for ((run = 1; run <= runs; run++)); do
  if ((run % 2)); then
    fresh "$work/a"; without+="$(timed "$filmroll" process "$work/a" --quiet --no-similar) "
    fresh "$work/b"; with+="$(timed "$filmroll" process "$work/b" --quiet) "
  else
    fresh "$work/b"; with+="$(timed "$filmroll" process "$work/b" --quiet) "
    fresh "$work/a"; without+="$(timed "$filmroll" process "$work/a" --quiet --no-similar) "
  fi
done
with_med=$(median <<<"$with") without_med=$(median <<<"$without")
fingerprinted=$(sqlite3 "$work/b/.filmroll/catalog.sqlite" "SELECT count(*) FROM fingerprints" 2>/dev/null || echo "?")
echo
echo "| process, 48 photos (median of $runs) | wall | range |"
echo "| --- | --- | --- |"
echo "| --no-similar | $(calc %.2f "$without_med") s | $(spread <<<"$without") s |"
echo "| default (fingerprints: $fingerprinted) | $(calc %.2f "$with_med") s | $(spread <<<"$with") s |"
echo "| ratio | $(calc %.3f "$with_med / $without_med") | target ≤ 1.03 |"

if [[ "$size" == 0 ]]; then exit 0; fi
library=$corpus/library-$((size / 1000))k
if [[ ! -d "$library" ]]; then
  log "making $library (Scripts/make-library-corpus.py)..."
  python3 Scripts/make-library-corpus.py "$library" "$size"
fi
log "copying $library..."
cp -a "$library" "$work/library"
sync
log "similar, first run (index and fingerprint $size photos)..."
first=$( { /usr/bin/time -f "%e %M" "$filmroll" similar "$work/library" --quiet --json >"$work/first.json"; } 2>&1 | tail -n 1)
walls="" rsss="" groups=""
for ((run = 1; run <= runs; run++)); do
  line=$( { /usr/bin/time -f "%e %M" "$filmroll" similar "$work/library" --quiet --json >"$work/run.json"; } 2>&1 | tail -n 1)
  walls+="${line% *} " rsss+="$(calc %.0f "${line#* } / 1024") "
done
groups=$(python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(len(d["groups"]), d["compared"])' "$work/run.json")
echo
echo "| similar, $size catalogued photos | wall | peak RSS | target |"
echo "| --- | --- | --- | --- |"
echo "| first run: index and fingerprint all | ${first% *} s | $(calc %.0f "${first#* } / 1024") MB | |"
echo "| catalogued (median of $runs; groups, compared: $groups) | $(median <<<"$walls") s ($(spread <<<"$walls")) | $(median <<<"$rsss") MB | ≤ 10 s, ≤ 300 MB |"
