#!/usr/bin/env bash
# GIF benchmark: `filmroll gif` against ffmpeg's two-pass palette GIF (the
# recipe of ../shared/bench/anchors.md section 3) and the ffmpeg decode of the
# source frames (the floor), on the corpus's seq/ (24 PNG frames 1920×1080 →
# 480×270, 10 fps, loop forever), in one run, runs interleaved between tools.
# For each tool: wall time median (min-max), peak RSS (GNU time, largest
# single process, on a separate warm-up run); for each GIF: size, frame count,
# per-frame delays, loop count and RGB PSNR per composited frame (mean and
# worst) against the source frames resized with Pillow LANCZOS, measured as
# run-anchors does (Scripts/gif_quality.py). Ends with a markdown table and
# filmroll's targets: faster, smaller (also than gifsicle -O3) and higher
# mean PSNR than every ffmpeg row, all at once.
#
#   Scripts/bench-gif.sh [RUNS]     median of RUNS timed runs (default 3, or RUNS=n)
#   KEEP=1 Scripts/bench-gif.sh     keep the work dir (GIFs, palettes, logs)
#
# Rows:
#   floor            ffmpeg -framerate 10 -i seq/frame_%03d.png -f null -   (decode only)
#   ffmpeg-bayer     pass 1 palettegen=stats_mode=diff, pass 2 paletteuse=dither=
#                    bayer:bayer_scale=5:diff_mode=rectangle (2 processes, timed together)
#   gifsicle-bayer   gifsicle -O3 on that GIF (this step only, timed separately)
#   ffmpeg-sierra    the same two passes with paletteuse=dither=sierra2_4a
#   gifsicle-sierra  gifsicle -O3 on that GIF
#   filmroll         filmroll gif SEQ -o OUT --fps 10 --width 480 --loop forever --quiet
#   filmroll-q90     ... --palette-quality 90;   filmroll-d05 ... --dither 0.5
#
# A timed run during which other processes used more than 5% of the machine's
# CPU is redone (at most 2*RUNS extra tries per row). The corpus is built once
# by ../shared/bench/make-corpus into .bench-corpus/.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/bench-common.sh
source Scripts/bench-common.sh
runs=${1:-${RUNS:-3}}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "bench-gif: RUNS must be a positive integer, not '$runs'" >&2; exit 2; }
corpus=${BENCH_CORPUS:-.bench-corpus}
seq=$corpus/seq
pattern=$seq/frame_%03d.png                   # the frame names make-corpus writes
tools=(floor ffmpeg-bayer gifsicle-bayer ffmpeg-sierra gifsicle-sierra filmroll filmroll-q90 filmroll-d05)
bg_max=0.05                                   # redo a run when others used more CPU than this

Scripts/install-deps.sh --bench
python3 -c 'import numpy, PIL' 2>/dev/null || python3 -m pip install --quiet numpy pillow
if [[ ! -d "$seq" ]]; then
  [[ -f ../shared/bench/make-corpus ]] || { echo "bench-gif: ../shared/bench/make-corpus not found" >&2; exit 1; }
  python3 ../shared/bench/make-corpus "$corpus"
