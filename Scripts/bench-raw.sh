#!/usr/bin/env bash
# Camera RAW benchmark: `filmroll thumbs` on DNGs against LibRaw's own full
# decode of the same files (dcraw_emu -w: camera white balance, AHD, sRGB,
# 8-bit PPM to /dev/null) and against vipsthumbnail, in one run, runs
# interleaved between tools, medians of RUNS.
#
# The DNGs are made once from the first COUNT (default 12) 12 MP JPEGs of the
# corpus by Scripts/make-raw-test-images.py --bench, into RAW_DNGS (default
# .bench-corpus/raw-dng, in this checkout even when BENCH_CORPUS points at
# another's): preview/ in Adobe's layout with a full-size JPEG
# preview (and an RGB thumbnail in IFD0), plain/ written by pidng with no
# preview. Both are 12-bit uncompressed 4032x3024 RGGB mosaics with the
# JPEGs' EXIF orientations. filmroll takes the preview when it covers the size
# asked (its JPEG path with DCT scaling), else LibRaw's half-size decode.
#
#   Scripts/bench-raw.sh [RUNS]          median of RUNS timed runs (default 5, or RUNS=n)
#   COUNT=48 Scripts/bench-raw.sh        more files
#   KEEP=1 Scripts/bench-raw.sh          keep the work dir (thumbnails, logs)
#   BENCH_CORPUS=DIR                     the corpus (default .bench-corpus, made by
#                                        ../shared/bench/make-corpus when missing), read only
#   RAW_DNGS=DIR                         where the DNGs are made (default .bench-corpus/raw-dng)
#
# A timed run during which other processes used more than 5% of the machine's
# CPU is redone (at most 2*RUNS extra tries per row). Target: filmroll at most
# 0.3 x LibRaw's full decode where the preview covers the size.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/bench-common.sh
source Scripts/bench-common.sh
runs=${1:-${RUNS:-5}}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "bench-raw: RUNS must be a positive integer, not '$runs'" >&2; exit 2; }
count=${COUNT:-12}
[[ "$count" =~ ^[1-9][0-9]*$ ]] || { echo "bench-raw: COUNT must be a positive integer, not '$count'" >&2; exit 2; }
corpus=${BENCH_CORPUS:-.bench-corpus}
dngs=${RAW_DNGS:-.bench-corpus/raw-dng}
sizes=(256 1024)
sets=(preview plain)
bg_max=0.05
max_libraw=0.3                                 # filmroll ÷ LibRaw's full decode, where the preview covers

Scripts/install-deps.sh --bench
python3 -c 'import numpy, PIL, pidng' 2>/dev/null || python3 -m pip install --quiet numpy pillow pidng
if [[ ! -d "$corpus/photos12mp" ]]; then
  [[ -f ../shared/bench/make-corpus ]] || { echo "bench-raw: ../shared/bench/make-corpus not found" >&2; exit 1; }
  python3 ../shared/bench/make-corpus "$corpus"
fi

