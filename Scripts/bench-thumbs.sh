#!/usr/bin/env bash
# Thumbnail benchmark: `filmroll thumbs` against vipsthumbnail (2 processes)
# and the djpeg DCT-scaled decode (the floor: decode only, nothing written),
# on the same 48 12 MP photos, in one run, runs interleaved between tools.
# Sizes 256 and 1024, JPEG q85, 2 cores. For each tool and size: wall time
# median (min-max), files/s, peak RSS of the largest single process (GNU time,
# on a separate warm-up run), output KB/file; for filmroll and vips also luma
# SSIM/PSNR and an orientation check against a Pillow reference
# (Scripts/thumb_quality.py). Ends with a markdown table and filmroll's targets.
#
#   Scripts/bench-thumbs.sh [RUNS]     median of RUNS timed runs (default 5, or RUNS=n)
#   KEEP=1 Scripts/bench-thumbs.sh     keep the work dir (thumbnails, logs)
#
# A timed run during which other processes used more than 5% of the machine's
# CPU is redone (at most 2*RUNS extra tries per row); the bg% column is the
# worst such share among the kept runs. The corpus is built once by
# ../shared/bench/make-corpus into .bench-corpus/.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/bench-common.sh
source Scripts/bench-common.sh
runs=${1:-${RUNS:-5}}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "bench-thumbs: RUNS must be a positive integer, not '$runs'" >&2; exit 2; }
corpus=${BENCH_CORPUS:-.bench-corpus}
sizes=(256 1024)
tools=(floor vips filmroll)
bg_max=0.05                                   # redo a run when others used more CPU than this

Scripts/install-deps.sh --bench
python3 -c 'import numpy, PIL, skimage' 2>/dev/null || python3 -m pip install --quiet numpy pillow scikit-image
if [[ ! -d "$corpus/photos12mp" ]]; then
  [[ -f ../shared/bench/make-corpus ]] || { echo "bench-thumbs: ../shared/bench/make-corpus not found" >&2; exit 1; }
  python3 ../shared/bench/make-corpus "$corpus"
fi
mapfile -d '' files < <(find "$corpus/photos12mp" -name '*.jpg' -print0 | sort -z)
nfiles=${#files[@]}
((nfiles > 0)) || { echo "bench-thumbs: no JPEGs in $corpus/photos12mp" >&2; exit 1; }
half=$(((nfiles + 1) / 2))                    # files per process for the 2-process tools

work=$(mktemp -d "${TMPDIR:-/tmp}/bench-thumbs.XXXXXX")
if [[ "${KEEP:-}" == 1 ]]; then
  trap 'echo "work dir kept: $work" >&2' EXIT
else
  trap 'rm -rf "$work"' EXIT
fi

# ---- filmroll: built now; left out (never estimated) when it does not build or lacks `thumbs`
filmroll=.build/release/filmroll
declare -A broken=()                          # key "tool-size" -> why it has no figures
log "building filmroll (swift build -c release --product filmroll)..."
if ! swift build -c release --product filmroll >"$work/build.log" 2>&1; then
  why="build failed"
  tail -n 5 "$work/build.log" | sed 's/^/  build: /' >&2
elif ! "$filmroll" thumbs --help >/dev/null 2>&1; then
  why="no 'thumbs' command"
else
  why=""
fi
if [[ -n "$why" ]]; then
  for size in "${sizes[@]}"; do broken[filmroll-$size]="filmroll: not available ($why)"; done
  filmroll_version="not available ($why)"
else
  filmroll_version=$("$filmroll" --version 2>&1 | head -n 1)
fi

declare -A floor_scale=([256]=1/8 [1024]=1/2)   # djpeg DCT scale at each size (the floor)

# run TOOL SIZE OUTDIR [RSSLOG]: one batch over all files; with RSSLOG, GNU time
# appends each process's peak RSS (KB) to it.
run() {
  local tool=$1 size=$2 out=$3 rss=()
  [[ -n "${4:-}" ]] && rss=(/usr/bin/time -f %M -a -o "$4")
  case $tool in
    floor)
      printf '%s\0' "${files[@]}" |
        xargs -0 -P2 -n1 "${rss[@]}" djpeg -scale "${floor_scale[$size]}" -outfile /dev/null ;;
    vips)
      printf '%s\0' "${files[@]}" |
        xargs -0 -P2 -n"$half" "${rss[@]}" vipsthumbnail -s "$size" -o "$out/%s.jpg[Q=85,strip]" ;;
    filmroll)
      "${rss[@]}" "$filmroll" thumbs --size "$size" --out "$out" --jobs 2 --no-cache --quiet \
        --quality 85 "${files[@]}" ;;
  esac
}


