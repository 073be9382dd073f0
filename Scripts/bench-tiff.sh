#!/usr/bin/env bash
# TIFF thumbnail benchmark: `filmroll thumbs` against vipsthumbnail (2 processes)
# on the 48 12 MP photos of the benchmark corpus made into TIFFs the way scans
# and exports are: 8-bit RGB, upright (Orientation 1, as exports are), in
# strips, uncompressed ("none") and LZW with the horizontal predictor ("lzw",
# Photoshop's and Lightroom's compressed choice), each set converted once by
# libvips and cached beside the corpus. Sizes 256 and 1024, JPEG q85, 2 cores,
# runs interleaved between tools, median of RUNS. For each set and size: wall
# time median (min-max), files/s, peak RSS of the largest single process (GNU
# time, warm-up run), filmroll ÷ vips with its target (≤ 0.8), and luma
# SSIM/PSNR plus an orientation check of both tools' thumbnails against a
# Pillow reference made from the original JPEG (Scripts/thumb_quality.py).
#
#   Scripts/bench-tiff.sh [RUNS]         median of RUNS timed runs (default 5, or RUNS=n)
#   TIFF_KINDS="none lzw deflate" ...    the sets to time (default "none lzw"; deflate is
#                                        Adobe Deflate with the predictor)
#   BENCH_CORPUS=DIR ...                 the corpus (default .bench-corpus, built by
#                                        ../shared/bench/make-corpus); the TIFFs go in DIR/tiff-KIND/
#   KEEP=1 ...                           keep the work dir (thumbnails, logs)
#
# A timed run during which other processes used more than 5% of the machine's
# CPU is redone (at most 2*RUNS extra tries per row); bg% is the worst such
# share among the kept runs (BG_MAX=1 keeps every run, on a machine never idle).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/bench-common.sh
source Scripts/bench-common.sh
runs=${1:-${RUNS:-5}}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "bench-tiff: RUNS must be a positive integer, not '$runs'" >&2; exit 2; }
corpus=${BENCH_CORPUS:-.bench-corpus}
read -ra kinds <<<"${TIFF_KINDS:-none lzw}"
sizes=(256 1024)
tools=(vips filmroll)
bg_max=${BG_MAX:-0.05}                 # redo a run when others used more CPU than this
target_ratio=0.8

Scripts/install-deps.sh --bench
python3 -c 'import numpy, PIL, skimage' 2>/dev/null || python3 -m pip install --quiet numpy pillow scikit-image
if [[ ! -d "$corpus/photos12mp" ]]; then
  [[ -f ../shared/bench/make-corpus ]] || { echo "bench-tiff: ../shared/bench/make-corpus not found" >&2; exit 1; }
  python3 ../shared/bench/make-corpus "$corpus"