# ---- the DNGs: made once, from the first COUNT JPEGs
mapfile -d '' jpegs < <(find "$corpus/photos12mp" -name '*.jpg' -print0 | sort -z | head -z -n "$count")
((${#jpegs[@]} > 0)) || { echo "bench-raw: no JPEGs in $corpus/photos12mp" >&2; exit 1; }
source_dir=$(mktemp -d "${TMPDIR:-/tmp}/bench-raw-src.XXXXXX")
for jpeg in "${jpegs[@]}"; do ln -s "$(realpath "$jpeg")" "$source_dir/"; done
log "making DNGs (once) in $dngs..."
python3 Scripts/make-raw-test-images.py --bench "$source_dir" "$dngs" >&2
rm -rf "$source_dir"
declare -A files_of=()
for set in "${sets[@]}"; do
  list=()
  for jpeg in "${jpegs[@]}"; do list+=("$dngs/$set/$(basename "${jpeg%.jpg}").dng"); done
  files_of[$set]=$(printf '%s\n' "${list[@]}")
done
nfiles=${#jpegs[@]}
half=$(((nfiles + 1) / 2))                     # files per process for the 2-process tools
mapfile -t preview_files <<<"${files_of[preview]}"
dng_mb=$(du -cm "${preview_files[@]}" | tail -n 1 | cut -f1)

work=$(mktemp -d "${TMPDIR:-/tmp}/bench-raw.XXXXXX")
if [[ "${KEEP:-}" == 1 ]]; then
  trap 'echo "work dir kept: $work" >&2' EXIT
else
  trap 'rm -rf "$work"' EXIT
fi

# ---- filmroll: built now; left out when it does not build or reads no RAW
filmroll=.build/release/filmroll
declare -A broken=()
log "building filmroll (swift build -c release --product filmroll)..."
why=""
if ! swift build -c release --product filmroll >"$work/build.log" 2>&1; then
  why="build failed"
  tail -n 5 "$work/build.log" | sed 's/^/  build: /' >&2
elif ! "$filmroll" thumbs --help 2>&1 | grep -q "camera RAW"; then
  why="no camera RAW decoder"
fi
for set in "${sets[@]}"; do
  for size in "${sizes[@]}"; do [[ -n "$why" ]] && broken[filmroll-$set-$size]="filmroll: not available ($why)"; done
done

# Rows: TOOL-SET-SIZE; LibRaw's full decode does not depend on the size ("full").
rows=()
for set in "${sets[@]}"; do
  rows+=("libraw-$set-full")
  for size in "${sizes[@]}"; do rows+=("filmroll-$set-$size" "vips-$set-$size"); done
done

# run ROW OUTDIR [RSSLOG]: one batch over the set's files on 2 cores.
run() {
  local tool set size out=$2 rss=() files
  IFS=- read -r tool set size <<<"$1"
  [[ -n "${3:-}" ]] && rss=(/usr/bin/time -f %M -a -o "$3")
  mapfile -t files <<<"${files_of[$set]}"
  case $tool in
    libraw)
      printf '%s\0' "${files[@]}" | xargs -0 -P2 -n1 "${rss[@]}" sh -c 'dcraw_emu -w -Z - "$1" >/dev/null' dcraw_emu ;;
    vips)
      printf '%s\0' "${files[@]}" |
        xargs -0 -P2 -n"$half" "${rss[@]}" vipsthumbnail -s "$size" -o "$out/%s.jpg[Q=85,strip]" ;;
    filmroll)
      "${rss[@]}" "$filmroll" thumbs --size "$size" --out "$out" --jobs 2 --no-cache --quiet --quality 85 "${files[@]}" ;;
  esac
}

# ---- warm-up: page cache, a check that each tool works, peak RSS
declare -A rss_mb=() walls=() cpus=() bg=() tries=()
for row in "${rows[@]}"; do
  out=$work/out/$row
  [[ -n "${broken[$row]:-}" ]] && continue
  rm -rf "$out" && mkdir -p "$out"
  : >"$work/rss-$row"
  if ! run "$row" "$out" "$work/rss-$row" >/dev/null 2>>"$work/$row.err"; then
    # The tool's own last word, not xargs' or GNU time's.
    broken[$row]="$(grep -Ev '^(Command exited|xargs:)|WARNING' "$work/$row.err" | sed '/^$/d' | tail -n 1)"
    continue
  fi
  rss_mb[$row]=$(grep -E '^[0-9]+$' "$work/rss-$row" | sort -n | tail -n 1 | awk '{ printf "%.0f", $1 / 1024 }') || true
  made=$(find "$out" -type f -name '*.jpg' | wc -l)
  if [[ $row != libraw-* && $made -ne $nfiles ]]; then
    broken[$row]="wrote $made of $nfiles thumbnails"
    continue
  fi
  walls[$row]="" bg[$row]=0 tries[$row]=0
done

# ---- timed runs, interleaved: each round runs every row once
log "timing: $nfiles DNGs per set, median of $runs runs..."
run_key() {  # run_key ROW
  local out=$work/out/$1
  rm -rf "$out" && mkdir -p "$out"
  run "$1" "$out" >/dev/null
}
interleaved_runs "$runs" "${rows[@]}"

# shellcheck disable=SC2034  # cpu_med: filled by run_stats, unused here
declare -A med=() lo=() hi=() cpu_med=()
run_stats

# ---- report
ratio() { [[ -n "${med[$1]:-}" && -n "${med[$2]:-}" ]] && calc %.3f "${med[$1]} / ${med[$2]}"; }
verdict() { awk "BEGIN { exit !($1) }" && echo "PASS" || echo "FAIL"; }
label() {
  local tool set size
  IFS=- read -r tool set size <<<"$1"
  case $tool in
    libraw) echo "dcraw_emu -w (LibRaw's full decode), -P2" ;;
    vips) echo "vipsthumbnail -s $size, 2 procs × $half files (libvips $vips_short has no LibRaw loader: tiffload reads IFD0)" ;;
    filmroll) echo "filmroll thumbs --size $size --jobs 2" ;;
  esac
}
libraw_version=$(simple_dcraw 2>&1 | grep -o 'LibRaw [0-9][^ ]*' | head -n 1) || true
vips_version=$(vipsthumbnail --vips-version 2>&1 | head -n 1) || true
vips_short=$(grep -o '[0-9]*\.[0-9]*\.[0-9]*' <<<"$vips_version" | head -n 1) || true
filmroll_version=$([[ -x $filmroll ]] && "$filmroll" --version 2>&1 | head -n 1) || true
cpu=$(grep -m 1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')

echo
echo "### Camera RAW: $nfiles DNGs (4032×3024 12-bit RGGB) per set → thumbnails, JPEG q85, 2 cores"
echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $cpu, $ncpu cores; median of $runs runs, interleaved, warm cache."
echo "Sets: preview = a full-size JPEG preview embedded ($dng_mb MB for $nfiles files); plain = pidng, no preview."
echo "filmroll: ${filmroll_version:-not built}; $libraw_version (dcraw_emu); vipsthumbnail: $vips_version."
echo
echo "| set | tool | wall s median (min–max) | files/s | peak RSS MB | ÷ LibRaw full decode | bg % |"
echo "|---|---|---|---|---|---|---|"
for row in "${rows[@]}"; do
  IFS=- read -r tool set _ <<<"$row"
  if [[ -z "${med[$row]:-}" ]]; then
    echo "| $set | $(label "$row") | ${broken[$row]:-no figures} | – | – | – | – |"
    continue
  fi
  vs="–"
  [[ $tool != libraw ]] && vs=$(ratio "$row" "libraw-$set-full") || true
  echo "| $set | $(label "$row") | $(calc %.2f "${med[$row]}") ($(calc %.2f "${lo[$row]}")–$(calc %.2f "${hi[$row]}")) |" \
    "$(calc %.1f "$nfiles / ${med[$row]}") | ${rss_mb[$row]:-–} | ${vs:-–} | $(calc %.0f "100 * ${bg[$row]}") |"
done

echo
echo "Filmroll target (preview set, the preview covers both sizes): ≤ $max_libraw × LibRaw's full decode"
for size in "${sizes[@]}"; do
  row=filmroll-preview-$size
  if r=$(ratio "$row" libraw-preview-full); then
    echo "- $size px: $r× LibRaw: $(verdict "$r <= $max_libraw")"
  else
    echo "- $size px: ${broken[$row]:-no figures}; target not checked"
  fi
done
for size in "${sizes[@]}"; do
  r=$(ratio "filmroll-plain-$size" libraw-plain-full) && echo "- plain set, $size px (LibRaw's half size): $r× LibRaw (no target)"
done
notes=()
for row in "${!bg[@]}"; do
  awk "BEGIN { exit !(${bg[$row]} > $bg_max) }" &&
    notes+=("$row: other processes used up to $(calc %.0f "100 * ${bg[$row]}")% of the CPU in a kept run (tries ran out): rerun")
done
for row in "${!broken[@]}"; do [[ $row == vips-* ]] && notes+=("$row: ${broken[$row]}"); done
if ((${#notes[@]})); then
  echo
  echo "Notes:"
  printf -- '- %s\n' "${notes[@]}" | sort
fi
