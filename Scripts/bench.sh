#!/usr/bin/env bash
# Decode benchmark: Filmroll's shrink-on-load decode (1/8 DCT scale,
# orientation applied) against `djpeg -scale 1/8` on the same 48 photos,
# in the same run, both using 2 cores. Prints medians and the ratio.
#
#   Scripts/bench.sh [RUNS]          (default 5 runs each, interleaved)
#
# The corpus is built once by ../shared/bench/make-corpus into .bench-corpus/.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
corpus=${BENCH_CORPUS:-.bench-corpus}
Scripts/install-deps.sh --bench
if [[ ! -d "$corpus/photos12mp" ]]; then
  [[ -f ../shared/bench/make-corpus ]] || { echo "bench: ../shared/bench/make-corpus not found" >&2; exit 1; }
  python3 -c 'import numpy, PIL' 2>/dev/null || python3 -m pip install --quiet numpy pillow
  python3 ../shared/bench/make-corpus "$corpus"
fi
swift build -c release --product filmroll-bench >/dev/null
bench=.build/release/filmroll-bench
mapfile -d '' files < <(find "$corpus/photos12mp" -name '*.jpg' -print0 | sort -z)
echo "corpus: ${#files[@]} files in $corpus/photos12mp ($(nproc) cores)"

now() { date +%s.%N; }
time_djpeg() {
  local start; start=$(now)
  printf '%s\0' "${files[@]}" | xargs -0 -P2 -n1 djpeg -scale 1/8 -outfile /dev/null
  echo "$(now) - $start" | bc
}
time_filmroll() {
  local start; start=$(now)
  "$bench" decode --size 256 --jobs 2 "${files[@]}" >/dev/null
  echo "$(now) - $start" | bc
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# Warm the page cache and check both tools work.
time_djpeg >/dev/null
"$bench" decode --size 256 --jobs 2 "${files[@]}"
djpeg_times=() filmroll_times=()
for ((run = 1; run <= runs; run++)); do
  djpeg_times+=("$(time_djpeg)")
  filmroll_times+=("$(time_filmroll)")
done
djpeg_median=$(printf '%s\n' "${djpeg_times[@]}" | median)
filmroll_median=$(printf '%s\n' "${filmroll_times[@]}" | median)
printf '%-44s %8s  %s\n' "decode 48 x 12 MP at 1/8, 2 cores" "median s" "runs"
printf '%-44s %8.3f  %s\n' "djpeg -scale 1/8 (xargs -P2)" "$djpeg_median" "${djpeg_times[*]}"
printf '%-44s %8.3f  %s\n' "filmroll-bench decode --size 256 --jobs 2" "$filmroll_median" "${filmroll_times[*]}"
echo "ratio filmroll/djpeg: $(echo "scale=3; $filmroll_median / $djpeg_median" | bc) (target <= 1.10)"
