#!/usr/bin/env bash
# `filmroll process` benchmark: the 48 12 MP photos of the corpus (4 days)
# into thumbnails (256 and 1024 px), four-cut sheets, animations and a
# gallery, against `filmroll thumbs --size 256,1024` alone on the same
# photos, in one run, interleaved: thumbs as a user runs it (its store, in
# the fresh copy, cold), and with --no-cache (no store) beside it for
# comparison; then a re-run with nothing changed, and a
# re-run over 10,000 small photos. Cold: each timed first run starts from a
# copy of the photos without `.filmroll/`, written out first (`sync`: the
# kernel's writeback of 130 MB just copied would otherwise fall in the
# timed run, by as much as a few percent). Peak RSS by GNU time. Then the
# gallery's bytes against the figure of the build before, whose previews
# were 2048 px at quality 85 (now 1512 px at 75, GalleryViewEncoding), and
# the views' SSIM against the originals (Scripts/view_quality.py) against
# that build's.
#
#   Scripts/bench-process.sh [RUNS]      (default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/bench-common.sh
source Scripts/bench-common.sh
runs=${1:-${RUNS:-5}}
corpus=${BENCH_CORPUS:-.bench-corpus}
Scripts/install-deps.sh --bench
python3 -c 'import numpy, PIL, skimage' 2>/dev/null || python3 -m pip install --quiet numpy pillow scikit-image
if [[ ! -d "$corpus/photos12mp" ]]; then python3 ../shared/bench/make-corpus "$corpus"; fi
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-process.XXXXXX")
trap 'rm -rf "$work"' EXIT
log "building filmroll (release)..."
swift build -c release --product filmroll >/dev/null
filmroll=$PWD/.build/release/filmroll

