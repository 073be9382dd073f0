#!/usr/bin/env bash
# Video benchmark: Filmroll's H.264 encoder against the ffmpeg command a user
# would type, on the corpus's seq/ (24 PNG frames 1920×1080 → 1280×720,
# 10 fps, libx264 crf 23 preset medium, +faststart), in one run, runs
# interleaved between the two.
#
#   ffmpeg    ffmpeg -framerate 10 -i seq/frame_%03d.png -vf scale=1280:-2:flags=lanczos
#             -c:v libx264 -crf 23 -preset medium -pix_fmt yuv420p -movflags +faststart OUT.mp4
#   filmroll  filmroll video --fps 10 --size 1280 --crf 23 --preset medium -o OUT.mp4 seq/*.png
#             (the command as a user types it, with its defaults: the folder's catalog is
#             written, and removed before each run so every run starts cold)
#
# For each: wall time median (min–max) of RUNS runs, peak RSS and CPU time
# (user + system; GNU time, on a separate warm-up run), file size, frames, duration, box order, colour
# tags, and RGB PSNR per frame (mean, worst) against the source frames
# resized with Pillow LANCZOS, each MP4 decoded through the matrix it is
# tagged with (Scripts/video_quality.py). Targets: Filmroll's PSNR at least
# ffmpeg's − 0.1 dB, its size at most 1.05×, its time at most 1.0×.
#
#   Scripts/bench-video.sh [RUNS]     median of RUNS timed runs (default 5, or RUNS=n)
#   KEEP=1 Scripts/bench-video.sh     keep the work dir (the MP4s, logs)
#
# A timed run during which other processes used more than 5% of the machine's
# CPU is redone (at most 2*RUNS extra tries per row). The corpus is built once
# by ../shared/bench/make-corpus into .bench-corpus/ (BENCH_CORPUS=dir to use
# another, e.g. another worktree's).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/bench-common.sh
source Scripts/bench-common.sh
runs=${1:-${RUNS:-5}}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "bench-video: RUNS must be a positive integer, not '$runs'" >&2; exit 2; }
corpus=${BENCH_CORPUS:-.bench-corpus}
seq=$corpus/seq
tools=(ffmpeg filmroll)
bg_max=0.05

Scripts/install-deps.sh --bench
python3 -c 'import numpy, PIL' 2>/dev/null || python3 -m pip install --quiet numpy pillow
if [[ ! -d "$seq" ]]; then
  [[ -f ../shared/bench/make-corpus ]] || { echo "bench-video: ../shared/bench/make-corpus not found" >&2; exit 1; }
  python3 ../shared/bench/make-corpus "$corpus"
fi
mapfile -d '' frames < <(find "$seq" -maxdepth 1 -name '*.png' -print0 | sort -z)
nframes=${#frames[@]}
((nframes > 0)) || { echo "bench-video: no PNG frames in $seq" >&2; exit 1; }
[[ -f "$seq/frame_001.png" ]] || { echo "bench-video: $seq has no frame_001.png (expected frame_%03d.png)" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/bench-video.XXXXXX")
if [[ "${KEEP:-}" == 1 ]]; then
  trap 'echo "work dir kept: $work" >&2' EXIT
else
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work/out"

declare -A broken=()
command -v ffmpeg >/dev/null || broken[ffmpeg]="ffmpeg not installed"
filmroll=.build/release/filmroll
log "building filmroll (swift build -c release --product filmroll)..."
if ! swift build -c release --product filmroll >"$work/build.log" 2>&1; then
  tail -n 5 "$work/build.log" | sed 's/^/  build: /' >&2
  broken[filmroll]="filmroll: build failed"
fi
# Both tools read a copy of the frames, where filmroll's catalog may be written.
mkdir -p "$work/seq"
cp "${frames[@]}" "$work/seq/"
seq=$work/seq
mapfile -d '' frames < <(find "$seq" -maxdepth 1 -name '*.png' -print0 | sort -z)

out() { echo "$work/out/$1.mp4"; }

# run KEY [RSSLOG]: one MP4; with RSSLOG, GNU time appends "peak RSS (KB) user s system s".
run() {
  local key=$1 rss=()
  [[ -n "${2:-}" ]] && rss=(/usr/bin/time -f "%M %U %S" -a -o "$2")
  case $key in
    ffmpeg)
      "${rss[@]}" ffmpeg -v error -y -framerate 10 -i "$seq/frame_%03d.png" -vf scale=1280:-2:flags=lanczos \
        -c:v libx264 -crf 23 -preset medium -pix_fmt yuv420p -movflags +faststart "$(out ffmpeg)" ;;
    filmroll)
      rm -rf "$seq/.filmroll"
      "${rss[@]}" "$filmroll" video --fps 10 --size 1280 --crf 23 --preset medium -o "$(out filmroll)" "${frames[@]}" ;;
  esac </dev/null >>"$work/$key.log"
}