# ---- warm-up: page cache, a check that each tool works, peak RSS
declare -A rss_mb=() decode=() walls=() cpus=() bg=() tries=()
for size in "${sizes[@]}"; do
  for tool in "${tools[@]}"; do
    key=$tool-$size out=$work/out/$tool-$size
    [[ -n "${broken[$key]:-}" ]] && continue
    rm -rf "$out" && mkdir -p "$out"
    : >"$work/rss-$key"
    if ! run "$tool" "$size" "$out" "$work/rss-$key" 2>>"$work/$key.err"; then
      broken[$key]="$tool failed: $(grep -v '^Command exited' "$work/$key.err" | tail -n 1)"
      continue
    fi
    rss_mb[$key]=$(grep -E '^[0-9]+$' "$work/rss-$key" | sort -n | tail -n 1 | awk '{ printf "%.0f", $1 / 1024 }') || true
    made=$(find "$out" -type f -name '*.jpg' | wc -l)
    if [[ $tool != floor && $made -ne $nfiles ]]; then
      broken[$key]="$tool wrote $made of $nfiles thumbnails"
      continue
    fi
    walls[$key]="" bg[$key]=0 tries[$key]=0
  done
  decode[floor-$size]=${floor_scale[$size]}
  # vips's own JPEG shrink-on-load factor, from its info log on one file
  if [[ -z "${broken[vips-$size]:-}" ]]; then
    f=$(VIPS_INFO=1 vipsthumbnail -s "$size" -o "$work/probe-%s.jpg[Q=85,strip]" "${files[0]}" 2>&1 |
      sed -n 's/.*loading with factor \([0-9]*\) pre-shrink.*/\1/p' | head -n 1) || true
    decode[vips-$size]=${f:+1/$f}
  fi
done

# ---- timed runs, interleaved: each round runs every tool at every size once
log "timing: ${#files[@]} files, ${sizes[*]} px, median of $runs runs..."
run_key() {  # run_key TOOL-SIZE
  local out=$work/out/$1
  rm -rf "$out" && mkdir -p "$out"
  run "${1%-*}" "${1##*-}" "$out"
}
keys=()
for size in "${sizes[@]}"; do for tool in "${tools[@]}"; do keys+=("$tool-$size"); done; done
interleaved_runs "$runs" "${keys[@]}"

# shellcheck disable=SC2034  # cpu_med: filled by run_stats, unused here
declare -A med=() lo=() hi=() cpu_med=() kb=() q_mean=() q_min=() q_psnr=() q_n=() q_orient=()
run_stats

# ---- quality of the last run's thumbnails
for size in "${sizes[@]}"; do
  for tool in vips filmroll; do
    key=$tool-$size out=$work/out/$tool-$size
    [[ -z "${med[$key]:-}" ]] && continue
    kb[$key]=$(find "$out" -type f -name '*.jpg' -printf '%s\n' | awk '{ s += $1; n++ } END { if (n) printf "%.1f", s / n / 1024 }')
    log "quality: $key..."
    if q=$(python3 Scripts/thumb_quality.py --tsv "$corpus" "$out" "$size"); then
      IFS=$'\t' read -r "q_mean[$key]" "q_min[$key]" "q_psnr[$key]" "q_n[$key]" "q_orient[$key]" <<<"$q"
    else
      q_orient[$key]="BAD thumb_quality.py failed"
    fi
  done
done

# ---- report
vips_version=$(vipsthumbnail --vips-version 2>&1 | head -n 1) || true
djpeg_version=$(djpeg -version 2>&1 | head -n 1) || true
cpu=$(grep -m 1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
declare -A max_vips=([256]=0.8 [1024]=0.65) max_floor=([256]=1.2 [1024]=1.4) min_ssim=([256]=0.983 [1024]=0.973)
max_rss=200
label() {
  case $1 in
    floor) echo "djpeg -scale ${floor_scale[$2]} → /dev/null (floor), -P2" ;;
    vips) echo "vipsthumbnail, 2 procs × $half files" ;;
    filmroll) echo "filmroll thumbs --jobs 2" ;;
  esac
}
verdict() { awk "BEGIN { exit !($1) }" && echo "PASS" || echo "FAIL"; }
ratio() { # A B: median of A / median of B
  [[ -n "${med[$1]:-}" && -n "${med[$2]:-}" ]] && calc %.2f "${med[$1]} / ${med[$2]}"
}

