#!/usr/bin/env bash
# Camera-roll benchmark: Filmroll on a phone's videos against the commands a
# user would type, in one run, cold (no catalog, no thumbnail store), warm page
# cache, runs interleaved between the tools, medians of RUNS runs:
#
#   posters   20 clips 1920x1080 (10 H.264, 10 HEVC, 5-60 s, three turned by a display matrix)
#             at 256 and at 1024 px:
#               filmroll thumbs CLIPS/ --size S --out DIR --no-cache --quiet        (one command)
#               ffmpeg -v error -ss 1 -i CLIP -frames:v 1
#                      -vf scale=S:S:force_original_aspect_ratio=decrease OUT.jpg   (one per clip)
#               ffmpegthumbnailer -s S -i CLIP -o OUT.jpg                            (one per clip)
#             targets: Filmroll at most 0.5x ffmpeg's time and 0.8x ffmpegthumbnailer's.
#   preview   the web clip of each of the 10 HEVC clips (one command per clip, PREVIEW_RUNS runs):
#               filmroll convert CLIP OUT.mp4
#               ffmpeg -v error -i CLIP -vf scale=720:720:force_original_aspect_ratio=increase:force_divisible_by=2
#                      -c:v libx264 -crf 23 -preset medium -c:a copy -movflags +faststart OUT.mp4
#             (ffmpeg's scale=-2:720, with the short side 720 for the turned, portrait clips too);
#             size, and PSNR (ffmpeg's psnr filter: RGB, over all frames, frame i against frame i) of
#             each MP4 against its source decoded upright and scaled to the MP4's size by ffmpeg
#             (bicubic), each turned into RGB through the matrix and range it is tagged with; also
#             checked: H.264, the short side 720, the source's sound (AAC, copied), moov first, every frame, colour tags and
#             frame times as the source's;
#             targets: time at most 1.0x ffmpeg's, PSNR at least ffmpeg's - 0.1 dB, size at most 1.05x.
#   4K        one LONG_SECONDS (600) s 3840x2160 H.264 clip, one run each: peak RSS (GNU time) of
#             filmroll thumbs CLIP --size 1024 (its poster) and of filmroll convert CLIP OUT.mp4,
#             and of the ffmpeg commands above doing the same; target: Filmroll at most 500 MB.
#   process   filmroll process ROLL --json on the camera roll (40 photos, 10 of the clips, 5 Live
#             Photos, 3 motion photos, a 20-frame burst), cold (ROLL/.filmroll removed first), then
#             again with nothing changed (PROCESS_RUNS runs of each); the item counts of
#             filmroll stats ROLL --json and of process's summary line against what the corpus
#             holds; target: the re-run under 1 s.
#
#   Scripts/bench-camera-roll.sh [RUNS]          RUNS timed runs (default 5, or RUNS=n)
#   PREVIEW_RUNS=n PROCESS_RUNS=n                 runs of the long rows (default RUNS, at most 3)
#   LONG_SECONDS=600                             length of the 4K clip (made once per length)
#   FILMROLL=path/to/filmroll                    use this binary (default: swift build -c release,
#                                                .build/release/filmroll)
#   KEEP=1                                       keep the work dir (outputs, logs)
#
# The corpus is made once into .bench-corpus/camera-roll/ by
# Scripts/make-camera-roll-corpus.py (its clips are zooms over the photo
# corpus's 12 MP photos, made by ../shared/bench/make-corpus when missing;
# BENCH_CORPUS=dir to use another). A timed run during which other processes
# used more than 5% of the machine's CPU is redone (at most 2*RUNS extra tries
# per poster row, 1 per preview row). Every tool's peak RSS and CPU time
# (user + system, per run) come from GNU time.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/bench-common.sh
source Scripts/bench-common.sh
runs=${1:-${RUNS:-5}}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "bench-camera-roll: RUNS must be a positive integer, not '$runs'" >&2; exit 2; }
preview_runs=${PREVIEW_RUNS:-$((runs < 3 ? runs : 3))}
process_runs=${PROCESS_RUNS:-$((runs < 3 ? runs : 3))}
long_seconds=${LONG_SECONDS:-600}
for value in "$preview_runs" "$process_runs" "$long_seconds"; do
  [[ "$value" =~ ^[1-9][0-9]*$ ]] || { echo "bench-camera-roll: PREVIEW_RUNS, PROCESS_RUNS and LONG_SECONDS must be positive integers" >&2; exit 2; }
done
corpus=${BENCH_CORPUS:-.bench-corpus}
cr=$corpus/camera-roll
sizes=(256 1024)
bg_max=0.05
started=$(now)

# ---- tools: the benchmark's packages, and ffmpegthumbnailer the way install-deps.sh installs
Scripts/install-deps.sh --bench
if [[ "$(dpkg-query -W -f='${Status}' ffmpegthumbnailer 2>/dev/null || true)" != "install ok installed" ]]; then
  sudo=()
  [[ $(id -u) -ne 0 ]] && sudo=(sudo)
  log "Installing: ffmpegthumbnailer"
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends ffmpegthumbnailer >/dev/null
fi
python3 -c 'import numpy, PIL' 2>/dev/null || python3 -m pip install --quiet numpy pillow