fresh() {  # fresh DIR: the 48 photos, no .filmroll, on disk (the copy's writeback is not timed)
  rm -rf "$1" "$1-thumbs" && mkdir -p "$1" && cp "$corpus"/photos12mp/*.jpg "$1"/ && sync
}
timed() {  # timed CMD...: prints seconds
  local start; start=$(now); "$@" >/dev/null; calc %.3f "$(now) - $start"
}

thumbs_times=() storeless_times=() process_times=() plain_times=() rerun_times=() previews_times=()
for ((run = 1; run <= runs; run++)); do
  fresh "$work/a"
  thumbs_times+=("$(timed "$filmroll" thumbs "$work/a" --size 256,1024 --out "$work/a-thumbs" --quiet --jobs 2)")
  # The sizes process made at its defaults before its previews were 1512 px (256, 1024 and 2048 px).
  fresh "$work/f"
  previews_times+=("$(timed "$filmroll" thumbs "$work/f" --size 256,1024,2048 --out "$work/f-thumbs" --quiet --jobs 2)")
  fresh "$work/e"
  storeless_times+=("$(timed "$filmroll" thumbs "$work/e" --size 256,1024 --out "$work/e-thumbs" --no-cache --quiet --jobs 2)")
  fresh "$work/b"
  process_times+=("$(timed "$filmroll" process "$work/b" --quiet --jobs 2)")
  rerun_times+=("$(timed "$filmroll" process "$work/b" --quiet --jobs 2)")
  # Without the photo pages' previews: the same sizes as thumbs, and the rest.
  fresh "$work/d"
  plain_times+=("$(timed "$filmroll" process "$work/d" --quiet --jobs 2 --preview-size 0)")
done
fresh "$work/c"
/usr/bin/time -f %M -o "$work/rss" "$filmroll" process "$work/c" --quiet --jobs 2 >/dev/null
rss_mb=$(awk '{ printf "%.0f", $1 / 1024 }' "$work/rss")
# The gallery's bytes and its views' SSIM, against the build before (fc8e809, 2026-11-29:
# 256, 1024 and 2048 px JPEGs at quality 85; measured by this script's view_quality.py).
log "the views' bytes and SSIM..."
python3 Scripts/view_quality.py --tsv "$corpus/photos12mp" "$work/c/.filmroll/gallery" >"$work/views.tsv"
old_bytes=31844592 old_thumbnail_ssim=0.9809 old_large_ssim=0.9766 old_preview_ssim=0.9652

log "10,000 small photos in 100 folders..."
python3 - "$work/small" "$corpus/photos12mp" <<'PY'
import os, sys
from PIL import Image
out, source = sys.argv[1], sys.argv[2]
first = sorted(n for n in os.listdir(source) if n.endswith(".jpg"))[0]
im = Image.open(os.path.join(source, first)); im.draft("RGB", (160, 120)); im = im.convert("RGB").resize((160, 120))
exif = Image.open(os.path.join(source, first)).getexif()
for folder in range(100):
    os.makedirs(f"{out}/{folder:03d}", exist_ok=True)
    for i in range(100):
        day = 1 + (folder * 100 + i) % 28
        exif[0x8769] = {0x9003: f"2025:03:{day:02d} 12:{i % 60:02d}:00"}
        im.save(f"{out}/{folder:03d}/IMG_{i:04d}.jpg", quality=80, exif=exif.tobytes())
PY
small_first=$(timed "$filmroll" process "$work/small" --quiet --jobs 2)

log "decodes: a day of 150 photos, and 1,000 photos under --memory 64M..."
mkdir -p "$work/day150" "$work/k1"
python3 - "$work/day150" "$work/small/000/IMG_0000.jpg" <<'PY'
import sys
from PIL import Image
out, source = sys.argv[1], sys.argv[2]
im = Image.open(source); exif = im.getexif()
for i in range(150):
    exif[0x8769] = {0x9003: f"2025:05:19 {8 + i // 60:02d}:{i % 60:02d}:00"}
    im.save(f"{out}/IMG_{i:04d}.jpg", quality=80 + i % 10, exif=exif.tobytes())
PY
cp -r "$work"/small/00[0-9] "$work/k1/"
decoded() { "$filmroll" process "$1" --json --jobs 2 "${@:2}" | tail -1 | python3 -c 'import json,sys; s=json.load(sys.stdin); print(s["decoded"], s["photos"])'; }
read -r day_decoded day_photos < <(decoded "$work/day150")
read -r k_decoded k_photos < <(decoded "$work/k1" --memory 64M)
small_rerun=()
for ((run = 1; run <= runs; run++)); do small_rerun+=("$(timed "$filmroll" process "$work/small" --quiet --jobs 2)"); done

t=$(printf '%s\n' "${thumbs_times[@]}" | median) n=$(printf '%s\n' "${storeless_times[@]}" | median)
p=$(printf '%s\n' "${process_times[@]}" | median) v=$(printf '%s\n' "${previews_times[@]}" | median)
q=$(printf '%s\n' "${plain_times[@]}" | median)
r=$(printf '%s\n' "${rerun_times[@]}" | median) s=$(printf '%s\n' "${small_rerun[@]}" | median)
echo
echo "process benchmark, $(nproc) cores, median of $runs runs (s)"
echo "| what | median s | target |"
echo "|---|---|---|"
echo "| thumbs --size 256,1024, 48 x 12 MP, cold store | $t | |"
echo "| thumbs --size 256,1024 --no-cache (no store) | $n | |"
echo "| process --preview-size 0 (256 and 1024 px, as thumbs), cold | $q ($(calc %.2f "$q / $t")x thumbs, $(calc %.2f "$q / $n")x --no-cache) | <= 1.2x thumbs |"
echo "| thumbs --size 256,1024,2048, cold store | $v | |"
echo "| process at its defaults, cold (also the 1512 px previews and photo pages) | $p ($(calc %.2f "$p / $t")x thumbs 256,1024; $(calc %.2f "$p / $v")x thumbs 256,1024,2048) | <= 1.6x thumbs 256,1024 (2.0x before) |"
ratios=$(for ((i = 0; i < ${#process_times[@]}; i++)); do calc %.2f "${process_times[i]} / ${thumbs_times[i]}"; echo; done | sort -n)
echo "| process at its defaults / thumbs 256,1024, each round | $(tr '\n' ' ' <<<"$ratios")(range $(head -n 1 <<<"$ratios")-$(tail -n 1 <<<"$ratios")x) | |"
gallery_bytes=$(awk -F'\t' '$1 == "gallery" { print $2 }' "$work/views.tsv")
echo "| gallery bytes, 48 x 12 MP | $(calc %.2f "$gallery_bytes / 1e6") MB ($(calc %.2f "$gallery_bytes / $old_bytes")x the $(calc %.2f "$old_bytes / 1e6") MB before) | <= 0.6x |"
while IFS=$'\t' read -r kind files bytes ssim low; do
  [[ $kind == gallery ]] && continue
  case $kind in
    256.jpg) before=" (before: $old_thumbnail_ssim)" ;;
    1024.jpg) before=" (before: $old_large_ssim)" ;;
    1512.jpg) before=" (the 2048 px previews before: $old_preview_ssim)" ;;
    *) before="" ;;
  esac
  echo "| views $kind: $files files | $(calc %.2f "$bytes / 1e6") MB, SSIM mean $ssim, min $low$before | >= before |"
done <"$work/views.tsv"
echo "| process again, nothing changed | $r | < 1 |"
echo "| process peak RSS | $rss_mb MB | <= 240 MB |"
echo "| decoded, a day of 150 photos | $day_decoded of $day_photos photos | = photos |"
echo "| decoded, 1,000 photos, --memory 64M | $k_decoded of $k_photos photos | = photos |"
echo "| process, 10,000 small photos, first run | $small_first | |"
echo "| process again, 10,000 small photos | $s | |"
