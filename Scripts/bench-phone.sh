#!/usr/bin/env bash
# Phone-photo benchmark: `filmroll thumbs` against vipsthumbnail (2
# processes) on the phone corpus of ../shared/bench/make-phone-corpus: the
# same 12 pictures as Display P3 JPEGs, HEIC (with a 320 px thumbnail),
# AVIF (4 of them) and WebP, plus the P3 JPEGs with their profile removed
# (the same bytes otherwise: what colour management costs; these two sets
# four times over, 48 files). Thumbnails at
# 256 px (and 1024 px for HEIC, past its embedded thumbnail), JPEG q85, 2
# cores, cold (no store). Runs interleaved; median wall time; peak RSS of the
# largest process on the warm-up run; colour error (CIEDE2000 of 8x8 block
# means) against the sRGB originals, by Scripts/color_accuracy.py.
#
#   Scripts/bench-phone.sh [RUNS]      (default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/bench-common.sh
source Scripts/bench-common.sh
runs=${1:-${RUNS:-5}}
corpus=${BENCH_CORPUS:-.bench-corpus}
Scripts/install-deps.sh --bench
python3 -c 'import numpy, PIL' 2>/dev/null || python3 -m pip install --quiet numpy pillow
if [[ ! -d "$corpus/photos12mp" ]]; then python3 ../shared/bench/make-corpus "$corpus"; fi
if [[ ! -d "$corpus/heic12mp" ]]; then python3 ../shared/bench/make-phone-corpus "$corpus"; fi
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-phone.XXXXXX")
trap 'rm -rf "$work"' EXIT
log "building filmroll (release)..."
swift build -c release --product filmroll >/dev/null
filmroll=$PWD/.build/release/filmroll

# The 12 P3 JPEGs four times over (48 files, so that a run lasts long enough
# to tell a few percent), and the same without their APP2 profile: the same
# pixels and bytes otherwise, which is what colour management costs.
mkdir -p "$work/sets/jpeg-noprofile" "$work/sets/jpeg-p3"
python3 - "$corpus/p3jpeg" "$work/sets" <<'PY'
import pathlib, sys
source, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
for path in sorted(source.glob("*.jpg")):
    data, kept, at = path.read_bytes(), bytearray(b"\xff\xd8"), 2
    while at < len(data) and data[at] == 0xFF and data[at + 1] not in (0xDA, 0xD9):
        length = int.from_bytes(data[at + 2:at + 4], "big")
        if not (data[at + 1] == 0xE2 and data[at + 4:at + 16] == b"ICC_PROFILE\0"):
            kept += data[at:at + 2 + length]
        at += 2 + length
    for copy in ("", "-2", "-3", "-4"):
        (out / "jpeg-p3" / (path.stem + copy + ".jpg")).write_bytes(data)
        (out / "jpeg-noprofile" / (path.stem + copy + ".jpg")).write_bytes(bytes(kept + data[at:]))
PY
declare -A folder=([jpeg-noprofile]=$work/sets/jpeg-noprofile [jpeg-p3]=$work/sets/jpeg-p3 [heic]=$corpus/heic12mp
                   [avif]=$corpus/avif [webp]=$corpus/webp)
cases=(jpeg-noprofile:256 jpeg-p3:256 heic:256 heic:1024 avif:256 webp:256)
tools=(vips filmroll)

run() {  # run TOOL SET SIZE OUT [RSSLOG]
  local tool=$1 set=$2 size=$3 out=$4 rss=() files
  [[ -n "${5:-}" ]] && rss=(/usr/bin/time -f %M -a -o "$5")
  mapfile -d '' files < <(find "${folder[$set]}" -type f -print0 | sort -z)
  case $tool in
    vips) printf '%s\0' "${files[@]}" | xargs -0 -P2 -n$(((${#files[@]} + 1) / 2)) "${rss[@]}" \
            vipsthumbnail -s "$size" -o "$out/%s.jpg[Q=85,strip]" ;;
    filmroll) "${rss[@]}" "$filmroll" thumbs --size "$size" --out "$out" --jobs 2 --no-cache --quiet --quality 85 \
            "${files[@]}" ;;
  esac
}

declare -A times=() rss=()
for case in "${cases[@]}"; do
  for tool in "${tools[@]}"; do
    key=$tool-$case out=$work/out/$tool-${case/:/-}
    mkdir -p "$out"
    run "$tool" "${case%:*}" "${case#*:}" "$out" "$work/rss-$key"
    rss[$key]=$(sort -n "$work/rss-$key" | tail -n 1 | awk '{ printf "%.0f", $1 / 1024 }')
  done
done
for ((round = 1; round <= runs; round++)); do
  for case in "${cases[@]}"; do
    for tool in "${tools[@]}"; do
      key=$tool-$case
      rm -rf "$work/timed" && mkdir -p "$work/timed"
      start=$(now)
      run "$tool" "${case%:*}" "${case#*:}" "$work/timed"
      times[$key]+="$(calc %.3f "$(now) - $start") "
    done
  done
done

echo
echo "phone corpus, $(nproc) cores, median of $runs runs (wall s); peak RSS of the largest process"
printf '| %-16s | %-5s | %10s | %10s | %8s | %8s | %s\n' set size "vips s" "filmroll s" "ratio" "RSS MB" "(vips/filmroll)"
for case in "${cases[@]}"; do
  v=$(echo "${times[vips-$case]}" | median) f=$(echo "${times[filmroll-$case]}" | median)
  printf '| %-16s | %-5s | %10.3f | %10.3f | %8s | %8s |\n' "${case%:*}" "${case#*:}" "$v" "$f" \
    "$(calc %.2f "$f / $v")" "${rss[vips-$case]}/${rss[filmroll-$case]}"
done
f0=$(echo "${times[filmroll-jpeg-noprofile:256]}" | median) f1=$(echo "${times[filmroll-jpeg-p3:256]}" | median)
echo "filmroll: the P3 profile costs $(calc %+.1f "($f1 / $f0 - 1) * 100")% of wall time on 48 files (target <= +10%)"
echo
echo "colour error against the sRGB originals (CIEDE2000 of 8x8 block means):"
for case in jpeg-p3:256 heic:256 heic:1024 avif:256 webp:256; do
  for tool in "${tools[@]}"; do
    python3 Scripts/color_accuracy.py "$corpus/photos12mp" "$work/out/$tool-${case/:/-}" | sed "s|$work/out/||"
  done
done