fi
mapfile -d '' frames < <(find "$seq" -maxdepth 1 -name '*.png' -print0 | sort -z)
nframes=${#frames[@]}
((nframes > 0)) || { echo "bench-gif: no PNG frames in $seq" >&2; exit 1; }
[[ -f "$seq/frame_001.png" ]] || { echo "bench-gif: $seq has no frame_001.png (expected frame_%03d.png)" >&2; exit 1; }
src_dims=$(python3 -c 'import sys; from PIL import Image; print("%d×%d" % Image.open(sys.argv[1]).size)' "${frames[0]}")

work=$(mktemp -d "${TMPDIR:-/tmp}/bench-gif.XXXXXX")
if [[ "${KEEP:-}" == 1 ]]; then
  trap 'echo "work dir kept: $work" >&2' EXIT
else
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work/out"

declare -A broken=()                          # key -> why it has no figures
declare -A dither=([bayer]="bayer:bayer_scale=5:diff_mode=rectangle" [sierra]="sierra2_4a")
declare -A fr_args=([filmroll]="" [filmroll-q90]="--palette-quality 90" [filmroll-d05]="--dither 0.5")
for key in floor ffmpeg-bayer ffmpeg-sierra; do
  command -v ffmpeg >/dev/null || broken[$key]="ffmpeg not installed"
done
for key in gifsicle-bayer gifsicle-sierra; do
  command -v gifsicle >/dev/null || broken[$key]="gifsicle not installed"
done

# ---- filmroll: built now; "not available" (never estimated) when it does not build or lacks `gif`
filmroll=.build/release/filmroll
log "building filmroll (swift build -c release --product filmroll)..."
if ! swift build -c release --product filmroll >"$work/build.log" 2>&1; then
  why="build failed"
  tail -n 5 "$work/build.log" | sed 's/^/  build: /' >&2
elif ! "$filmroll" gif --help >"$work/gif-help.txt" 2>&1; then
  why="no 'gif' command"
else
  why=""
fi
if [[ -n "$why" ]]; then
  for key in filmroll filmroll-q90 filmroll-d05; do broken[$key]="filmroll gif: not available ($why)"; done
  filmroll_version="not available ($why)"
else
  filmroll_version=$("$filmroll" --version 2>&1 | head -n 1)
fi

out() { echo "$work/out/$1.gif"; }

# run KEY [RSSLOG]: one GIF (or the decode floor); with RSSLOG, GNU time
# appends each process's peak RSS (KB) to it. stdin is /dev/null so that
# ffmpeg never waits on the terminal; stdout goes to the work dir's KEY.log.
run() {
  local key=$1 rss=() extra=()
  [[ -n "${2:-}" ]] && rss=(/usr/bin/time -f %M -a -o "$2")
  case $key in
    floor)
      "${rss[@]}" ffmpeg -v error -framerate 10 -i "$pattern" -f null - ;;
    ffmpeg-*)
      local name=${key#ffmpeg-}
      "${rss[@]}" ffmpeg -v error -y -framerate 10 -i "$pattern" \
        -vf 'scale=480:-1:flags=lanczos,palettegen=stats_mode=diff' "$work/pal-$name.png" &&
        "${rss[@]}" ffmpeg -v error -y -framerate 10 -i "$pattern" -i "$work/pal-$name.png" \
          -lavfi "scale=480:-1:flags=lanczos[x];[x][1:v]paletteuse=dither=${dither[$name]}" -loop 0 "$work/out/$key.gif" ;;
    gifsicle-*)
      "${rss[@]}" gifsicle -O3 "$work/out/ffmpeg-${key#gifsicle-}.gif" -o "$work/out/$key.gif" ;;
    filmroll*)
      read -ra extra <<<"${fr_args[$key]}"
      "${rss[@]}" "$filmroll" gif "$seq" -o "$work/out/$key.gif" --fps 10 --width 480 --loop forever --quiet "${extra[@]}" ;;
  esac </dev/null >>"$work/$key.log"
}

first_err() { grep -v -e '^Command exited' -e '^[0-9]*$' "$1" | tail -n 1; }

# ---- warm-up: page cache, a check that each tool works, peak RSS
declare -A rss_mb=() walls=() cpus=() bg=() tries=()
for key in "${tools[@]}"; do
  [[ -n "${broken[$key]:-}" ]] && continue
  if [[ $key == gifsicle-* && -n "${broken[ffmpeg-${key#gifsicle-}]:-}" ]]; then
    broken[$key]="no ffmpeg GIF to optimise"
    continue
  fi
  rm -f "$(out "$key")"
  : >"$work/rss-$key"
  if ! run "$key" "$work/rss-$key" 2>>"$work/$key.err"; then
    broken[$key]="$key failed: $(first_err "$work/$key.err")"
    continue
  fi
  if [[ $key != floor && ! -s "$(out "$key")" ]]; then
    broken[$key]="$key wrote no GIF"
    continue
  fi
  rss_mb[$key]=$(grep -E '^[0-9]+$' "$work/rss-$key" | sort -n | tail -n 1 | awk '{ printf "%.0f", $1 / 1024 }') || true
  walls[$key]="" bg[$key]=0 tries[$key]=0
done

# ---- timed runs, interleaved: each round runs every tool once
log "timing: $nframes frames, median of $runs runs..."
run_key() {  # run_key TOOL
  rm -f "$(out "$1")"
  run "$1"
}
interleaved_runs "$runs" "${tools[@]}"

# shellcheck disable=SC2034  # cpu_med: filled by run_stats, unused here
declare -A med=() lo=() hi=() cpu_med=()
run_stats

# ---- the last run's GIFs: size, frames, delays, loop, PSNR
declare -A kb=() bytes=() n_out=() delays=() loops=() dims=() q_mean=() q_worst=() q_frame=() q_n=() q_median=()
gifs=()
for key in "${tools[@]}"; do
  [[ $key != floor && -n "${med[$key]:-}" ]] && gifs+=("$(out "$key")")