fi
mapfile -d '' jpegs < <(find "$corpus/photos12mp" -name '*.jpg' -print0 | sort -z)
nfiles=${#jpegs[@]}
((nfiles > 0)) || { echo "bench-tiff: no JPEGs in $corpus/photos12mp" >&2; exit 1; }
half=$(((nfiles + 1) / 2))

# ---- the TIFF sets, made once (a stamp names the options and libvips that made them)
declare -A options=([none]="compression=none" [lzw]="compression=lzw,predictor=horizontal"
                    [deflate]="compression=deflate,predictor=horizontal")
vips_version=$(vips --version 2>&1 | head -n 1)
for kind in "${kinds[@]}"; do
  [[ -n "${options[$kind]:-}" ]] || { echo "bench-tiff: unknown TIFF kind '$kind' (none, lzw, deflate)" >&2; exit 2; }
  dir=$corpus/tiff-$kind
  stamp="$vips_version autorot ${options[$kind]},strip; $nfiles files"
  if [[ "$(cat "$dir/.stamp" 2>/dev/null)" != "$stamp" ]]; then
    log "converting $nfiles photos to TIFF ($kind) in $dir..."
    rm -rf "$dir" && mkdir -p "$dir"
    printf '%s\0' "${jpegs[@]}" | xargs -0 -P2 -I{} sh -c \
      'f=$1; vips autorot "$f" "$2/$(basename "${f%.*}").tif[$3,strip]"' _ {} "$dir" "${options[$kind]}"
    echo "$stamp" >"$dir/.stamp"
  fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/bench-tiff.XXXXXX")
if [[ "${KEEP:-}" == 1 ]]; then
  trap 'echo "work dir kept: $work" >&2' EXIT
else
  trap 'rm -rf "$work"' EXIT
fi

filmroll=.build/release/filmroll
log "building filmroll (swift build -c release --product filmroll)..."
if ! swift build -c release --product filmroll >"$work/build.log" 2>&1; then
  tail -n 5 "$work/build.log" | sed 's/^/  build: /' >&2
  echo "bench-tiff: filmroll does not build" >&2
  exit 1
fi
filmroll_version=$("$filmroll" --version 2>&1 | head -n 1)

# run KIND TOOL SIZE OUTDIR [RSSLOG]: one batch over the set; with RSSLOG, GNU
# time appends each process's peak RSS (KB) to it.
run() {
  local kind=$1 tool=$2 size=$3 out=$4 rss=() files
  [[ -n "${5:-}" ]] && rss=(/usr/bin/time -f %M -a -o "$5")
  mapfile -d '' files < <(find "$corpus/tiff-$kind" -name '*.tif' -print0 | sort -z)
  case $tool in
    vips)
      printf '%s\0' "${files[@]}" |
        xargs -0 -P2 -n"$half" "${rss[@]}" vipsthumbnail -s "$size" -o "$out/%s.jpg[Q=85,strip]" ;;
    filmroll)
      "${rss[@]}" "$filmroll" thumbs --size "$size" --out "$out" --jobs 2 --no-cache --quiet \
        --quality 85 "${files[@]}" ;;
  esac
}

# ---- warm-up: page cache, a check that each tool works, peak RSS
declare -A rss_mb=() walls=() cpus=() bg=() tries=() broken=()
for kind in "${kinds[@]}"; do
  for size in "${sizes[@]}"; do
    for tool in "${tools[@]}"; do
      key=$kind-$size-$tool out=$work/out/$key
      rm -rf "$out" && mkdir -p "$out"
      : >"$work/rss-$key"
      if ! run "$kind" "$tool" "$size" "$out" "$work/rss-$key" 2>>"$work/$key.err"; then
        broken[$key]="$tool failed: $(grep -v '^Command exited' "$work/$key.err" | tail -n 1)"
        continue
      fi
      rss_mb[$key]=$(grep -E '^[0-9]+$' "$work/rss-$key" | sort -n | tail -n 1 | awk '{ printf "%.0f", $1 / 1024 }') || true
      made=$(find "$out" -type f -name '*.jpg' | wc -l)
      if ((made != nfiles)); then broken[$key]="$tool wrote $made of $nfiles thumbnails"; continue; fi
      walls[$key]="" cpus[$key]="" bg[$key]=0 tries[$key]=0
    done
  done
done

# ---- timed runs, interleaved: each round runs every set, size and tool once
log "timing: $nfiles files × ${kinds[*]}, ${sizes[*]} px, median of $runs runs..."
run_key() {  # run_key KIND-SIZE-TOOL
  local out=$work/out/$1 kind size tool
  IFS=- read -r kind size tool <<<"$1"
  rm -rf "$out" && mkdir -p "$out"
  run "$kind" "$tool" "$size" "$out"
}
keys=()
for kind in "${kinds[@]}"; do
  for size in "${sizes[@]}"; do for tool in "${tools[@]}"; do keys+=("$kind-$size-$tool"); done; done
done
interleaved_runs "$runs" "${keys[@]}"