# ---- corpus
if [[ ! -d "$corpus/photos12mp" && -f ../shared/bench/make-corpus ]]; then
  python3 ../shared/bench/make-corpus "$corpus"
fi
python3 Scripts/make-camera-roll-corpus.py "$cr" --photos "$corpus/photos12mp" --long-seconds "$long_seconds"
long_source=$cr/long/4k-${long_seconds}s.mp4
[[ -f "$long_source" && -f "$cr/manifest.tsv" && -f "$cr/expected.tsv" ]] || { echo "bench-camera-roll: the corpus in $cr is incomplete" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/bench-camera-roll.XXXXXX")
if [[ "${KEEP:-}" == 1 ]]; then
  trap 'echo "work dir kept: $work" >&2' EXIT
else
  trap 'rm -rf "$work"' EXIT
fi

declare -A broken=()
for tool in ffmpeg ffprobe ffmpegthumbnailer; do
  command -v "$tool" >/dev/null || broken[$tool]="$tool not installed"
done
if [[ -n "${FILMROLL:-}" ]]; then
  filmroll=$(realpath "$FILMROLL")
  [[ -x "$filmroll" ]] || broken[filmroll]="FILMROLL=$FILMROLL is not an executable"
else
  filmroll=$PWD/.build/release/filmroll
  log "building filmroll (swift build -c release --product filmroll)..."
  if ! swift build -c release --product filmroll >"$work/build.log" 2>&1; then
    tail -n 5 "$work/build.log" | sed 's/^/  build: /' >&2
    broken[filmroll]="filmroll: build failed"
  fi
fi

# The tools read links to the corpus's clips (filmroll may write its catalog beside them);
# process gets a copy of the camera roll, which it writes into.
link() { cp -l "$@" 2>/dev/null || cp "$@"; }
mkdir -p "$work/clips" "$work/long"
link "$cr"/clips/* "$work/clips/"
link "$long_source" "$work/long/"
long=$work/long/${long_source##*/}
cp -r "$cr/roll" "$work/roll"
roll=$work/roll
mapfile -t clip_files < <(find "$work/clips" -maxdepth 1 -type f | sort)
mapfile -t hevc_files < <(awk -F'\t' -v dir="$work/clips" '$1 == "clips" && $4 == "hevc" { print dir "/" $2 }' "$cr/manifest.tsv" | sort)
((${#clip_files[@]} == 20 && ${#hevc_files[@]} == 10)) ||
  { echo "bench-camera-roll: expected 20 clips, 10 of them HEVC, in $cr/clips" >&2; exit 1; }
cat "${clip_files[@]}" "$long" >/dev/null   # warm cache, as for every other benchmark

stem() { local name=${1##*/}; echo "${name%.*}"; }
first_err() { grep -v -e '^Command exited' -e '^Command terminated' -e '^[0-9]* [0-9.]* [0-9.]*$' "$1" | tail -n 1; }
ffmpeg_preview() {  # ffmpeg_preview IN OUT [GNU time...]: ffmpeg's web clip, the short side 720
  local in=$1 out=$2
  shift 2
  "$@" ffmpeg -v error -y -i "$in" -vf scale=720:720:force_original_aspect_ratio=increase:force_divisible_by=2 \
    -c:v libx264 -crf 23 -preset medium -c:a copy -movflags +faststart "$out"
}
ffmpeg_poster() {   # ffmpeg_poster IN OUT SIZE [GNU time...]
  local in=$1 out=$2 size=$3
  shift 3
  "$@" ffmpeg -v error -y -ss 1 -i "$in" -frames:v 1 -vf "scale=$size:$size:force_original_aspect_ratio=decrease" "$out"
}

# run KEY RSSLOG: one run of KEY, every process under GNU time, which appends
# "peak RSS (KB) user s system s" to RSSLOG. KEY is TOOL-SIZE (posters),
# preview-TOOL, long-poster-TOOL or long-preview-TOOL.
run() {
  local key=$1 t=(/usr/bin/time -f "%M %U %S" -a -o "$2") out clip size
  case $key in
    filmroll-* | ffmpeg-* | ffmpegthumbnailer-*)
      size=${key##*-} out=$work/posters/$key
      rm -rf "$out" "$work/clips/.filmroll" && mkdir -p "$out"
      case $key in
        filmroll-*) "${t[@]}" "$filmroll" thumbs "$work/clips" --size "$size" --out "$out" --no-cache --quiet || return ;;
        ffmpeg-*) for clip in "${clip_files[@]}"; do ffmpeg_poster "$clip" "$out/$(stem "$clip")_$size.jpg" "$size" "${t[@]}" || return; done ;;
        ffmpegthumbnailer-*)
          for clip in "${clip_files[@]}"; do "${t[@]}" ffmpegthumbnailer -s "$size" -i "$clip" -o "$out/$(stem "$clip")_$size.jpg" || return; done ;;
      esac ;;
    preview-*)
      out=$work/$key
      rm -rf "$out" && mkdir -p "$out"
      for clip in "${hevc_files[@]}"; do
        case $key in
          preview-filmroll) "${t[@]}" "$filmroll" convert "$clip" "$out/$(stem "$clip").mp4" || return ;;
          preview-ffmpeg) ffmpeg_preview "$clip" "$out/$(stem "$clip").mp4" "${t[@]}" || return ;;
        esac
      done ;;
    long-*)
      out=$work/$key
      rm -rf "$out" "$work/long/.filmroll" && mkdir -p "$out"
      case $key in
        long-poster-filmroll) "${t[@]}" "$filmroll" thumbs "$long" --size 1024 --out "$out" --no-cache --quiet ;;
        long-poster-ffmpeg) ffmpeg_poster "$long" "$out/$(stem "$long")_1024.jpg" 1024 "${t[@]}" ;;
        long-preview-filmroll) "${t[@]}" "$filmroll" convert "$long" "$out/$(stem "$long").mp4" ;;
        long-preview-ffmpeg) ffmpeg_preview "$long" "$out/$(stem "$long").mp4" "${t[@]}" ;;
      esac ;;
  esac </dev/null >>"$work/$key.log"
}

