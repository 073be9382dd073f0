#!/usr/bin/env bash
# Animation benchmark, in two parts.
#
# (a) Memory: peak RSS (GNU time %M) of `filmroll gif` turning a 100-frame and
#     a 1,000-frame animated GIF (640×480, ffmpeg's testsrc2 pattern at 25 fps,
#     made here) into a GIF and into an animated WebP, at 640×480. Frames
#     stream from the decoder to the encoder, so memory should stay flat as the
#     frame count grows. Target: from 100 to 1,000 frames the peak grows by at
#     most a tenth of what holding the 900 extra frames as RGBA would take
#     (900 × 640×480×4 bytes ≈ 1.1 GB, so ≤ 110 MB). A WebP's peak grows with
#     its compressed size: libwebp's WebPAnimEncoder keeps the compressed frames
#     until it assembles the file.
# (b) WebP against GIF: the GIF benchmark's frames (the corpus's seq/, 24 PNG
#     1920×1080) → 480×270 at 10 fps, looping, as `filmroll gif` makes a GIF and
#     a WebP by default; size, and RGB PSNR of every composited frame against
#     the source frame resized with Pillow LANCZOS (Scripts/gif_quality.py, as
#     bench-gif.sh measures). Target: WebP PSNR ≥ GIF PSNR at ≤ 0.6× its size.
#
# Wall times and peaks are medians of RUNS runs (default 3).
#
#   Scripts/bench-animation.sh [RUNS]
#   BASELINE=/path/to/older/filmroll Scripts/bench-animation.sh   adds its GIF rows to (a)
#   KEEP=1 Scripts/bench-animation.sh                             keeps the work dir
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/bench-common.sh
source Scripts/bench-common.sh
runs=${1:-${RUNS:-3}}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "bench-animation: RUNS must be a positive integer, not '$runs'" >&2; exit 2; }
corpus=${BENCH_CORPUS:-.bench-corpus}
seq=$corpus/seq
counts=(100 1000)

Scripts/install-deps.sh --bench
python3 -c 'import numpy, PIL' 2>/dev/null || python3 -m pip install --quiet numpy pillow
command -v ffmpeg >/dev/null || { echo "bench-animation: ffmpeg is needed to make the inputs" >&2; exit 1; }
[[ -x /usr/bin/time ]] || { echo "bench-animation: GNU time (/usr/bin/time) is needed for peak RSS" >&2; exit 1; }
if [[ ! -d "$seq" ]]; then
  [[ -f ../shared/bench/make-corpus ]] || { echo "bench-animation: ../shared/bench/make-corpus not found" >&2; exit 1; }
  python3 ../shared/bench/make-corpus "$corpus"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/bench-animation.XXXXXX")
if [[ "${KEEP:-}" == 1 ]]; then
  trap 'echo "work dir kept: $work" >&2' EXIT
else
  trap 'rm -rf "$work"' EXIT
fi

filmroll=.build/release/filmroll
log "building filmroll (swift build -c release --product filmroll)..."
if ! swift build -c release --product filmroll >"$work/build.log" 2>&1; then
  tail -n 5 "$work/build.log" | sed 's/^/  build: /' >&2
  echo "bench-animation: filmroll does not build" >&2
  exit 1
fi
filmroll_version=$("$filmroll" --version 2>&1 | head -n 1)
baseline=${BASELINE:-}
[[ -z "$baseline" || -x "$baseline" ]] || { echo "bench-animation: BASELINE=$baseline is not an executable" >&2; exit 2; }

# measure KEY -- COMMAND...: RUNS runs of COMMAND under GNU time; the medians
# of wall seconds and peak RSS (MB) go to wall[KEY] and rss[KEY].
declare -A wall=() rss=() bytes=() failed=()
measure() {
  local key=$1 walls="" peaks="" run
  shift 2
  for ((run = 1; run <= runs; run++)); do
    if ! /usr/bin/time -f '%e %M' -o "$work/time-$key" "$@" </dev/null >"$work/$key.log" 2>&1; then
      failed[$key]=$(grep -v '^Command exited' "$work/$key.log" | tail -n 1)
      return
    fi
    read -r seconds kb <"$work/time-$key"
    walls+="$seconds " peaks+="$kb "
  done
  wall[$key]=$(median <<<"$walls")
  rss[$key]=$(calc %.0f "$(median <<<"$peaks") / 1024")
}

# ---- (a) memory: 100 and 1,000 frames of 640×480 into a GIF and a WebP
for count in "${counts[@]}"; do
  log "making a $count-frame 640×480 GIF (ffmpeg testsrc2)..."
  ffmpeg -v error -y -f lavfi -i "testsrc2=size=640x480:rate=25" -frames:v "$count" "$work/in-$count.gif"