declare -A med=() lo=() hi=() cpu_med=() q=()
run_stats
for key in "${!med[@]}"; do
  # The last run's thumbnails against Pillow's from the original JPEGs (same stems).
  size=${key#*-} size=${size%-*}
  log "quality: $key..."
  q[$key]=$(python3 Scripts/thumb_quality.py --tsv "$corpus" "$work/out/$key" "$size" 2>/dev/null) || q[$key]=""
done

# ---- report
cpu=$(grep -m 1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
declare -A mb=()
for kind in "${kinds[@]}"; do
  mb[$kind]=$(du -sm "$corpus/tiff-$kind" | cut -f1)
done
echo
echo "### TIFF thumbnails: $nfiles × 12 MP TIFF (8-bit RGB, upright, strips) → longest edge S, JPEG q85, 2 cores"
echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $cpu, $ncpu cores; median of $runs runs, interleaved, warm cache."
echo "filmroll: $filmroll_version; vipsthumbnail: $vips_version."
echo "Sets: $(for kind in "${kinds[@]}"; do printf '%s (%s, %s MB) ' "$kind" "${options[$kind]}" "${mb[$kind]}"; done)"
echo "Quality: 8 files (one per original EXIF orientation) vs Pillow full decode of the JPEG + exif_transpose + LANCZOS."
echo
echo "CPU s: user + system time of the run's processes (what a busy machine does not distort); ÷ vips is wall time's."
echo
echo "| set | S | tool | wall s median (min–max) | files/s | CPU s median | peak RSS MB | SSIM-Y mean / min | PSNR-Y dB | orientation | ÷ vips (CPU) | bg % |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
verdicts=()
for kind in "${kinds[@]}"; do
  for size in "${sizes[@]}"; do
    for tool in "${tools[@]}"; do
      key=$kind-$size-$tool
      label=$([[ $tool == vips ]] && echo "vipsthumbnail, 2 procs × $half files" || echo "filmroll thumbs --jobs 2")
      if [[ -z "${med[$key]:-}" ]]; then
        echo "| $kind | $size | $label | ${broken[$key]:-no figures} | – | – | – | – | – | – | – | – |"
        continue
      fi
      quality="– | – | –"
      if [[ -n "${q[$key]}" ]]; then
        IFS=$'\t' read -r s_mean s_min psnr scored orient <<<"${q[$key]}"
        quality="$s_mean / $s_min | $psnr | ${orient%% *}"
      fi
      ratio="–"
      if [[ $tool == filmroll && -n "${med[$kind-$size-vips]:-}" ]]; then
        ratio=$(calc %.2f "${med[$key]} / ${med[$kind-$size-vips]}")
        cpu_ratio=$(calc %.2f "${cpu_med[$key]} / ${cpu_med[$kind-$size-vips]}")
        verdict=$(awk "BEGIN { exit !($ratio <= $target_ratio) }" && echo PASS || echo FAIL)
        verdicts+=("$kind $size px: ${ratio}× vips ≤ $target_ratio: $verdict (CPU time ${cpu_ratio}×)")
        ratio="$ratio (≤ $target_ratio) ($cpu_ratio)"
      fi
      echo "| $kind | $size | $label | $(calc %.2f "${med[$key]}") ($(calc %.2f "${lo[$key]}")–$(calc %.2f "${hi[$key]}")) |" \
        "$(calc %.1f "$nfiles / ${med[$key]}") | $(calc %.2f "${cpu_med[$key]}") | ${rss_mb[$key]:-–} | $quality | $ratio |" \
        "$(calc %.0f "100 * ${bg[$key]}") |"
    done
  done
done
echo
echo "Filmroll target (≤ $target_ratio × vipsthumbnail):"
printf -- '- %s\n' "${verdicts[@]}"
for key in "${!broken[@]}"; do echo "- note: $key: ${broken[$key]}"; done