declare -A walls=() cpus=() rss_kb=() bg=() tries=() redone=()
# timed KEY: one run of KEY, its wall time, CPU and RSS kept in wall/cpu/rss/share;
# false when it failed (broken[KEY] says why).
timed() {
  local key=$1 b0 o0 t0 t1
  : >"$work/rss-run"
  cpu_snapshot; b0=$busy o0=$ours
  t0=$(now)
  if ! run "$key" "$work/rss-run" 2>>"$work/$key.err"; then
    broken[$key]="$key failed: $(first_err "$work/$key.err")"
    return 1
  fi
  t1=$(now)
  cpu_snapshot
  wall=$(calc %.3f "$t1 - $t0")
  share=$(calc %.3f "($busy - $b0 - ($ours - $o0)) / ($wall * $clk_tck * $ncpu)")
  share=$(calc %.3f "$share < 0 ? 0 : $share")
  cpu=$(awk '/^[0-9]+ [0-9.]+ [0-9.]+$/ { s += $2 + $3 } END { printf "%.2f", s }' "$work/rss-run")
  rss=$(awk '/^[0-9]+ [0-9.]+ [0-9.]+$/ && $1 > m { m = $1 } END { print m + 0 }' "$work/rss-run")
}

# time_runs N EXTRA KEY...: N kept runs of each KEY, interleaved (each round
# runs every KEY once); a run during which other processes used more than
# bg_max of the CPU is redone, at most EXTRA times per KEY.
time_runs() {
  local n=$1 extra=$2 key round=0 todo=1 kept
  shift 2
  while ((todo)); do
    todo=0 round=$((round + 1))
    for key in "$@"; do
      [[ -n "${broken[$key]:-}" ]] && continue
      read -ra kept <<<"${walls[$key]:-}"
      ((${#kept[@]} < n)) || continue
      todo=1 tries[$key]=$((${tries[$key]:-0} + 1))
      timed "$key" || continue
      if awk "BEGIN { exit !($share <= $bg_max || ${redone[$key]:-0} >= $extra) }"; then
        walls[$key]+="$wall " cpus[$key]+="$cpu "
        rss_kb[$key]=$((rss > ${rss_kb[$key]:-0} ? rss : ${rss_kb[$key]:-0}))
        bg[$key]=$(calc %.3f "$share > ${bg[$key]:-0} ? $share : ${bg[$key]:-0}")
      else
        redone[$key]=$((${redone[$key]:-0} + 1))
        log "  $key: run redone, other processes used $(calc %.0f "100 * $share")% of the CPU"
      fi
    done
    ((todo)) && log "  round $round done"
  done
  return 0
}

# A tool that is missing breaks its rows.
for key in filmroll-256 filmroll-1024 preview-filmroll long-poster-filmroll long-preview-filmroll; do
  [[ -n "${broken[filmroll]:-}" ]] && broken[$key]=${broken[filmroll]}
done
for key in ffmpeg-256 ffmpeg-1024 preview-ffmpeg long-poster-ffmpeg long-preview-ffmpeg; do
  [[ -n "${broken[ffmpeg]:-}" ]] && broken[$key]=${broken[ffmpeg]}
done
for key in ffmpegthumbnailer-256 ffmpegthumbnailer-1024; do
  [[ -n "${broken[ffmpegthumbnailer]:-}" ]] && broken[$key]=${broken[ffmpegthumbnailer]}
done

# ---- posters
poster_keys=()
for size in "${sizes[@]}"; do poster_keys+=("filmroll-$size" "ffmpeg-$size" "ffmpegthumbnailer-$size"); done
log "posters: 20 clips at ${sizes[*]} px, a warm-up run then median of $runs runs..."
for key in "${poster_keys[@]}"; do
  [[ -n "${broken[$key]:-}" ]] || timed "$key" || true
done
time_runs "$runs" $((2 * runs)) "${poster_keys[@]}"

# ---- previews of the HEVC clips
log "previews: 10 HEVC clips (${hevc_files[*]##*/}), median of $preview_runs runs..."
time_runs "$preview_runs" 1 preview-filmroll preview-ffmpeg

# ---- the long 4K clip, one run each
log "4K: ${long##*/}, one run of each..."
declare -A long_wall=() long_cpu=() long_rss=() long_share=()
for key in long-poster-filmroll long-poster-ffmpeg long-preview-filmroll long-preview-ffmpeg; do
  [[ -n "${broken[$key]:-}" ]] && continue
  timed "$key" || continue
  long_wall[$key]=$wall long_cpu[$key]=$cpu long_rss[$key]=$rss long_share[$key]=$share
  log "  $key: $wall s, $((rss / 1024)) MB"
done

# ---- process on the camera roll, cold then again
log "process: the camera roll ($(find "$roll" -maxdepth 1 -type f | wc -l) files), cold then again, $process_runs runs..."
process_cold=() process_again=() process_rss=0 process_cpu=() process_err=""
summary_json() { tail -n 1 "$1" | python3 -c 'import json, sys; json.load(sys.stdin)' 2>/dev/null && tail -n 1 "$1"; }
for ((r = 1; r <= process_runs; r++)); do
  [[ -n "${broken[filmroll]:-}" ]] && break
  rm -rf "$roll/.filmroll"
  for pass in cold again; do
    : >"$work/rss-run"
    cpu_snapshot; b0=$busy o0=$ours
    t0=$(now)
    if ! /usr/bin/time -f "%M %U %S" -a -o "$work/rss-run" "$filmroll" process "$roll" --json \
        </dev/null >"$work/process-$pass.json" 2>>"$work/process.err"; then
      process_err="filmroll process ($pass, run $r) failed: $(first_err "$work/process.err")"
    fi
    t1=$(now)
    cpu_snapshot
    wall=$(calc %.3f "$t1 - $t0")
    share=$(calc %.3f "($busy - $b0 - ($ours - $o0)) / ($wall * $clk_tck * $ncpu)")
    bg[process]=$(calc %.3f "$share > ${bg[process]:-0} ? $share : ${bg[process]:-0}")
    if [[ $pass == cold ]]; then
      process_cold+=("$wall")
      process_cpu+=("$(awk '/^[0-9]+ [0-9.]+ [0-9.]+$/ { s += $2 + $3 } END { printf "%.2f", s }' "$work/rss-run")")
      rss=$(awk '/^[0-9]+ [0-9.]+ [0-9.]+$/ { print $1 }' "$work/rss-run" | tail -n 1)
      ((${rss:-0} > process_rss)) && process_rss=$rss
    else
      process_again+=("$wall")
    fi
  done
  log "  run $r: cold ${process_cold[-1]} s, again ${process_again[-1]} s"
done
stats_json=""
[[ -z "${broken[filmroll]:-}" ]] && stats_json=$("$filmroll" stats "$roll" --json 2>>"$work/process.err" || true)

# ---- figures
declare -A med=() lo=() hi=() cpu_med=()
for key in "${!walls[@]}"; do
  [[ -n "${broken[$key]:-}" || -z "${walls[$key]}" ]] && continue
  med[$key]=$(median <<<"${walls[$key]}")
  lo[$key]=$(tr ' ' '\n' <<<"${walls[$key]}" | sed '/^$/d' | sort -n | head -n 1)
  hi[$key]=$(tr ' ' '\n' <<<"${walls[$key]}" | sed '/^$/d' | sort -n | tail -n 1)
  cpu_med[$key]=$(median <<<"${cpus[$key]}")
done

# Posters: how many, the longest edge, and which way up against ffmpeg's (which turns by the display matrix).
log "checking the posters..."
python3 - "$work/posters" "${sizes[@]}" >"$work/posters.tsv" 2>"$work/posters.err" <<'PY' || log "  poster check: $(tail -n 1 "$work/posters.err")"
import os, sys
from PIL import Image
root, sizes = sys.argv[1], sys.argv[2:]
def shapes(folder):
    found = {}
    if os.path.isdir(folder):
        for name in os.listdir(folder):
            if name.lower().endswith(".jpg"):
                with Image.open(os.path.join(folder, name)) as im:
                    found[name] = im.size
    return found
for size in sizes:
    reference = shapes(os.path.join(root, "ffmpeg-" + size))
    for tool in ("filmroll", "ffmpeg", "ffmpegthumbnailer"):
        found = shapes(os.path.join(root, "%s-%s" % (tool, size)))
        edge = sum(1 for w, h in found.values() if max(w, h) == int(size))
        turned_wrong = sorted(n for n, (w, h) in found.items() if n in reference and (w > h) != (reference[n][0] > reference[n][1]))
        portrait = sum(1 for w, h in found.values() if h > w)
        print("\t".join([tool, size, str(len(found)), str(edge), str(portrait), ",".join(turned_wrong) or "-"]))
PY
declare -A poster_count=() poster_edge=() poster_portrait=() poster_wrong=()
while IFS=$'\t' read -r tool size count edge portrait wrong; do
  poster_count[$tool-$size]=$count poster_edge[$tool-$size]=$edge poster_portrait[$tool-$size]=$portrait poster_wrong[$tool-$size]=$wrong
done <"$work/posters.tsv"

# facts MP4...: path, codec, displayed size, sound, frames, top-level box order, colour tags,
# and the frame durations (ms) among the first 120 frames.
facts() {
  python3 - "$@" <<'PY'
import json, os, subprocess, struct, sys
for path in sys.argv[1:]:
    probe = json.loads(subprocess.run(["ffprobe", "-v", "error", "-count_packets", "-show_streams", "-of", "json", path],
                                      capture_output=True, text=True).stdout or "{}")
    packets = json.loads(subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-read_intervals", "%+#160",
                                         "-show_entries", "packet=pts_time", "-of", "json", path],
                                        capture_output=True, text=True).stdout or "{}").get("packets", [])
    times = sorted(float(p["pts_time"]) for p in packets if "pts_time" in p)[:120]   # B-frames: the last few come later
    durations = sorted({round(1000 * (b - a), 2) for a, b in zip(times, times[1:])})
    streams = probe.get("streams", [])
    video = next((s for s in streams if s.get("codec_type") == "video"), {})
    width, height = video.get("width", 0), video.get("height", 0)
    turn = next((int(float(d["rotation"])) for d in video.get("side_data_list", []) if "rotation" in d), 0)
    if turn % 180:
        width, height = height, width
    boxes = []
    with open(path, "rb") as f:
        while True:
            head = f.read(8)
            if len(head) < 8:
                break
            size, kind = struct.unpack(">I4s", head)
            if size == 1:
                size = struct.unpack(">Q", f.read(8))[0] - 8
            elif size == 0:
                boxes.append(kind.decode("latin-1")); break
            boxes.append(kind.decode("latin-1"))
            f.seek(size - 8, 1)
    order = "moov<mdat" if "moov" in boxes and "mdat" in boxes and boxes.index("moov") < boxes.index("mdat") else "mdat<moov"
    sound = int(any(s.get("codec_type") == "audio" for s in streams))
    tags = "/".join(video.get(k, "?") for k in ("color_space", "color_primaries", "color_transfer", "color_range"))
    print("\t".join(str(v) for v in [path, video.get("codec_name", "-"), "%dx%d" % (width, height), sound,
                                      video.get("nb_read_packets", 0), order, tags, "/".join("%g" % d for d in durations)]))
PY
}
# psnr OUT SOURCE: "average min" of ffmpeg's psnr filter: SOURCE decoded upright and scaled to
# OUT's size (scale2ref, bicubic), both turned into RGB through the matrix and range they are tagged
# with, frame i against frame i (by order, not by timestamp: a clip's times may be rounded).
psnr() {
  local rgb="scale=in_range=auto:in_color_matrix=auto,format=gbrp"
  ffmpeg -nostdin -v info -i "$1" -i "$2" -lavfi "[0:v]settb=1/90000,setpts=N*3000[o];[1:v]settb=1/90000,setpts=N*3000[s];[s][o]scale2ref[sr][or];[or]$rgb[a];[sr]$rgb[b];[a][b]psnr" \
    -f null - 2>&1 | grep -o 'PSNR r:.*' | tail -n 1 | sed -E 's/.*average:([^ ]+) min:([^ ]+).*/\1 \2/'
}

declare -A p_bytes=() p_psnr=() p_worst=() p_worst_clip=() p_checks=()
log "previews: sizes, layout and PSNR of the last run's MP4s..."
facts "${hevc_files[@]}" >"$work/sources.tsv"
for tool in filmroll ffmpeg; do
  [[ -n "${med[preview-$tool]:-}" ]] || continue
  bytes=0 sum=0 n=0 worst="" wrong=()
  facts "$work/preview-$tool"/*.mp4 >"$work/preview-$tool.tsv"
  for clip in "${hevc_files[@]}"; do
    out=$work/preview-$tool/$(stem "$clip").mp4
    bytes=$((bytes + $(stat -c %s "$out")))
    average="" minimum=""
    read -r average minimum < <(psnr "$out" "$clip") || true
    echo "$(stem "$clip") ${average:-?} ${minimum:-?}" >>"$work/psnr-$tool.txt"
    [[ "${average:-}" =~ ^[0-9.]+$ ]] || { wrong+=("$(stem "$clip"): no PSNR"); continue; }
    sum=$(calc %.4f "$sum + $average") n=$((n + 1))
    if [[ -z "$worst" ]] || awk "BEGIN { exit !($average < $worst) }"; then worst=$average p_worst_clip[$tool]=$(stem "$clip"); fi
    # The clip as asked: H.264, the short side 720, the source's sound, moov first, every frame.
    IFS=$'\t' read -r _ codec dims sound frames order tags durations < <(grep -F "$out" "$work/preview-$tool.tsv")
    IFS=$'\t' read -r _ _ sdims ssound sframes _ stags sdurations < <(grep -F "$clip" "$work/sources.tsv")
    short=$(awk -F x '{ print ($1 < $2) ? $1 : $2 }' <<<"$dims")
    portrait_out=$(awk -F x '{ print ($2 > $1) }' <<<"$dims") portrait_in=$(awk -F x '{ print ($2 > $1) }' <<<"$sdims")
    problems=()
    [[ $codec == h264 ]] || problems+=("codec $codec")
    [[ $short == 720 ]] || problems+=("$dims")
    [[ $portrait_out == "$portrait_in" ]] || problems+=("$dims for a $sdims source")
    [[ $sound == "$ssound" ]] || problems+=("sound $sound for $ssound")
    [[ $order == moov\<mdat ]] || problems+=("$order")
    [[ $frames == "$sframes" ]] || problems+=("$frames of $sframes frames")
    [[ $tags == "$stags" ]] || problems+=("colour $tags for $stags")
    [[ $durations == "$sdurations" ]] || problems+=("frame durations $durations ms for $sdurations")
    ((${#problems[@]})) && wrong+=("$(stem "$clip"): ${problems[*]}")
  done
  p_bytes[$tool]=$bytes
  ((n)) && p_psnr[$tool]=$(calc %.2f "$sum / $n") p_worst[$tool]=$worst
  if ((${#wrong[@]})); then p_checks[$tool]=$(IFS=';'; echo "${wrong[*]}" | sed 's/;/; /g'); else p_checks[$tool]="all 10 H.264, short side 720, upright, the source's sound, moov first, every frame, the source's colour tags and frame times"; fi
done

declare -A l_checks=()
for tool in filmroll ffmpeg; do
  out=$work/long-preview-$tool/$(stem "$long").mp4
  [[ -f "$out" ]] || continue
  IFS=$'\t' read -r _ codec dims sound frames order tags durations < <(facts "$out")
  IFS=$'\t' read -r _ _ _ _ sframes _ stags sdurations < <(facts "$long")
  l_checks[$tool]="$codec $dims, $frames of $sframes frames, sound $sound, $order, colour $tags (source $stags), frame durations $durations ms (source $sdurations), $(calc %.0f "$(stat -c %s "$out") / 1048576") MB"
done

# ---- report
mb() { [[ -n "${1:-}" ]] && calc %.0f "$1 / 1024" || echo "–"; }
ratio() { [[ -n "${1:-}" && -n "${2:-}" ]] && calc %.2f "$1 / $2" || echo "–"; }
verdict() { awk "BEGIN { exit !($1) }" && echo "PASS" || echo "FAIL"; }
timing() {  # timing KEY: "median (min–max) s, CPU c s, RSS r MB", or why there is none
  local key=$1
  [[ -n "${med[$key]:-}" ]] || { echo "${broken[$key]:-no figures}"; return; }
  echo "$(calc %.2f "${med[$key]}") ($(calc %.2f "${lo[$key]}")–$(calc %.2f "${hi[$key]}")) s"
}
expect() { python3 -c 'import sys; h, v = open(sys.argv[1]).read().splitlines()[:2]; print(dict(zip(h.split("\t"), v.split("\t")))[sys.argv[2]])' "$cr/expected.tsv" "$1"; }
field() { [[ -n "$2" ]] && python3 -c 'import json, sys; d = json.loads(sys.argv[1]); print(d.get(sys.argv[2], "–"))' "$2" "$1" 2>/dev/null || echo "–"; }
cold_json=$(summary_json "$work/process-cold.json" 2>/dev/null || true)
again_json=$(summary_json "$work/process-again.json" 2>/dev/null || true)

ffmpeg_version=$(ffmpeg -version 2>&1 | head -n 1 | awk '{ print $3 }') || true
thumbnailer_version=$(dpkg-query -W -f='${Version}' ffmpegthumbnailer 2>/dev/null) || true
cpu_name=$(grep -m 1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
hevc_seconds=$(awk -F'\t' '$1 == "clips" && $4 == "hevc" { s += $6 } END { print s }' "$cr/manifest.tsv")
all_seconds=$(awk -F'\t' '$1 == "clips" { s += $6 } END { print s }' "$cr/manifest.tsv")

echo
echo "### Camera roll: posters, H.264 previews, a ${long_seconds} s 4K clip, process"
echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $cpu_name, $ncpu cores; Filmroll $("$filmroll" --version 2>/dev/null | head -n 1 | cut -d ' ' -f 2 || echo '?'), ffmpeg ${ffmpeg_version:-?}, ffmpegthumbnailer ${thumbnailer_version:-?}."
echo "Posters: median of $runs runs, previews of $preview_runs, process of $process_runs; interleaved, warm page cache, no catalog or thumbnail store."
echo "Clips: 20 × 1920x1080 30 fps, $all_seconds s in all (10 H.264, 10 HEVC of $hevc_seconds s; 3 turned by a display matrix)."
echo
echo "| measure | Filmroll | ffmpeg | ffmpegthumbnailer | Filmroll/ffmpeg | Filmroll/ffmpegthumbnailer | target | result |"
echo "|---|---|---|---|---|---|---|---|"
for size in "${sizes[@]}"; do
  f=${med[filmroll-$size]:-} g=${med[ffmpeg-$size]:-} t=${med[ffmpegthumbnailer-$size]:-}
  result="–"
  [[ -n "$f" && -n "$g" && -n "$t" ]] &&
    result="$(verdict "$f <= 0.5 * $g") / $(verdict "$f <= 0.8 * $t")"
  echo "| posters $size px, 20 clips: wall | $(timing "filmroll-$size") | $(timing "ffmpeg-$size") | $(timing "ffmpegthumbnailer-$size") | $(ratio "$f" "$g") | $(ratio "$f" "$t") | ≤ 0.5 / ≤ 0.8 | $result |"
  echo "| posters $size px: CPU s, peak RSS MB | ${cpu_med[filmroll-$size]:-–}, $(mb "${rss_kb[filmroll-$size]:-}") | ${cpu_med[ffmpeg-$size]:-–}, $(mb "${rss_kb[ffmpeg-$size]:-}") | ${cpu_med[ffmpegthumbnailer-$size]:-–}, $(mb "${rss_kb[ffmpegthumbnailer-$size]:-}") | $(ratio "${cpu_med[filmroll-$size]:-}" "${cpu_med[ffmpeg-$size]:-}") | $(ratio "${cpu_med[filmroll-$size]:-}" "${cpu_med[ffmpegthumbnailer-$size]:-}") | | |"
done
f=${med[preview-filmroll]:-} g=${med[preview-ffmpeg]:-}
echo "| H.264 previews of the 10 HEVC clips: wall | $(timing preview-filmroll) | $(timing preview-ffmpeg) | | $(ratio "$f" "$g") | | ≤ 1.0 | $([[ -n "$f" && -n "$g" ]] && verdict "$f <= $g" || echo –) |"
echo "| previews: CPU s, peak RSS MB | ${cpu_med[preview-filmroll]:-–}, $(mb "${rss_kb[preview-filmroll]:-}") | ${cpu_med[preview-ffmpeg]:-–}, $(mb "${rss_kb[preview-ffmpeg]:-}") | | $(ratio "${cpu_med[preview-filmroll]:-}" "${cpu_med[preview-ffmpeg]:-}") | | | |"
f=${p_bytes[filmroll]:-} g=${p_bytes[ffmpeg]:-}
echo "| previews: size MB | $([[ -n "$f" ]] && calc %.1f "$f / 1048576" || echo –) | $([[ -n "$g" ]] && calc %.1f "$g / 1048576" || echo –) | | $(ratio "$f" "$g") | | ≤ 1.05 | $([[ -n "$f" && -n "$g" ]] && verdict "$f <= 1.05 * $g" || echo –) |"
f=${p_psnr[filmroll]:-} g=${p_psnr[ffmpeg]:-}
echo "| previews: PSNR dB, mean of clips (worst clip) | ${f:-–} ($([[ -n "${p_worst[filmroll]:-}" ]] && calc %.2f "${p_worst[filmroll]}" || echo –) ${p_worst_clip[filmroll]:-}) | ${g:-–} ($([[ -n "${p_worst[ffmpeg]:-}" ]] && calc %.2f "${p_worst[ffmpeg]}" || echo –) ${p_worst_clip[ffmpeg]:-}) | | $([[ -n "$f" && -n "$g" ]] && calc %+.2f "$f - $g" || echo –) dB | | ≥ −0.1 dB | $([[ -n "$f" && -n "$g" ]] && verdict "$f >= $g - 0.1" || echo –) |"
cell() { [[ -n "${long_rss[$1]:-}" ]] && echo "$(mb "${long_rss[$1]}") MB, $(calc %.1f "${long_wall[$1]}") s, CPU ${long_cpu[$1]} s" || echo "${broken[$1]:-–}"; }
for what in poster preview; do
  f=${long_rss[long-$what-filmroll]:-} g=${long_rss[long-$what-ffmpeg]:-}
  echo "| 4K ${long_seconds} s clip, $what ($([[ $what == poster ]] && echo "thumbs --size 1024" || echo convert)): peak RSS | $(cell "long-$what-filmroll") | $(cell "long-$what-ffmpeg") | | $(ratio "$f" "$g") | | ≤ 500 MB | $([[ -n "$f" ]] && verdict "$f <= 500 * 1024" || echo –) |"
done
if ((${#process_cold[@]})); then
  cold=$(printf '%s\n' "${process_cold[@]}" | median) again=$(printf '%s\n' "${process_again[@]}" | median)
  cold_range="$(printf '%s\n' "${process_cold[@]}" | sort -n | head -n 1)–$(printf '%s\n' "${process_cold[@]}" | sort -n | tail -n 1)"
  again_range="$(printf '%s\n' "${process_again[@]}" | sort -n | head -n 1)–$(printf '%s\n' "${process_again[@]}" | sort -n | tail -n 1)"
  echo "| process ROLL, cold: wall (CPU, peak RSS) | $(calc %.2f "$cold") ($cold_range) s (CPU $(printf '%s\n' "${process_cpu[@]}" | median) s, $(mb "$process_rss") MB) | | | | | | |"
  echo "| process ROLL again, nothing changed: wall | $(calc %.3f "$again") ($again_range) s | | | | | < 1 s | $(verdict "$again < 1") |"
else
  echo "| process ROLL | ${process_err:-${broken[filmroll]:-not run}} | | | | | < 1 s (again) | – |"
fi
# Counts: a burst is one item when Filmroll says "bursts".
stills=$(expect stills) burst_frames=$(expect burstFrames) bursts=$(expect bursts)
photos_expected=$stills
[[ "$(field bursts "$stats_json")" != "–" ]] && photos_expected=$((stills - burst_frames + bursts))
counts_ok=PASS counts=""
for name in photos videos livePhotos motionPhotos bursts; do
  want=$([[ $name == photos ]] && echo "$photos_expected" || expect "$name")
  got=$(field "$name" "$stats_json")
  [[ $name == bursts && $got == "–" ]] && continue
  [[ "$got" == "$want" ]] || counts_ok=FAIL
  counts+="$name $got$([[ "$got" == "$want" ]] || echo " (expected $want)"), "
done
echo "| filmroll stats ROLL --json | ${counts%, } | | | | | as made | $counts_ok |"
summary_ok=PASS summary=""
for name in photos videos livePhotos bursts clips failed; do
  case $name in
    photos) want=$photos_expected ;; failed) want=0 ;; *) want=$(expect "$name") ;;
  esac
  got=$(field "$name" "$cold_json")
  [[ $name == bursts && $got == "–" ]] && continue
  [[ "$got" == "$want" ]] || summary_ok=FAIL
  summary+="$name $got$([[ "$got" == "$want" ]] || echo " (expected $want)"), "
done
echo "| process --json summary, cold | ${summary%, } | | | | | as made | $summary_ok |"
made_again=$(python3 -c 'import json, sys; d = json.loads(sys.argv[1]); print(sum(d.get(k, 0) for k in ("added", "decoded", "thumbnails", "fourcuts", "animations", "clips", "pages", "removed", "failed")))' "$again_json" 2>/dev/null || echo "–")
echo "| process --json summary, again | added + decoded + made + removed + failed: $made_again | | | | | 0 | $([[ "$made_again" == 0 ]] && echo PASS || echo FAIL) |"

echo
echo "Checks and notes:"
for size in "${sizes[@]}"; do
  for tool in filmroll ffmpeg ffmpegthumbnailer; do
    key=$tool-$size
    [[ -n "${poster_count[$key]:-}" ]] || continue
    echo "- posters $size px, $tool: ${poster_count[$key]} of 20 written, ${poster_edge[$key]} with the longest edge $size, ${poster_portrait[$key]} portrait;" \
      "turned otherwise than ffmpeg's: ${poster_wrong[$key]}"
  done
done
for tool in filmroll ffmpeg; do
  [[ -n "${p_checks[$tool]:-}" ]] && echo "- previews, $tool: ${p_checks[$tool]}"
  [[ -n "${l_checks[$tool]:-}" ]] && echo "- 4K preview, $tool: ${l_checks[$tool]}"
done
for file in "$work"/filmroll-*.err "$work"/preview-filmroll.err "$work"/long-*-filmroll.err "$work/process.err"; do
  [[ -s "$file" ]] || continue
  lines=$(grep -v -e '^Command exited' -e '^[0-9]* [0-9.]* [0-9.]*$' "$file" | sort | uniq -c | sort -rn | head -n 5 || true)
  [[ -n "$lines" ]] && echo "- Filmroll said on stderr ($(basename "$file" .err)):" && sed 's/^ */    /' <<<"$lines"
done
[[ -n "$process_err" ]] && echo "- $process_err"
worst_bg=0
for key in "${!bg[@]}"; do worst_bg=$(calc %.3f "${bg[$key]} > $worst_bg ? ${bg[$key]} : $worst_bg"); done
for key in "${!long_share[@]}"; do worst_bg=$(calc %.3f "${long_share[$key]} > $worst_bg ? ${long_share[$key]} : $worst_bg"); done
for key in "${!broken[@]}"; do echo "- ${broken[$key]}"; done
echo "- other processes used at most $(calc %.1f "100 * $worst_bg")% of the CPU during a kept run (poster and preview runs above $(calc %.0f "100 * $bg_max")% are redone; the 4K and process runs are not)."
echo "- the benchmark took $(calc %.0f "($(now) - $started) / 60") min."