first_err() { grep -v -e '^Command exited' -e '^[0-9]*$' "$1" | tail -n 1; }

# ---- warm-up: page cache, a check that each tool works, peak RSS
declare -A rss_mb=() cpu_s=() walls=() cpus=() bg=() tries=()
for key in "${tools[@]}"; do
  [[ -n "${broken[$key]:-}" ]] && continue
  : >"$work/rss-$key"
  if ! run "$key" "$work/rss-$key" 2>>"$work/$key.err"; then
    broken[$key]="$key failed: $(first_err "$work/$key.err")"
    continue
  fi
  [[ -s "$(out "$key")" ]] || { broken[$key]="$key wrote no MP4"; continue; }
  rss_mb[$key]=$(grep -E '^[0-9]+ ' "$work/rss-$key" | tail -n 1 | awk '{ printf "%.0f", $1 / 1024 }') || true
  cpu_s[$key]=$(grep -E '^[0-9]+ ' "$work/rss-$key" | tail -n 1 | awk '{ printf "%.2f", $2 + $3 }') || true
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

# ---- the last run's MP4s: size, frames, layout, tags, PSNR
declare -A bytes=() n_out=() dur=() dims=() order=() tags=() q_mean=() q_worst=() q_frame=()
videos=()
for key in "${tools[@]}"; do [[ -n "${med[$key]:-}" ]] && videos+=("$(out "$key")"); done
if ((${#videos[@]})); then
  log "quality: ${#videos[@]} MP4s against $nframes LANCZOS-resized source frames..."
  python3 Scripts/video_quality.py --tsv --width 1280 "$seq" "${videos[@]}" >"$work/quality.tsv" 2>"$work/quality.err" ||
    log "  video_quality.py: $(tail -n 1 "$work/quality.err")"
  while IFS=$'\t' read -r path count duration dim boxes tag mean worst frame _; do
    key=$(basename "$path" .mp4)
    bytes[$key]=$(stat -c %s "$path")
    n_out[$key]=$count dur[$key]=$duration dims[$key]=$dim order[$key]=$boxes tags[$key]=$tag
    q_mean[$key]=$mean q_worst[$key]=$worst q_frame[$key]=$frame
  done <"$work/quality.tsv"
fi

# ---- report
ffmpeg_version=$(ffmpeg -version 2>&1 | head -n 1 | awk '{ print $3 }') || true
x264_version=$(strings "$(out ffmpeg)" 2>/dev/null | grep -m 1 -o 'x264 - core [0-9]* r[0-9]*' || true)
cpu=$(grep -m 1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
label() {
  case $1 in
    ffmpeg) echo "ffmpeg -framerate 10 -i seq/frame_%03d.png -vf scale=1280:-2:flags=lanczos -c:v libx264 -crf 23 -preset medium -pix_fmt yuv420p -movflags +faststart" ;;
    filmroll) echo "filmroll video --fps 10 --size 1280 --crf 23 --preset medium seq/*.png" ;;
  esac
}
verdict() { awk "BEGIN { exit !($1) }" && echo "PASS" || echo "FAIL"; }

echo
echo "### Video: $nframes × 1920×1080 PNG (seq/) → 1280×720 H.264 MP4, 10 fps"
echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $cpu, $ncpu cores; median of $runs runs, interleaved, warm cache."
echo "ffmpeg: ${ffmpeg_version:-?}; ${x264_version:-x264 ?}."
echo "Quality: RGB PSNR of every frame, decoded through its tagged matrix (BT.601 when untagged), against its source PNG resized with Pillow LANCZOS."
echo
echo "| tool | wall s median (min–max) | CPU s | size KB | frames | duration s | layout | colour tags | PSNR mean dB | worst frame dB | peak RSS MB |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
for key in "${tools[@]}"; do
  if [[ -z "${med[$key]:-}" ]]; then
    echo "| $(label "$key") | ${broken[$key]:-no figures} | – | – | – | – | – | – | – | – | – |"
    continue
  fi
  wall="$(calc %.2f "${med[$key]}") ($(calc %.2f "${lo[$key]}")–$(calc %.2f "${hi[$key]}"))"
  echo "| $(label "$key") | $wall | ${cpu_s[$key]:-–} | $(calc %.0f "${bytes[$key]:-0} / 1024") | ${n_out[$key]:-–} | ${dur[$key]:-–} |" \
    "${order[$key]:-–} | ${tags[$key]:-–} | ${q_mean[$key]:-–} | ${q_worst[$key]:-–} (frame ${q_frame[$key]:-–}) | ${rss_mb[$key]:-–} |"
done

echo
echo "Filmroll targets against the ffmpeg row:"
if [[ -z "${med[filmroll]:-}" || -z "${med[ffmpeg]:-}" ]]; then
  echo "- not checked: ${broken[filmroll]:-}${broken[ffmpeg]:-}"
else
  echo "- PSNR: ${q_mean[filmroll]} dB ≥ ${q_mean[ffmpeg]} − 0.1 dB: $(verdict "${q_mean[filmroll]} >= ${q_mean[ffmpeg]} - 0.1")" \
    "($(calc %+.3f "${q_mean[filmroll]} - ${q_mean[ffmpeg]}") dB)"
  echo "- size: $(calc %.0f "${bytes[filmroll]} / 1024") KB ≤ 1.05 × $(calc %.0f "${bytes[ffmpeg]} / 1024") KB:" \
    "$(verdict "${bytes[filmroll]} <= 1.05 * ${bytes[ffmpeg]}") ($(calc %.3f "${bytes[filmroll]} / ${bytes[ffmpeg]}")×)"
  echo "- time: $(calc %.2f "${med[filmroll]}") s ≤ 1.0 × $(calc %.2f "${med[ffmpeg]}") s:" \
    "$(verdict "${med[filmroll]} <= ${med[ffmpeg]}") ($(calc %.3f "${med[filmroll]} / ${med[ffmpeg]}")×)"
  [[ -n "${cpu_s[filmroll]:-}" && -n "${cpu_s[ffmpeg]:-}" ]] &&
    echo "- CPU time (not a target; what the wall time comes to on a busy machine): ${cpu_s[filmroll]} s against ${cpu_s[ffmpeg]} s ($(calc %.3f "${cpu_s[filmroll]} / ${cpu_s[ffmpeg]}")×)"
  ok=$([[ "${n_out[filmroll]}" == "$nframes" && "${order[filmroll]}" == "moov<mdat" && "${dims[filmroll]}" == 1280x720 ]] && echo OK || echo WRONG)
  echo "- output: ${n_out[filmroll]} frames, ${dims[filmroll]}, ${dur[filmroll]} s, ${order[filmroll]}, tags ${tags[filmroll]}: $ok"
fi

# libx264 writes its settings into the stream (an SEI): the two encoders should agree on every one.
x264_options() { strings -n 8 "$1" | grep -m 1 -o 'options: .*' | tr ' ' '\n' | sed '1d;/^$/d'; }
if [[ -n "${med[filmroll]:-}" && -n "${med[ffmpeg]:-}" ]]; then
  settings=$(diff <(x264_options "$(out ffmpeg)") <(x264_options "$(out filmroll)") | grep '^[<>]' | tr '\n' ' ' || true)
  echo "- libx264 settings: $([[ -z "$settings" ]] && echo "identical ($(x264_options "$(out filmroll)" | wc -l) options)" || echo "differ: $settings")"
fi

worst_bg=0
notes=()
for key in "${tools[@]}"; do
  [[ -n "${broken[$key]:-}" ]] && notes+=("${broken[$key]}")
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
