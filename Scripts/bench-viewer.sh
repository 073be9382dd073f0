#!/usr/bin/env bash
# Viewer benchmark: the full-screen viewer's first image on screen after a
# click on a day page opened from file:// in headless Chromium, measured by
# the page itself (the `filmroll-viewer-first-image` performance measure,
# from the click's event time to the view decoded and painted), the median
# of 5 fresh page loads, each clicking a photo not yet shown; and the layout
# shift as the viewer opens, moves on and closes (every shift counted).
# On 12 of the 12 MP photos of the benchmark corpus over two days, so the
# views are 1024 px JPEGs with 2048 px previews as `process` makes them.
#
#   Scripts/bench-viewer.sh            (FILMROLL=path to use a built binary)
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/bench-common.sh
source Scripts/bench-common.sh
corpus=${BENCH_CORPUS:-.bench-corpus}
Scripts/install-deps.sh --bench
if [[ ! -d "$corpus/photos12mp" ]]; then
  python3 -c 'import numpy, PIL' 2>/dev/null || python3 -m pip install --quiet numpy pillow
  python3 ../shared/bench/make-corpus "$corpus"
fi
if [[ -z "${FILMROLL:-}" ]]; then
  log "building filmroll (release)..."
  swift build -c release --product filmroll >/dev/null
  FILMROLL=$PWD/.build/release/filmroll
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-viewer.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/photos"
find "$corpus/photos12mp" -name '*.jpg' | sort | head -n 12 | while read -r photo; do cp "$photo" "$work/photos/"; done
"$FILMROLL" process "$work/photos" --quiet >/dev/null
out=$(python3 Scripts/check-gallery.py "$work/photos/.filmroll/gallery" --viewer-only 2>&1 | grep -v -e WARNING -e '^\[notice\]')
printf '%s\n' "$out" >&2
first=$(printf '%s\n' "$out" | sed -n 's/^viewer first image: \(.*\) ms$/\1/p')
shift=$(printf '%s\n' "$out" | sed -n 's/^viewer layout shift (open, next, close, back): \(.*\)$/\1/p')
problems=$(printf '%s\n' "$out" | sed -n 's/^\([0-9]*\) problems$/\1/p')
echo
echo "viewer benchmark, 12 photos of 12 MP, headless Chromium from file://, $(nproc) cores"
echo "| what | measured | target |"
echo "|---|---|---|"
echo "| first image on screen after a click (median of 5 fresh loads) | ${first:-?} ms | <= 300 ms |"
echo "| layout shift as the viewer opens, moves on and closes | ${shift:-?} | 0 |"
echo "| viewer checks failed | ${problems:-?} | 0 |"
