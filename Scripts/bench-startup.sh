#!/usr/bin/env bash
# Startup benchmark: Filmroll's quick commands timed as a user runs them
# (the release build, default flags, a warm page cache): --version, stats,
# ls --month M, ls --day D, calendar --month M and show PHOTO, on catalogs
# of 1,000 and 100,000 photos, where M is the month folder with the most
# photos, D its busiest day and PHOTO D's first photo (as in
# Scripts/bench-library.sh). Median of RUNS runs, with hyperfine when it is
# installed (-N: no shell), else a loop on bash's clock; and the number of
# shared objects each command loads (LD_DEBUG=files), against the targets:
#
#   --version                          <= 10 ms
#   stats, ls, calendar, show          <= 50 ms on 100,000 photos
#
# The libraries are bench-library.sh's (Scripts/make-library-corpus.py,
# $BENCH_CORPUS/library-1k and -100k, made when missing). Each is catalogued
# once, in a hard-linked copy ($BENCH_CORPUS/startup-1k, -100k; nothing is
# written to a photo, so the corpus is untouched): by `filmroll index`
# (photos only), or CATALOG=process for the outputs too (slow: hours for
# 100,000 photos on 2 cores).
#
#   Scripts/bench-startup.sh [RUNS]    RUNS timed runs per command (default 21, or RUNS=n)
#   SIZES="1000 100000"                the libraries measured
#   FILMROLL=path/to/filmroll          the binary measured (default: swift build -c release)
#   BASELINE=path/to/filmroll          also measure this binary, side by side (e.g. an older build)
#   BENCH_CORPUS=dir                   where the corpora are kept (default .bench-corpus)
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/bench-common.sh
source Scripts/bench-common.sh
runs=${1:-${RUNS:-21}}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "bench-startup: RUNS must be a positive integer, not '$runs'" >&2; exit 2; }
read -ra sizes <<<"${SIZES:-1000 100000}"
for value in "${sizes[@]}"; do
  [[ "$value" =~ ^[1-9][0-9]*$ ]] || { echo "bench-startup: SIZES must be positive integers, not '$value'" >&2; exit 2; }
done
[[ -n "${EPOCHREALTIME:-}" ]] || { echo "bench-startup: needs bash 5 (EPOCHREALTIME)" >&2; exit 2; }
catalog_command=${CATALOG:-index}
[[ "$catalog_command" == index || "$catalog_command" == process ]] ||
  { echo "bench-startup: CATALOG is index or process, not '$catalog_command'" >&2; exit 2; }
corpus=${BENCH_CORPUS:-.bench-corpus}
die() { echo "bench-startup: $*" >&2; exit 1; }
label() { if (($1 % 1000 == 0)); then echo "$(($1 / 1000))k"; else echo "$1"; fi; }

if [[ -n "${FILMROLL:-}" ]]; then
  filmroll=$FILMROLL
else
  log "building the release binary (swift build -c release)..."
  swift build -c release --product filmroll >&2
  filmroll=.build/release/filmroll
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/filmroll-bench-startup.XXXXXX")
trap 'rm -rf "$work"' EXIT
binaries=(new)
cp "$filmroll" "$work/new"   # a rebuild during the run does not change what is measured
if [[ -n "${BASELINE:-}" ]]; then cp "$BASELINE" "$work/baseline"; binaries+=(baseline); fi
hyperfine=$(command -v hyperfine || true)
[[ -n "$hyperfine" ]] || log "no hyperfine (apt-get install hyperfine): timing with bash's clock, fork and exec included"

# catalogued N: the hard-linked, catalogued copy of library-N (made once,
# into a .partial directory renamed when complete).
catalogued() {
  local name source dir
  name=$(label "$1") source=$corpus/library-$(label "$1") dir=$corpus/startup-$(label "$1")
  if [[ ! -d "$dir" ]]; then
    if [[ ! -d "$source" ]]; then
      log "making $source ($1 small photos)..."
      rm -rf "$source.partial"
      python3 Scripts/make-library-corpus.py small "$source.partial" "$1" "$corpus/photos12mp" >&2
      mv "$source.partial" "$source"
    fi
    log "cataloguing a hard-linked copy of $source ($catalog_command)..."
    rm -rf "$dir.partial"
    cp -al "$source" "$dir.partial"
    "$work/new" "$catalog_command" "$dir.partial" --quiet >&2 || die "$catalog_command of $dir.partial failed"
    mv "$dir.partial" "$dir"
  fi
  echo "$dir"
}

