#!/usr/bin/env bash
# JPEG XL thumbnail benchmark: `filmroll thumbs` against vipsthumbnail (2
# processes), on the 48 12 MP photos of the thumbnail corpus converted to
# JPEG XL by cjxl (default effort, -d 1), in one run, runs interleaved
# between tools. Sizes 256 (filmroll decodes the DC pass alone: an eighth
# covers it) and 1024 (both decode the whole picture), JPEG q85, 2 cores.
# For each tool and size: wall time median (min-max), files/s and CPU time
# (user + system, all processes) median; for filmroll the ratios to vips
# (target: wall ≤ 0.8) and the luma PSNR of its thumbnails against vips's.
# Ends with a markdown table. On a machine other work keeps busy the wall
# times say more about the scheduler than about the tools (vips runs 2
# threads per process, filmroll 1 per photo): the CPU times still compare.
#
#   Scripts/bench-jxl.sh [RUNS]     median of RUNS timed runs (default 5, or RUNS=n)
#   KEEP=1 Scripts/bench-jxl.sh     keep the work dir (thumbnails, logs)
#   BENCH_CORPUS=DIR                the corpus (default .bench-corpus; built by
#                                   ../shared/bench/make-corpus when missing)
#   JXL_CORPUS=DIR                  where the JPEG XL files are kept (default
#                                   .bench-corpus/photos12mp-jxl-d1 in this checkout)
#
# The JPEG XL files are made once, into JXL_CORPUS, with
# --lossless_jpeg=0: for a JPEG input cjxl's default is a lossless
# recompression of the JPEG's own coefficients, which ignores -d. A timed
# run during which other processes used more than 5% (BG_MAX=0.05) of the
# machine's CPU is redone (at most 2*RUNS extra tries per row).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/bench-common.sh
source Scripts/bench-common.sh
runs=${1:-${RUNS:-5}}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "bench-jxl: RUNS must be a positive integer, not '$runs'" >&2; exit 2; }
corpus=${BENCH_CORPUS:-.bench-corpus}
sizes=(256 1024)
tools=(vips filmroll)
bg_max=${BG_MAX:-0.05}                        # redo a run when others used more CPU than this

Scripts/install-deps.sh --bench
python3 -c 'import numpy, PIL' 2>/dev/null || python3 -m pip install --quiet numpy pillow
if [[ ! -d "$corpus/photos12mp" ]]; then
  [[ -f ../shared/bench/make-corpus ]] || { echo "bench-jxl: ../shared/bench/make-corpus not found" >&2; exit 1; }
  python3 ../shared/bench/make-corpus "$corpus"