done
tools=(gif webp)
[[ -n "$baseline" ]] && tools=(baseline-gif "${tools[@]}")
for count in "${counts[@]}"; do
  for tool in "${tools[@]}"; do
    key=$tool-$count ext=${tool##*-} binary=$filmroll
    [[ $tool == baseline-* ]] && binary=$baseline
    log "  $key: $runs runs..."
    rm -f "$work/out-$key.$ext"
    measure "$key" -- "$binary" gif "$work/in-$count.gif" -o "$work/out-$key.$ext" --width 640 --quiet --no-catalog
    [[ -f "$work/out-$key.$ext" ]] && bytes[$key]=$(stat -c %s "$work/out-$key.$ext")
  done
done

# ---- (b) the GIF benchmark's frames as a GIF and as a WebP
for ext in gif webp; do
  log "  seq → $ext: $runs runs..."
  measure "seq-$ext" -- "$filmroll" gif "$seq" -o "$work/seq.$ext" --fps 10 --width 480 --loop forever --quiet --no-catalog
done
python3 Scripts/gif_quality.py --tsv "$seq" "$work/seq.gif" "$work/seq.webp" >"$work/quality.tsv"
declare -A q_frames=() q_delays=() q_loop=() q_dims=() q_mean=() q_worst=() q_size=()
while IFS=$'\t' read -r path frames delays loop dims mean worst _ _ _; do
  ext=${path##*.}
  q_frames[$ext]=$frames q_delays[$ext]=$delays q_loop[$ext]=$loop q_dims[$ext]=$dims q_mean[$ext]=$mean q_worst[$ext]=$worst
  q_size[$ext]=$(stat -c %s "$path")
done <"$work/quality.tsv"

# ---- report
cpu=$(grep -m 1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
libwebp=$(dpkg-query -W -f='${Version}' libwebp-dev 2>/dev/null || echo "?")
verdict() { awk "BEGIN { exit !($1) }" && echo "PASS" || echo "FAIL"; }
echo
echo "### Animations: memory as frames grow, and WebP against GIF"
echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $cpu, $ncpu cores; medians of $runs runs."
echo "filmroll: $filmroll_version; libwebp $libwebp.${baseline:+ Baseline: $baseline.}"
echo
echo "(a) \`filmroll gif IN.gif -o OUT --width 640\`, IN: ffmpeg testsrc2 640×480 at 25 fps"
echo
echo "| output | frames | wall s | peak RSS MB | output KB |"
echo "|---|---|---|---|---|"
for tool in "${tools[@]}"; do
  for count in "${counts[@]}"; do
    key=$tool-$count
    if [[ -n "${failed[$key]:-}" || -z "${wall[$key]:-}" ]]; then
      echo "| $tool | $count | failed: ${failed[$key]:-no figures} | – | – |"
      continue
    fi
    echo "| $tool | $count | $(calc %.2f "${wall[$key]}") | ${rss[$key]} | $(calc %.0f "${bytes[$key]:-0} / 1024") |"
  done
done
echo
echo "Target: from 100 to 1,000 frames, peak RSS grows ≤ 110 MB (a tenth of 900 frames as RGBA):"
for tool in gif webp; do
  small=${rss[$tool-100]:-} large=${rss[$tool-1000]:-}
  if [[ -z "$small" || -z "$large" ]]; then
    echo "- $tool: not checked (no figures)"
    continue
  fi
  echo "- $tool: $small → $large MB (+$((large - small)) MB): $(verdict "$large - $small <= 110")"
done
echo
echo "(b) seq/ (24 × 1920×1080 PNG) → 480×270, 10 fps, loop forever: \`filmroll gif seq -o OUT.gif|OUT.webp --fps 10 --width 480\`"
echo
echo "| output | wall s | peak RSS MB | size KB | frames | delays ms | loop | PSNR mean dB | worst frame dB |"
echo "|---|---|---|---|---|---|---|---|---|"
for ext in gif webp; do
  echo "| $ext | $(calc %.2f "${wall[seq-$ext]:-0}") | ${rss[seq-$ext]:-–} | $(calc %.0f "${q_size[$ext]:-0} / 1024") |" \
    "${q_frames[$ext]:-–} | ${q_delays[$ext]:-–} | ${q_loop[$ext]:-–} | ${q_mean[$ext]:-–} | ${q_worst[$ext]:-–} |"
done
echo
if [[ "${q_mean[gif]:-}" =~ ^[0-9.]+$ && "${q_mean[webp]:-}" =~ ^[0-9.]+$ ]]; then
  ratio=$(calc %.2f "${q_size[webp]} / ${q_size[gif]}")
  echo "Target: WebP PSNR ≥ GIF PSNR at ≤ 0.6× its size: ${q_mean[webp]} dB against ${q_mean[gif]} dB, ${ratio}× the size:" \
    "$(verdict "${q_mean[webp]} >= ${q_mean[gif]} && $ratio <= 0.6")"
else
  echo "Target: WebP PSNR ≥ GIF PSNR at ≤ 0.6× its size: not checked (no figures)"
fi
ok=$([[ "${q_frames[webp]:-}" == 24 && "${q_delays[webp]:-}" == "100x24" && "${q_loop[webp]:-}" == 0 && "${q_dims[webp]:-}" == 480x270 ]] && echo OK || echo WRONG)
echo "WebP output: ${q_frames[webp]:-?} frames, ${q_dims[webp]:-?}, delays ${q_delays[webp]:-?} ms, loop ${q_loop[webp]:-?} (want 24, 480x270, 100x24, 0): $ok"