done
if ((${#gifs[@]})); then
  log "quality: ${#gifs[@]} GIFs against $nframes LANCZOS-resized source frames..."
  python3 Scripts/gif_quality.py --tsv "$seq" "${gifs[@]}" >"$work/quality.tsv" 2>"$work/quality.err" ||
    log "  gif_quality.py: $(tail -n 1 "$work/quality.err")"
  while IFS=$'\t' read -r path frames delay loop dim mean worst frame scored median; do
    key=$(basename "$path" .gif)
    bytes[$key]=$(stat -c %s "$path")
    kb[$key]=$(calc %.0f "${bytes[$key]} / 1024")
    n_out[$key]=$frames delays[$key]=$delay loops[$key]=$loop dims[$key]=$dim
    q_mean[$key]=$mean q_worst[$key]=$worst q_frame[$key]=$frame q_n[$key]=$scored q_median[$key]=$median
  done <"$work/quality.tsv"
fi

# ---- report
ffmpeg_version=$(ffmpeg -version 2>&1 | head -n 1 | awk '{ print $3 }') || true
gifsicle_version=$(gifsicle --version 2>&1 | head -n 1 | awk '{ print $NF }') || true
pillow_version=$(python3 -c 'import PIL; print(PIL.__version__)')
cpu=$(grep -m 1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
label() {
  case $1 in
    floor) echo "ffmpeg: decode the $nframes PNGs only → null (floor)" ;;
    ffmpeg-bayer) echo "ffmpeg palettegen(stats_mode=diff) + paletteuse dither=bayer:bayer_scale=5:diff_mode=rectangle (2 procs)" ;;
    ffmpeg-sierra) echo "ffmpeg palettegen(stats_mode=diff) + paletteuse dither=sierra2_4a (2 procs)" ;;
    gifsicle-*) echo "… then gifsicle -O3 (this step only)" ;;
    filmroll) echo "filmroll gif --fps 10 --width 480 --loop forever" ;;
    filmroll-*) echo "filmroll gif … ${fr_args[$1]}" ;;
  esac
}
verdict() { awk "BEGIN { exit !($1) }" && echo "PASS" || echo "FAIL"; }
delay_cell() { # "100x24" -> "100"; mixed delays stay run-length encoded
  local d=${delays[$1]:-}
  [[ $d =~ ^([0-9]+)x[0-9]+$ ]] && d=${BASH_REMATCH[1]}
  echo "${d:-–}"
}
loop_cell() {
  case ${loops[$1]:-} in
    "") echo "–" ;;
    0) echo "0 (forever)" ;;
    none) echo "none (plays once)" ;;
    *) echo "${loops[$1]}" ;;
  esac
}

echo
echo "### GIF: $nframes × $src_dims PNG (seq/) → 480×270, 10 fps, loop forever"
echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $cpu, $ncpu cores; median of $runs runs, interleaved, warm cache."
echo "filmroll: $filmroll_version; ffmpeg: ${ffmpeg_version:-?}; gifsicle: ${gifsicle_version:-?}; Pillow: $pillow_version."
echo "Quality: RGB PSNR of every frame as Pillow composites it, against its source PNG resized with Pillow LANCZOS (as run-anchors)."
echo
echo "| tool | wall s median (min–max) | size KB | frames | delay ms | loop | PSNR mean dB | worst frame dB | peak RSS MB |"
echo "|---|---|---|---|---|---|---|---|---|"
for key in "${tools[@]}"; do
  if [[ -z "${med[$key]:-}" ]]; then
    echo "| $(label "$key") | ${broken[$key]:-no figures} | – | – | – | – | – | – | – |"
    continue
  fi
  wall="$(calc %.2f "${med[$key]}") ($(calc %.2f "${lo[$key]}")–$(calc %.2f "${hi[$key]}"))"
  if [[ $key == floor ]]; then
    echo "| $(label "$key") | $wall | – | ($nframes decoded) | – | – | – | – | ${rss_mb[$key]:-–} |"
    continue
  fi
  frames="${n_out[$key]:-–}"
  [[ -n "${dims[$key]:-}" && "${dims[$key]}" != 480x270 ]] && frames+=" at ${dims[$key]}"
  mean="${q_mean[$key]:-–}"
  [[ -n "${q_n[$key]:-}" && "${q_n[$key]}" != "$nframes" ]] && mean+=" (${q_n[$key]}/$nframes scored)"
  worst="${q_worst[$key]:-–}"
  [[ -n "${q_frame[$key]:-}" && "${q_frame[$key]}" != - ]] && worst+=" (frame ${q_frame[$key]})"
  echo "| $(label "$key") | $wall | ${kb[$key]:-–} | $frames | $(delay_cell "$key") | $(loop_cell "$key") |" \
    "$mean | $worst | ${rss_mb[$key]:-–} |"
