#!/usr/bin/env bash
# Four-cut benchmark: a 600 dpi 4×6 print (two strips, 2400×3600) from four
# 12 MP photos of the benchmark corpus, with a caption, JPEG q92.
# Median wall time of RUNS runs (default 5) and peak memory; target < 0.5 s
# on 2 cores.
#
#   Scripts/bench-fourcut.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-${RUNS:-5}}
corpus=${BENCH_CORPUS:-.bench-corpus}
Scripts/install-deps.sh --bench
if [[ ! -d "$corpus/photos12mp" ]]; then
  python3 -c 'import numpy, PIL' 2>/dev/null || python3 -m pip install --quiet numpy pillow
  python3 ../shared/bench/make-corpus "$corpus"
fi
swift build -c release --product filmroll >/dev/null
filmroll=.build/release/filmroll
mapfile -t photos < <(find "$corpus/photos12mp" -name '*.jpg' | sort | head -n 4)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat "${photos[@]}" > /dev/null   # warm the page cache

sheet=("$filmroll" fourcut "${photos[@]}" -o "$work/print.jpg" --print 4x6 --dpi 600 --title "Filmroll")
peak=$(/usr/bin/time -f %M "${sheet[@]}" 2>&1 >/dev/null | tail -1)
times=()
for ((run = 1; run <= runs; run++)); do
  start=$(date +%s.%N)
  "${sheet[@]}"
  times+=("$(echo "$(date +%s.%N) - $start" | bc)")
done
median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
size=$("$filmroll" info "$work/print.jpg")
echo "four-cut 4×6 print at 600 dpi from 4 × 12 MP JPEGs ($(nproc) cores): ${size#*: }"
printf '| case | wall s median | runs | peak RSS MB | target |\n|---|---|---|---|---|\n'
printf '| fourcut --print 4x6 --dpi 600 | %.3f | %s | %d | < 0.5 s: %s |\n' "$median" "${times[*]}" $((peak / 1024)) \
  "$(echo "$median < 0.5" | bc | sed 's/1/PASS/;s/0/FAIL/')"