fi
mapfile -d '' jpegs < <(find "$corpus/photos12mp" -name '*.jpg' -print0 | sort -z)
((${#jpegs[@]} > 0)) || { echo "bench-jxl: no JPEGs in $corpus/photos12mp" >&2; exit 1; }

# ---- the JPEG XL corpus, made once (a file is remade when its JPEG is newer)
jxl_dir=${JXL_CORPUS:-.bench-corpus/photos12mp-jxl-d1}
mkdir -p "$jxl_dir"
todo=()
for jpeg in "${jpegs[@]}"; do
  jxl=$jxl_dir/$(basename "${jpeg%.*}").jxl
  [[ -s "$jxl" && "$jxl" -nt "$jpeg" ]] || todo+=("$jpeg")
done
if ((${#todo[@]})); then
  log "converting ${#todo[@]} photos to JPEG XL (cjxl -d 1 --lossless_jpeg=0), 2 at a time..."
  printf '%s\0' "${todo[@]}" | xargs -0 -P2 -I{} sh -c \
    'out="$1/$(basename "${2%.*}").jxl"; cjxl -d 1 --lossless_jpeg=0 "$2" "$out.tmp" >/dev/null 2>&1 && mv "$out.tmp" "$out"' \
    _ "$jxl_dir" {}
fi
mapfile -d '' files < <(find "$jxl_dir" -name '*.jxl' -print0 | sort -z)
nfiles=${#files[@]}
((nfiles == ${#jpegs[@]})) || { echo "bench-jxl: $nfiles JPEG XL files for ${#jpegs[@]} JPEGs" >&2; exit 1; }
half=$(((nfiles + 1) / 2))

work=$(mktemp -d "${TMPDIR:-/tmp}/bench-jxl.XXXXXX")
if [[ "${KEEP:-}" == 1 ]]; then
  trap 'echo "work dir kept: $work" >&2' EXIT
else
  trap 'rm -rf "$work"' EXIT
fi

filmroll=.build/release/filmroll
log "building filmroll (swift build -c release --product filmroll)..."
if ! swift build -c release --product filmroll >"$work/build.log" 2>&1; then
  tail -n 5 "$work/build.log" | sed 's/^/  build: /' >&2
  echo "bench-jxl: filmroll does not build" >&2
  exit 1
fi
filmroll_version=$("$filmroll" --version 2>&1 | head -n 1)

# run TOOL SIZE OUTDIR: one batch over all files.
run() {
  local tool=$1 size=$2 out=$3
  case $tool in
    vips)
      printf '%s\0' "${files[@]}" |
        xargs -0 -P2 -n"$half" vipsthumbnail -s "$size" -o "$out/%s.jpg[Q=85,strip]" ;;
    filmroll)
      "$filmroll" thumbs --size "$size" --out "$out" --jobs 2 --no-cache --no-catalog --quiet \
        --quality 85 "${files[@]}" ;;
  esac
}

# ---- warm-up: page cache, and a check that each tool makes every thumbnail
declare -A walls=() cpus=() bg=() tries=() broken=()
for size in "${sizes[@]}"; do
  for tool in "${tools[@]}"; do
    key=$tool-$size out=$work/out/$tool-$size
    rm -rf "$out" && mkdir -p "$out"
    if ! run "$tool" "$size" "$out" 2>>"$work/$key.err"; then
      broken[$key]="$tool failed: $(tail -n 1 "$work/$key.err")"
      continue
    fi
    made=$(find "$out" -type f -name '*.jpg' | wc -l)
    if ((made != nfiles)); then
      broken[$key]="$tool wrote $made of $nfiles thumbnails"
      continue
    fi
    walls[$key]="" cpus[$key]="" bg[$key]=0 tries[$key]=0
  done
done

# ---- timed runs, interleaved: each round runs every tool at every size once
log "timing: $nfiles files, ${sizes[*]} px, median of $runs runs..."
run_key() {  # run_key TOOL-SIZE
  local out=$work/out/$1
  rm -rf "$out" && mkdir -p "$out"
  run "${1%-*}" "${1##*-}" "$out"
}
keys=()
for size in "${sizes[@]}"; do for tool in "${tools[@]}"; do keys+=("$tool-$size"); done; done
interleaved_runs "$runs" "${keys[@]}"

declare -A med=() lo=() hi=() cpu_med=() psnr=()
run_stats

# ---- filmroll's thumbnails against vips's (same names: the file's stem)
for size in "${sizes[@]}"; do
  [[ -n "${med[filmroll-$size]:-}" && -n "${med[vips-$size]:-}" ]] || continue
  psnr[$size]=$(python3 - "$work/out/filmroll-$size" "$work/out/vips-$size" "$size" <<'EOF'
import glob, os, sys
import numpy as np
from PIL import Image
ours, theirs, size = sys.argv[1], sys.argv[2], sys.argv[3]
values = []
for path in sorted(glob.glob(os.path.join(ours, "**", "*.jpg"), recursive=True)):
    stem = os.path.basename(path)[: -len("_%s.jpg" % size)]
    other = os.path.join(theirs, stem + ".jpg")
    if not os.path.exists(other):
        continue
    a, b = Image.open(path).convert("L"), Image.open(other).convert("L")
    if a.size != b.size:
        b = b.resize(a.size, Image.Resampling.LANCZOS)
    mse = np.mean((np.asarray(a, np.float64) - np.asarray(b, np.float64)) ** 2)
    values.append(99.0 if mse == 0 else 10 * np.log10(255 * 255 / mse))
print("%.1f (%d files)" % (np.mean(values), len(values)) if values else "no pairs")
EOF
) || psnr[$size]="failed"
done

# ---- report
vips_version=$(vipsthumbnail --vips-version 2>&1 | head -n 1) || true
cjxl_version=$(cjxl --version 2>&1 | head -n 1) || true
cpu=$(grep -m 1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
kb=$(du -k -c "${files[@]}" | tail -n 1 | cut -f1)
target=0.8
label() {
  case $1 in
    vips) echo "vipsthumbnail, 2 procs × $half files" ;;
    filmroll) echo "filmroll thumbs --jobs 2" ;;
  esac
}
echo
echo "### JPEG XL thumbnails: $nfiles × 12 MP (cjxl -d 1, $((kb / nfiles)) KB/file) → longest edge S, JPEG q85, 2 cores"
echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $cpu, $ncpu cores; median of $runs runs, interleaved, warm cache."
echo "filmroll: $filmroll_version; vipsthumbnail: $vips_version; $cjxl_version."
echo
echo "| S | tool | wall s median (min–max) | files/s | wall ÷ vips | CPU s median | CPU ÷ vips | luma PSNR vs vips dB | bg % |"
echo "|---|---|---|---|---|---|---|---|---|"
for size in "${sizes[@]}"; do
  for tool in "${tools[@]}"; do
    key=$tool-$size
    if [[ -z "${med[$key]:-}" ]]; then
      echo "| $size | $(label "$tool") | ${broken[$key]:-no figures} | – | – | – | – | – | – |"
      continue
    fi
    ratio="–" cpu_ratio="–" quality="–"
    if [[ $tool == filmroll && -n "${med[vips-$size]:-}" ]]; then
      ratio="$(calc %.2f "${med[$key]} / ${med[vips-$size]}") (≤ $target)"
      cpu_ratio=$(calc %.2f "${cpu_med[$key]} / ${cpu_med[vips-$size]}")
      quality=${psnr[$size]:-–}
    fi
    echo "| $size | $(label "$tool") | $(calc %.2f "${med[$key]}") ($(calc %.2f "${lo[$key]}")–$(calc %.2f "${hi[$key]}")) |" \
      "$(calc %.1f "$nfiles / ${med[$key]}") | $ratio | $(calc %.2f "${cpu_med[$key]}") | $cpu_ratio | $quality |" \
      "$(calc %.0f "100 * ${bg[$key]}") |"
  done
done
echo
for size in "${sizes[@]}"; do
  if [[ -n "${med[filmroll-$size]:-}" && -n "${med[vips-$size]:-}" ]]; then
    r=$(calc %.2f "${med[filmroll-$size]} / ${med[vips-$size]}")
    verdict=$(awk "BEGIN { exit !($r <= $target) }" && echo PASS || echo FAIL)
    echo "- $size px: filmroll $r× vips ≤ $target: $verdict (CPU time $(calc %.2f "${cpu_med[filmroll-$size]} / ${cpu_med[vips-$size]}")×)"
  else
    echo "- $size px: no ratio (${broken[filmroll-$size]:-}${broken[vips-$size]:-})"
  fi
done