# median_ms BINARY ARGS...: the median wall time of RUNS runs, in ms.
median_ms() {
  if [[ -n "$hyperfine" ]]; then
    "$hyperfine" -N --style none --warmup 3 --runs "$runs" --export-json "$work/h.json" -- "$(printf '%q ' "$@")" >/dev/null 2>&1 ||
      die "$* failed"
    python3 -c 'import json, sys; print("%.1f" % (json.load(open(sys.argv[1]))["results"][0]["median"] * 1000))' "$work/h.json"
  else
    local times=() t0 t1 run
    "$@" >/dev/null 2>&1 || die "$* failed"
    for ((run = 0; run < runs; run++)); do
      t0=${EPOCHREALTIME/,/.}
      "$@" >/dev/null 2>&1
      t1=${EPOCHREALTIME/,/.}
      times+=("$(calc %.1f "($t1 - $t0) * 1000")")
    done
    printf '%s\n' "${times[@]}" | median
  fi
}
# objects BINARY ARGS...: how many shared objects the command loads.
objects() { LD_DEBUG=files "$@" 2>&1 >/dev/null | grep -c 'calling init:' || true; }

declare -A ms=() loaded=()
rows=()
measure_row() {  # measure_row KEY TARGET_MS ARGS...
  local key=$1 target=$2 binary
  shift 2
  rows+=("$key|$target")
  for binary in "${binaries[@]}"; do
    ms[$key,$binary]=$(median_ms "$work/$binary" "$@")
    loaded[$key,$binary]=$(objects "$work/$binary" "$@")
  done
}

log "--version..."
measure_row "--version" 10 --version
for n in "${sizes[@]}"; do
  dir=$(catalogued "$n")
  busiest=$(find "$dir" -path "$dir/.filmroll" -prune -o -type f -name '*.jpg' -print | sed 's|/[^/]*$||' | sort | uniq -c |
    sort -k1,1nr | awk 'NR == 1 { print $2 }')   # awk reads it all: no SIGPIPE under pipefail
  month=${busiest%/*} month="${month##*/}-${busiest##*/}"
  day=$("$work/new" calendar "$dir" --month "$month" --json |
    python3 -c 'import json, sys; print(max(json.load(sys.stdin)["days"], key=lambda d: d["photos"])["date"])')
  "$work/new" ls "$dir" --day "$day" --json >"$work/day.json"   # whole: a reader stopping early would be SIGPIPE
  photo=$(python3 -c 'import json, sys; print(json.loads(open(sys.argv[1]).readline())["path"])' "$work/day.json")
  log "$n photos ($month, $day, $photo)..."
  target=$((n >= 100000 ? 50 : 0))   # the targets are for 100,000 photos
  measure_row "stats ($n)" $target stats "$dir"
  measure_row "ls --month ($n)" $target ls "$dir" --month "$month"
  measure_row "ls --day ($n)" $target ls "$dir" --day "$day"
  measure_row "calendar --month ($n)" $target calendar "$dir" --month "$month"
  measure_row "show ($n)" $target show "$dir/$photo"
done

echo "startup benchmark, $(nproc) cores, median of $runs runs ($([[ -n "$hyperfine" ]] && echo "hyperfine -N" || echo "bash's clock")), catalogs made by $catalog_command"
echo
header="| command | ms | objects loaded | target |"
rule="|---|---:|---:|---|"
if [[ " ${binaries[*]} " == *" baseline "* ]]; then
  header="| command | ms | baseline ms | objects loaded | baseline objects | target |"
  rule="|---|---:|---:|---:|---:|---|"
fi
echo "$header"
echo "$rule"
failed=0
for row in "${rows[@]}"; do
  key=${row%|*} target=${row#*|}
  verdict="–"
  if ((target > 0)); then
    if awk "BEGIN { exit !(${ms[$key,new]} <= $target) }"; then verdict="≤ $target ms: met"; else verdict="≤ $target ms: MISSED"; failed=1; fi
  fi
  if [[ " ${binaries[*]} " == *" baseline "* ]]; then
    echo "| $key | ${ms[$key,new]} | ${ms[$key,baseline]} | ${loaded[$key,new]} | ${loaded[$key,baseline]} | $verdict |"
  else
    echo "| $key | ${ms[$key,new]} | ${loaded[$key,new]} | $verdict |"
  fi
done
echo
if ((failed)); then echo "some targets missed (on a busy machine, run again: the medians are of wall time)"; fi