echo
echo "### Thumbnails: $nfiles × 12 MP JPEG (4032×3024, EXIF orientations 1..8) → longest edge S, JPEG q85, 2 cores"
echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $cpu, $ncpu cores; median of $runs runs, interleaved, warm cache."
echo "filmroll: $filmroll_version; vipsthumbnail: $vips_version; djpeg: $djpeg_version."
echo "Quality: 8 files (one per orientation) vs Pillow full decode + exif_transpose + LANCZOS; luma SSIM (7×7) / PSNR."
echo
echo "| S | tool | decode | wall s median (min–max) | files/s | peak RSS MB | out KB/file | SSIM-Y mean / min | PSNR-Y dB | orientation | ÷ vips | ÷ floor | bg % |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for size in "${sizes[@]}"; do
  for tool in "${tools[@]}"; do
    key=$tool-$size
    if [[ -z "${med[$key]:-}" ]]; then
      echo "| $size | $(label "$tool" "$size") | ${broken[$key]:-no figures} | – | – | – | – | – | – | – | – | – | – |"
      continue
    fi
    wall="$(calc %.2f "${med[$key]}") ($(calc %.2f "${lo[$key]}")–$(calc %.2f "${hi[$key]}"))"
    quality="– | – | –"
    if [[ -n "${q_mean[$key]:-}" ]]; then
      n=""; [[ "${q_n[$key]}" != 8 ]] && n=" (${q_n[$key]}/8 scored)"
      quality="${q_mean[$key]} / ${q_min[$key]}$n | ${q_psnr[$key]} | ${q_orient[$key]%% *}"
    fi
    vs_vips="–" vs_floor="–"
    if [[ $tool == filmroll ]]; then
      r=$(ratio "$key" "vips-$size") && vs_vips="$r (≤ ${max_vips[$size]})"
      r=$(ratio "$key" "floor-$size") && vs_floor="$r (≤ ${max_floor[$size]})"
    fi
    echo "| $size | $(label "$tool" "$size") | ${decode[$key]:-–} | $wall | $(calc %.1f "$nfiles / ${med[$key]}") |" \
      "${rss_mb[$key]:-–} | ${kb[$key]:-–} | $quality | $vs_vips | $vs_floor | $(calc %.0f "100 * ${bg[$key]}") |"
  done
done

echo
echo "Filmroll targets:"
for size in "${sizes[@]}"; do
  key=filmroll-$size
  if [[ -z "${med[$key]:-}" ]]; then
    echo "- $size px: ${broken[$key]:-no figures}; targets not checked"
    continue
  fi
  checks=()
  r=$(ratio "$key" "vips-$size") && checks+=("$r× vips ≤ ${max_vips[$size]}: $(verdict "$r <= ${max_vips[$size]}")")
  r=$(ratio "$key" "floor-$size") && checks+=("$r× floor ≤ ${max_floor[$size]}: $(verdict "$r <= ${max_floor[$size]}")")
  [[ -n "${rss_mb[$key]:-}" ]] && checks+=("peak RSS ${rss_mb[$key]} MB < $max_rss: $(verdict "${rss_mb[$key]} < $max_rss")")
  if [[ -n "${q_mean[$key]:-}" ]]; then
    checks+=("SSIM-Y mean ${q_mean[$key]} ≥ ${min_ssim[$size]}: $(verdict "${q_mean[$key]} >= ${min_ssim[$size]} && ${q_n[$key]} == 8")")
    checks+=("orientation ${q_orient[$key]%% *}")
  fi
  line="- $size px: ${checks[0]}"
  for check in "${checks[@]:1}"; do line+="; $check"; done
  echo "$line"
done

notes=()
for key in "${!broken[@]}"; do [[ $key == filmroll-* ]] || notes+=("$key: ${broken[$key]}"); done
for key in "${!q_orient[@]}"; do [[ "${q_orient[$key]}" == OK ]] || notes+=("$key orientation: ${q_orient[$key]}"); done
for key in "${!bg[@]}"; do
  awk "BEGIN { exit !(${bg[$key]} > $bg_max) }" &&
    notes+=("$key: other processes used up to $(calc %.0f "100 * ${bg[$key]}")% of the CPU in a kept run (tries ran out): rerun")
done
if ((${#notes[@]})); then
  echo
  printf -- '- note: %s\n' "${notes[@]}"
fi