done

# ---- targets: the default filmroll row against every ffmpeg row at once
best() { # min|max ARRAY KEY...: the KEY whose value in ARRAY is lowest (min) or highest (max); first on ties
  local op=$1 k
  local -n vals=$2
  shift 2
  for k in "$@"; do
    [[ "${vals[$k]:-}" =~ ^[0-9.]+$ ]] && echo "${vals[$k]} $k"
  done | if [[ $op == min ]]; then sort -s -g -k1,1; else sort -s -gr -k1,1; fi | head -n 1 | cut -d' ' -f2
}
echo
echo "Filmroll targets (default row; beat every ffmpeg row at once):"
key=filmroll
if [[ -z "${med[$key]:-}" ]]; then
  echo "- ${broken[$key]:-no figures}; targets not checked"
else
  r=$(best min med ffmpeg-bayer ffmpeg-sierra)
  if [[ -n "$r" ]]; then
    echo "- time: $(calc %.2f "${med[$key]}") s < fastest ffmpeg $(calc %.2f "${med[$r]}") s (${r#ffmpeg-}): $(verdict "${med[$key]} < ${med[$r]}")" \
      "($(calc %.2f "${med[$key]} / ${med[$r]}")×; $(if [[ -n "${med[floor]:-}" ]]; then calc %.2f "${med[$key]} / ${med[floor]}"; else echo "?"; fi)× the decode floor)"
  else
    echo "- time: no ffmpeg row; not checked"
  fi
  r=$(best min bytes ffmpeg-bayer ffmpeg-sierra gifsicle-bayer gifsicle-sierra)
  if [[ -n "$r" && -n "${kb[$key]:-}" ]]; then
    echo "- size: ${kb[$key]} KB < smallest ffmpeg ${kb[$r]} KB ($r): $(verdict "${bytes[$key]} < ${bytes[$r]}")"
  else
    echo "- size: not checked (no figures)"
  fi
  r=$(best max q_mean ffmpeg-bayer ffmpeg-sierra gifsicle-bayer gifsicle-sierra)
  if [[ -n "$r" && "${q_mean[$key]:-}" =~ ^[0-9.]+$ ]]; then
    echo "- PSNR mean: ${q_mean[$key]} dB > best ffmpeg ${q_mean[$r]} dB ($r): $(verdict "${q_mean[$key]} > ${q_mean[$r]} && ${q_n[$key]} == $nframes")"
  else
    echo "- PSNR mean: not checked (no figures)"
  fi
  ok=$([[ "${n_out[$key]:-}" == "$nframes" && "${delays[$key]:-}" == "100x$nframes" && "${loops[$key]:-}" == 0 && "${dims[$key]:-}" == 480x270 ]] && echo OK || echo WRONG)
  echo "- output: ${n_out[$key]:-?} frames, ${dims[$key]:-?}, delays ${delays[$key]:-?} ms, loop ${loops[$key]:-?} (want $nframes, 480x270, 100x$nframes, 0): $ok"
fi

notes=()
for key in "${tools[@]}"; do
  [[ -z "${broken[$key]:-}" || "${broken[$key]}" == "filmroll gif: not available"* ]] || notes+=("${broken[$key]}")
done
for key in "${tools[@]}"; do   # a frame far below the others is broken, as run-anchors flags it
  [[ "${q_worst[$key]:-}" =~ ^[0-9.]+$ && "${q_median[$key]}" =~ ^[0-9.]+$ ]] || continue
  awk "BEGIN { exit !(${q_worst[$key]} < ${q_median[$key]} - 6) }" &&
    notes+=("$key: frame ${q_frame[$key]} is broken (${q_worst[$key]} dB against a median of ${q_median[$key]} dB)")
done
worst_bg=0
for key in "${tools[@]}"; do
  [[ -n "${bg[$key]:-}" ]] || continue
  worst_bg=$(calc %.3f "${bg[$key]} > $worst_bg ? ${bg[$key]} : $worst_bg")
  awk "BEGIN { exit !(${bg[$key]} > $bg_max) }" &&
    notes+=("$key: other processes used up to $(calc %.0f "100 * ${bg[$key]}")% of the CPU in a kept run (tries ran out): rerun")
done
echo
echo "Other processes used at most $(calc %.1f "100 * $worst_bg")% of the CPU during a kept timed run (runs above $(calc %.0f "100 * $bg_max")% are redone)."
if ((${#notes[@]})); then
  printf -- '- note: %s\n' "${notes[@]}"
fi
