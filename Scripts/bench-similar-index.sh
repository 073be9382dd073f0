#!/usr/bin/env bash
# Near-neighbour search over perceptual fingerprints: `filmroll-bench
# similar-index` (release build) makes N seeded 64-bit fingerprints (a fifth
# in planted clusters), builds the multi-index (HammingIndex), finds every
# pair within 8 bits and groups them. RUNS runs of each size; prints the
# median time and peak RSS growth; then groups as many synthetic photos
# as `filmroll similar` groups a catalog (`--grouping`). Targets (issue 40):
# 100,000 ≤ 10 s, 1,000,000 ≤ 60 s. Random fingerprints spread over the buckets more evenly
# than a real library's, whose pictures share structure.
#
#   Scripts/bench-similar-index.sh [RUNS]   (default 3, or RUNS=n)
#   SIZES="100000 1000000"                  fingerprint counts
#   SCRATCH=DIR                             build in DIR instead of .build
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/bench-common.sh
source Scripts/bench-common.sh
runs=${1:-${RUNS:-3}}
sizes=${SIZES:-100000 1000000}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "bench-similar-index: RUNS must be a positive integer" >&2; exit 2; }
scratch=${SCRATCH:-.build}

work=$(mktemp -d "${TMPDIR:-/tmp}/bench-similar-index.XXXXXX")
trap 'rm -rf "$work"' EXIT
log "building filmroll-bench (swift build -c release --product filmroll-bench)..."
if ! swift build -c release --product filmroll-bench --scratch-path "$scratch" >"$work/build.log" 2>&1; then
  tail -n 5 "$work/build.log" | sed 's/^/  build: /' >&2
  echo "bench-similar-index: filmroll-bench does not build" >&2
  exit 1
fi
bench=$scratch/release/filmroll-bench

echo
echo "| fingerprints | pairs ≤ 8 bits | groups | time (median of $runs) | target | peak RSS growth |"
echo "| --- | --- | --- | --- | --- | --- |"
failed=0
for count in $sizes; do
  [[ "$count" =~ ^[1-9][0-9]*$ ]] || { echo "bench-similar-index: SIZES must be positive integers" >&2; exit 2; }
  target_ms=$((count <= 100000 ? 10000 : 60000))
  times="" growths="" line=""
  for ((run = 1; run <= runs; run++)); do
    line=$("$bench" similar-index --count "$count" --seed "$run")
    log "  run $run: $line"
    times+="$(grep -oP 'in \K[0-9]+(?= ms)' <<<"$line") "
    growths+="$(grep -oP 'growth \K[0-9]+' <<<"$line") "
  done
  ms=$(median <<<"$times")
  growth=$(median <<<"$growths")
  pairs=$(grep -oP '[0-9]+(?= pairs)' <<<"$line")
  groups=$(grep -oP '[0-9]+(?= groups)' <<<"$line")
  echo "| $count | $pairs | $groups | $(calc '%.2f' "$ms / 1000") s | ≤ $((target_ms / 1000)) s | $(calc '%.1f' "$growth / 1024") MiB |"
  if ((ms > target_ms)); then
    echo "bench-similar-index: $count fingerprints took $ms ms, over the $target_ms ms target" >&2
    failed=1
  fi
done

# The whole grouping, as `filmroll similar` groups a catalog's photos (SimilarPhotos: time windows,
# the copy radius, the lumas), on synthetic photos; one run each.
echo
echo "| photos (synthetic) | grouped in | groups | target | peak RSS growth |"
echo "| --- | --- | --- | --- | --- |"
for count in $sizes; do
  target_ms=$((count <= 100000 ? 10000 : 60000))
  line=$("$bench" similar-index --count "$count" --grouping)
  log "  $line"
  seconds=$(grep -oP 'in \K[0-9.]+(?= s)' <<<"$line")
  echo "| $count | $seconds s | $(grep -oP 'groups: \K[^,]+, [^,]+, [^,]+' <<<"$line") | ≤ $((target_ms / 1000)) s | $(calc '%.0f' "$(grep -oP 'growth \K[0-9]+' <<<"$line") / 1024") MiB |"
  if awk "BEGIN { exit !($seconds * 1000 > $target_ms) }"; then
    echo "bench-similar-index: grouping $count photos took $seconds s, over the target" >&2
    failed=1
  fi
done
exit "$failed"
