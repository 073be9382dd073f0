#!/usr/bin/env bash
# Gallery benchmark: 10,000 small photos over 100 days in 100 folders, some
# with positions (two cities) and over three years (so "On this day" pages
# exist). Measured: the cost of the gallery alone (a re-run with a new
# title rewrites every page and does no image work, less a re-run that
# plans every output but rewrites no page), the largest page, and the
# index's first contentful paint in headless Chromium from file://
# (Scripts/check-gallery.py, which also parses every page, follows every
# link and runs axe-core).
#
#   Scripts/bench-gallery.sh [RUNS]      (default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/bench-common.sh
source Scripts/bench-common.sh
runs=${1:-${RUNS:-5}}
Scripts/install-deps.sh --bench
python3 -c 'import PIL' 2>/dev/null || python3 -m pip install --quiet pillow
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-gallery.XXXXXX")
trap 'rm -rf "$work"' EXIT
log "building filmroll (release)..."
swift build -c release --product filmroll >/dev/null
filmroll=$PWD/.build/release/filmroll

log "10,000 small photos in 100 folders..."
python3 - "$work/photos" <<'PY'
import os, sys
from PIL import Image
out = sys.argv[1]
def rational(value):
    degrees = int(value); minutes = int((value - degrees) * 60); seconds = ((value - degrees) * 60 - minutes) * 60
    return (float(degrees), float(minutes), round(seconds, 2))
for folder in range(100):
    os.makedirs(f"{out}/{folder:03d}", exist_ok=True)
    image = Image.new("RGB", (160, 120), (40 + folder * 2 % 200, 90, 160))
    for i in range(100):
        exif = Image.Exif()
        year, day = 2023 + folder % 3, 1 + folder % 28
        exif[0x8769] = {0x9003: f"{year}:03:{day:02d} {8 + i // 10:02d}:{i % 60:02d}:00"}
        if i % 4 == 0:
            latitude, longitude = (37.55 + i * 0.001, 126.97 + i * 0.001) if folder % 2 else (35.15 + i * 0.001, 129.05 + i * 0.001)
            exif[0x8825] = {1: "N", 2: rational(latitude), 3: "E", 4: rational(longitude)}
        image.save(f"{out}/{folder:03d}/IMG_{i:04d}.jpg", quality=80, exif=exif.tobytes())
PY
first=$(now); "$filmroll" process "$work/photos" --quiet --jobs 2 >/dev/null; first=$(calc %.3f "$(now) - $first")
gallery="$work/photos/.filmroll/gallery"
retitled=() planned=() unchanged=()
for ((run = 1; run <= runs; run++)); do
  start=$(now); "$filmroll" process "$work/photos" --quiet --jobs 2 --title "run $run" >/dev/null
  retitled+=("$(calc %.3f "$(now) - $start")")
  # The same run without the pages: a file come and gone in the gallery's
  # folder moves its mtime, so the run plans every output (a run with nothing
  # changed stops after the folder walk) and finds every page current.
  : >"$gallery/.bench-nudge" && rm "$gallery/.bench-nudge"
  start=$(now); "$filmroll" process "$work/photos" --quiet --jobs 2 --title "run $run" >/dev/null
  planned+=("$(calc %.3f "$(now) - $start")")
  start=$(now); "$filmroll" process "$work/photos" --quiet --jobs 2 --title "run $run" >/dev/null
  unchanged+=("$(calc %.3f "$(now) - $start")")
done
pages=$(find "$gallery" -name '*.html' | wc -l)
largest=$(find "$gallery" -name '*.html' -printf '%s %P\n' | sort -n | tail -1)
check=$(python3 Scripts/check-gallery.py "$gallery" 2>&1)
paint=$(printf '%s\n' "$check" | sed -n 's/index first contentful paint: \(.*\) ms/\1/p')
viewer=$(printf '%s\n' "$check" | sed -n 's/^viewer first image: \(.*\) ms$/\1/p')
problems=$(printf '%s\n' "$check" | sed -n 's/^\([0-9]*\) problems$/\1/p')
r=$(printf '%s\n' "${retitled[@]}" | median) p=$(printf '%s\n' "${planned[@]}" | median)
u=$(printf '%s\n' "${unchanged[@]}" | median)
echo
echo "gallery benchmark, 10,000 small photos, $(nproc) cores, median of $runs runs"
echo "| what | measured | target |"
echo "|---|---|---|"
echo "| first process (images and pages) | $first s | |"
echo "| every page rewritten (new --title), no image work | $r s | |"
echo "| every output planned, no page rewritten | $p s | |"
echo "| nothing changed (stops after the folder walk) | $u s | |"
echo "| the gallery alone (rewritten less planned) | $(calc %.3f "$r - $p") s | <= 2 s |"
echo "| pages | $pages | |"
echo "| largest page | ${largest% *} bytes (${largest#* }) | <= 300 KB |"
echo "| index first contentful paint, file:// | ${paint:-?} ms | <= 1000 ms |"
echo "| viewer's first image after a click, file:// (a day of 100 small photos; make bench-viewer for 12 MP) | ${viewer:-?} ms | <= 300 ms |"
echo "| check-gallery.py problems (parse, links, axe, keyboard) | ${problems:-?} | 0 |"
