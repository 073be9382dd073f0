#!/usr/bin/env bash
# Similar photos on a labelled set (issue 40): `filmroll similar FOLDER
# --json` (release build) against imagededup's dHash and pHash (PyPI, at its
# default Hamming distance of 10), scored side by side by
# Scripts/score-similar.py: copy pairs' precision and recall, bursts whole,
# the sharp frame named best, false merges of different pictures taken in
# the same second. Targets: precision >= 0.99, recall >= 0.97, bursts whole
# and sharp frame named best >= 0.95.
#
# The set (300 photos from the bench corpus: 26 pictures with 5 copies each,
# 18 bursts of 6 frames, 18 pairs taken in the same second) is made once by
# Scripts/make-similar-set.py under SIMILAR_SET (default
# /tmp/filmroll-similar-set), its answers beside the photo folder. Filmroll
# runs on a copy of it, so that its catalog never lands in the folder
# imagededup reads. Until `filmroll similar` exists the Filmroll column is
# skipped. PyPI's packages go into a venv under /tmp (Scripts/similar_venv.py).
#
#   Scripts/bench-similar-set.sh
#   FILMROLL=path/to/filmroll        use this binary instead of building one
#   BENCH_CORPUS=DIR                 the corpus (default .bench-corpus)
# Exit 1 when Filmroll misses a target.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/bench-common.sh
source Scripts/bench-common.sh
corpus=${BENCH_CORPUS:-.bench-corpus}
root=${SIMILAR_SET:-/tmp/filmroll-similar-set}
set_dir=$root/photos
truth=$root/photos-truth.json

if [[ ! -d "$corpus/photos12mp" ]]; then python3 ../shared/bench/make-corpus "$corpus"; fi
mkdir -p "$root"
python3 Scripts/make-similar-set.py "$set_dir" --corpus "$corpus" >&2
python3 Scripts/check-score-similar.py >&2

work=$(mktemp -d "${TMPDIR:-/tmp}/bench-similar-set.XXXXXX")
trap 'rm -rf "$work"' EXIT
if [[ -n "${FILMROLL:-}" ]]; then
  filmroll=$FILMROLL
else
  log "building filmroll (release)..."
  swift build -c release --product filmroll >/dev/null
  filmroll=$PWD/.build/release/filmroll
fi

results=() times=() notes=()
if "$filmroll" similar --help >/dev/null 2>&1; then
  cp -a "$set_dir" "$work/filmroll-set"
  t0=$(now)
  if "$filmroll" similar "$work/filmroll-set" --json >"$work/filmroll.json" 2>"$work/filmroll.err"; then
    times+=("filmroll similar $(calc %.1f "$(now) - $t0") s")
    results+=("Filmroll=$work/filmroll.json")
  else
    notes+=("Filmroll: \`filmroll similar\` failed: $(tail -n 1 "$work/filmroll.err")")
  fi
else
  notes+=("Filmroll: skipped, this build has no \`filmroll similar\` ($filmroll similar --help fails)")
fi
for method in dhash phash; do
  line=$(python3 Scripts/imagededup-similar.py "$set_dir" "$method" "$work/$method.json" 2>"$work/$method.err") || {
    tail -n 5 "$work/$method.err" >&2
    echo "bench-similar-set: imagededup $method failed" >&2
    exit 1
  }
  log "$line"
  times+=("imagededup $method $(grep -oP '[0-9.]+(?= s$)' <<<"$line") s")
  results+=("imagededup ${method/hash/Hash}=$work/$method.json")
done

echo
echo "Similar photos on $(python3 -c 'import json, sys; t = json.load(open(sys.argv[1])); print(t["photos"])' "$truth") labelled photos ($set_dir):"
echo
status=0
targets=()
[[ " ${results[*]} " == *" Filmroll="* ]] && targets=(--targets Filmroll)
python3 Scripts/score-similar.py "$truth" "${results[@]}" "${targets[@]}" || status=$?
echo
echo "imagededup: find_duplicates at its default max_distance_threshold=10, HEIC read through pillow-heif; its groups are the connected components of its pairs."
echo "time: $(IFS=,; echo "${times[*]}" | sed 's/,/, /g')"
for note in "${notes[@]}"; do echo "$note"; done
exit "$status"
