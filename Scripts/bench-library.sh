#!/usr/bin/env bash
# Library benchmark: Filmroll on large photo libraries, run as a user runs it
# (`filmroll process DIR --quiet`, the default --jobs: one per core, every
# other option at its default). The libraries are small photos (320x240
# JPEGs over ten years in YEAR/MONTH folders, each its own content) made once
# by Scripts/make-library-corpus.py into $BENCH_CORPUS/library-1k, -10k,
# -100k, and 2,000 12 MP photos (library-12mp-2000) from the photo corpus.
# Every library is measured on a plain copy of its corpus (cp -a, no hard
# links: nothing written touches the corpus), deleted when done with.
#
#   first run    process on the copy without .filmroll/ (cold catalog and
#                outputs, warm page cache: the copy was just written);
#                wall s, CPU s (user + sys), peak RSS (GNU time), and the
#                size of .filmroll/ afterwards
#   re-run       process again with nothing changed, median of RUNS
#   one change   process after one photo was added (a copy of a photo with
#                bytes appended after its EOI, so its content is its own,
#                on the same day), one changed (a byte appended) or one
#                deleted; each timed alone, median of RUNS, every repetition
#                on a different photo (and so mostly a different day)
#   queries      stats, ls --day D, ls --month M, calendar --month M and
#                show PHOTO, where M is the month folder with the most
#                photos, D its busiest day and PHOTO D's first photo;
#                median of RUNS in ms, and each one's peak RSS
#   growth       the ratios of first run, re-run and one-change times
#                between consecutive sizes (10k/1k, 100k/10k)
#   sharding     at SHARD_SIZES, SHARD_RUNS times (default RUNS): one
#                plain process on a fresh copy, then for N in SHARDS, on a
#                fresh copy each, `process DIR --shard K/N` for K = 0..N-1
#                run at once (background jobs, then wait) and
#                `merge DIR --quiet`: the shards' wall time (first start to
#                last end), their CPU summed, the largest shard's peak RSS,
#                the merge's wall, CPU and peak RSS; medians with their
#                range (min–max), and the merge's and the total's share of
#                the plain run's wall and CPU. The merge is to take at most
#                MERGE_TARGET (0.25) of the plain run's wall time: a shard
#                makes its days whole, the merge only what spans days.
#                On one machine the shards share its cores, so this shows
#                what sharding costs (total CPU), not what a cluster gains.
#                The merged folder is checked against the plain one:
#                stats --json (photos and outputs), no shard catalog left,
#                and every file of the gallery the same bytes.
#                Skipped, and said so, when the binary has no --shard.
#                SHARDING_ONLY=1 measures this part alone.
#   12 MP        LARGE=1: first run, re-run (median of RUNS) and peak RSS of
#                the 2,000 12 MP photos.
#
#   Scripts/bench-library.sh [RUNS]      RUNS timed repetitions (default 5, or RUNS=n)
#   SIZES="1000 10000 100000"            the small-photo libraries measured
#   LARGE=1                              also the 2,000 12 MP photos (5.6 GB, a few minutes; LARGE=0 skips)
#   LARGE_COUNT=2000                     how many 12 MP photos (library-12mp-COUNT)
#   SHARDS="1 2 4"                       shard counts tried
#   SHARD_SIZES="..."                    libraries sharded (default: the largest of SIZES, and 10000 when asked)
#   SHARD_RUNS=n                         repetitions of the sharding part (default RUNS)
#   SHARDING_ONLY=1                      only the sharding part (SHARD_SIZES, else SIZES)
#   FILMROLL=path/to/filmroll            use this binary (default: swift build -c release)
#   BENCH_CORPUS=dir                     where the corpora are kept (default .bench-corpus)
#   KEEP=1                               keep the work dir (logs; the libraries' copies are still deleted)
#
# Disk: library-100k is 1.5 GB and its outputs about 6 GB; the 12 MP
# library 5.6 GB. One copy exists at a time. The binary is copied into the
# work dir first, so a rebuild during the run does not change it. Other
# processes' largest share of the CPU during a timed run (of 1 s or more)
# is reported, not corrected for: the runs change the library, so they are
# not redone.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/bench-common.sh
source Scripts/bench-common.sh
runs=${1:-${RUNS:-5}}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "bench-library: RUNS must be a positive integer, not '$runs'" >&2; exit 2; }
read -ra sizes <<<"${SIZES:-1000 10000 100000}"
read -ra shard_counts <<<"${SHARDS:-1 2 4}"
large=${LARGE:-1}
shard_runs=${SHARD_RUNS:-$runs}
sharding_only=${SHARDING_ONLY:-0}
merge_target=0.25
[[ "$shard_runs" =~ ^[1-9][0-9]*$ ]] || { echo "bench-library: SHARD_RUNS must be a positive integer, not '$shard_runs'" >&2; exit 2; }
if [[ "$sharding_only" == 1 ]]; then large=0; fi
large_count=${LARGE_COUNT:-2000}
for value in "${sizes[@]}" "${shard_counts[@]}" "$large_count"; do
  [[ "$value" =~ ^[1-9][0-9]*$ ]] || { echo "bench-library: SIZES, SHARDS and LARGE_COUNT must be positive integers, not '$value'" >&2; exit 2; }
done
mapfile -t sizes < <(printf '%s\n' "${sizes[@]}" | sort -nu)
if [[ -n "${SHARD_SIZES+set}" ]]; then
  read -ra shard_sizes <<<"$SHARD_SIZES"
else  # the largest size asked, and 10k when asked
  shard_sizes=("${sizes[-1]}")
  if ((sizes[-1] > 10000)) && printf '%s\n' "${sizes[@]}" | grep -qx 10000; then shard_sizes=(10000 "${shard_sizes[@]}"); fi
fi
[[ -n "${EPOCHREALTIME:-}" ]] || { echo "bench-library: needs bash 5 (EPOCHREALTIME)" >&2; exit 2; }
corpus=${BENCH_CORPUS:-.bench-corpus}
started=$(now)

Scripts/install-deps.sh --bench
python3 -c 'import PIL' 2>/dev/null || python3 -m pip install --quiet pillow
if [[ ! -d "$corpus/photos12mp" && -f ../shared/bench/make-corpus ]]; then
  python3 -c 'import numpy' 2>/dev/null || python3 -m pip install --quiet numpy
  python3 ../shared/bench/make-corpus "$corpus"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/bench-library.XXXXXX")
cleanup() {
  local pids
  pids=$(jobs -pr)
  # shellcheck disable=SC2086 # the shards still running, if any
  if [[ -n "$pids" ]]; then kill $pids 2>/dev/null || true; wait 2>/dev/null || true; fi
  if [[ "${KEEP:-}" == 1 ]]; then
    rm -rf "$work"/lib-*
    echo "work dir kept: $work" >&2
  else
    rm -rf "$work"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if [[ -n "${FILMROLL:-}" ]]; then
  source_binary=$(realpath "$FILMROLL")
else
  log "building filmroll (swift build -c release --product filmroll)..."
  swift build -c release --product filmroll >/dev/null
  source_binary=$PWD/.build/release/filmroll
fi
[[ -x "$source_binary" ]] || { echo "bench-library: $source_binary is not an executable" >&2; exit 1; }
cp "$source_binary" "$work/filmroll"
filmroll=$work/filmroll

sharding=1
process_help=$("$filmroll" process --help 2>&1 || true)
if [[ "$process_help" != *--shard* ]] || ! "$filmroll" merge --help >/dev/null 2>&1; then
  sharding=0
  log "this filmroll has no 'process --shard' or no 'merge': the sharding part is skipped"
fi

die() { echo "bench-library: $*" >&2; exit 1; }
label() { if (($1 % 1000 == 0)); then echo "$(($1 / 1000))k"; else echo "$1"; fi; }
first_err() { grep -v '^Command exited with' "$1" 2>/dev/null | head -1; }

# library N: the corpus of N small photos, made once (into a .partial
# directory renamed when complete, so an interrupted build is not used).
library() {
  local dir
  dir=$corpus/library-$(label "$1")
  if [[ ! -d "$dir" ]]; then
    log "making $dir ($1 small photos)..."
    rm -rf "$dir.partial"
    python3 Scripts/make-library-corpus.py small "$dir.partial" "$1" "$corpus/photos12mp"
    mv "$dir.partial" "$dir"
  fi
  echo "$dir"
}
fresh() {  # fresh SOURCE DEST: a plain copy without .filmroll/
  rm -rf "$2"
  cp -a "$1" "$2"
  rm -rf "$2/.filmroll"
}
photos_of() {  # photos_of DIR: its photos' paths, sorted, .filmroll/ left out
  find "$1" -path "$1/.filmroll" -prune -o -type f -name '*.jpg' -print | sort
}

worst_bg=0
# measure NAME CMD...: one run of CMD under GNU time (output in
# $work/NAME.out, errors in NAME.err); sets wall (s, the shell's clock, so
# to the microsecond), cpu (user + sys s), rss (peak MB), and worst_bg.
measure() {
  local name=$1 b0 o0 t0 t1 user sys kb
  shift
  cpu_snapshot; b0=$busy o0=$ours
  t0=${EPOCHREALTIME/,/.}
  /usr/bin/time -f '%e %U %S %M' -o "$work/$name.time" "$@" >"$work/$name.out" 2>"$work/$name.err" ||
    die "$* failed: $(first_err "$work/$name.err")"
  t1=${EPOCHREALTIME/,/.}
  cpu_snapshot
  wall=$(calc %.4f "$t1 - $t0")
  note_bg "$b0" "$o0" "$wall"
  read -r _ user sys kb < <(tail -1 "$work/$name.time")
  cpu=$(calc %.2f "$user + $sys") rss=$(calc %.0f "$kb / 1024")
}
# note_bg BUSY0 OURS0 WALL: other processes' share of the CPU since the
# snapshot, kept for runs of 1 s or more (jiffies are too coarse below).
note_bg() {
  local share
  awk "BEGIN { exit !($3 >= 1) }" || return 0
  share=$(calc %.3f "($busy - $1 - ($ours - $2)) / ($3 * $clk_tck * $ncpu)")
  worst_bg=$(calc %.3f "$share > $worst_bg ? $share : $worst_bg")
}
med() { printf '%s\n' "$@" | median; }
maxof() { printf '%s\n' "$@" | sort -n | tail -1; }
ratio() { calc %.2f "$2 > 0 ? $1 / $2 : 0"; }

declare -A first=() first_cpu=() first_rss=() out_mb=() rerun=() rerun_rss=() added=() changed=() deleted=() change_rss=()
declare -A q_ms=() q_rss=() q_what=()
queries=(stats ls-day ls-month calendar show)

plain_sizes=("${sizes[@]}")
if [[ "$sharding_only" == 1 ]]; then
  plain_sizes=()
  [[ -n "${SHARD_SIZES+set}" ]] || shard_sizes=("${sizes[@]}")
fi
for n in "${plain_sizes[@]}"; do
  source_dir=$(library "$n")
  dir=$work/lib-$(label "$n")
  log "library of $n photos: copying..."
  fresh "$source_dir" "$dir"
  mapfile -t photos < <(photos_of "$dir")
  ((${#photos[@]} == n)) || die "$source_dir holds ${#photos[@]} photos, not $n"

  log "  first run..."
  measure first "$filmroll" process "$dir" --quiet
  first[$n]=$wall first_cpu[$n]=$cpu first_rss[$n]=$rss
  out_mb[$n]=$(du -sm "$dir/.filmroll" | cut -f1)

  log "  re-runs with nothing changed..."
  times=() peaks=()
  for ((run = 1; run <= runs; run++)); do
    measure rerun "$filmroll" process "$dir" --quiet
    times+=("$wall") peaks+=("$rss")
  done
  rerun[$n]=$(med "${times[@]}") rerun_rss[$n]=$(maxof "${peaks[@]}")

  # One change at a time: repetition r adds a copy of photo a_r, appends a
  # byte to photo c_r and deletes photo d_r, each followed by its timed run;
  # the photos are spread over the library, a different one every time.
  log "  one photo added, changed, deleted..."
  stride=$((n / (3 * runs + 1)))
  ((stride > 0)) || die "$n photos are too few for $runs repetitions of the one-change runs"
  add_times=() change_times=() delete_times=() peaks=()
  for ((run = 1; run <= runs; run++)); do
    source=${photos[stride * (3 * run - 2)]}
    new=${source%/*}/ADDED_$run.jpg
    cp "$source" "$new" && printf 'filmroll bench %d' "$run" >>"$new"
    measure add "$filmroll" process "$dir" --quiet
    add_times+=("$wall") peaks+=("$rss")
    printf '\0' >>"${photos[stride * (3 * run - 1)]}"
    measure change "$filmroll" process "$dir" --quiet
    change_times+=("$wall") peaks+=("$rss")
    rm "${photos[stride * 3 * run]}"
    measure delete "$filmroll" process "$dir" --quiet
    delete_times+=("$wall") peaks+=("$rss")
  done
  added[$n]=$(med "${add_times[@]}") changed[$n]=$(med "${change_times[@]}") deleted[$n]=$(med "${delete_times[@]}")
  change_rss[$n]=$(maxof "${peaks[@]}")

  # The queries' arguments: the month folder with the most photos, its busiest day, that day's first photo.
  busiest=$(photos_of "$dir" | sed 's|/[^/]*$||' | uniq -c | sort -k1,1nr | head -1 | awk '{ print $2 }')
  month=${busiest%/*} month="${month##*/}-${busiest##*/}"
  day=$("$filmroll" calendar "$dir" --month "$month" --json |
    python3 -c 'import json, sys; print(max(json.load(sys.stdin)["days"], key=lambda d: d["photos"])["date"])')
  "$filmroll" ls "$dir" --day "$day" --json >"$work/day.json"
  photo=$(python3 -c 'import json, sys; print(json.loads(open(sys.argv[1]).readline())["path"])' "$work/day.json")
  day_photos=$(wc -l <"$work/day.json")
  q_what[$n]="month $month, day $day ($day_photos photos), $photo"
  log "  queries ($month, $day, $photo)..."
  declare -A q_times=() q_peaks=()
  for ((run = 1; run <= runs; run++)); do
    for q in "${queries[@]}"; do
      case $q in
        stats) measure q "$filmroll" stats "$dir" ;;
        ls-day) measure q "$filmroll" ls "$dir" --day "$day" ;;
        ls-month) measure q "$filmroll" ls "$dir" --month "$month" ;;
        calendar) measure q "$filmroll" calendar "$dir" --month "$month" ;;
        show) measure q "$filmroll" show "$dir/$photo" ;;
      esac
      q_times[$q]+="$(calc %.1f "$wall * 1000") " q_peaks[$q]+="$rss "
    done
  done
  for q in "${queries[@]}"; do
    read -ra values <<<"${q_times[$q]}"; q_ms[$n,$q]=$(calc %.1f "$(med "${values[@]}")")
    read -ra values <<<"${q_peaks[$q]}"; q_rss[$n,$q]=$(maxof "${values[@]}")
  done
  unset q_times q_peaks
  rm -rf "$dir"
done

# ---- sharding: N shards at once and a merge, against one plain run, SHARD_RUNS times
# Each measure is kept as a list of values separated by spaces (one per repetition).
declare -A plain_wall=() plain_cpu=() plain_rss=() sh_wall=() sh_cpu=() sh_rss=() mg_wall=() mg_cpu=() mg_rss=() sh_check=()
# counts DIR: photos and outputs from stats --json, to compare a merged folder with a plain one
counts() {
  "$filmroll" stats "$1" --json | python3 -c 'import json, sys; s = json.load(sys.stdin); print(s["photos"], json.dumps(s["outputs"], sort_keys=True))'
}
# gallery_digest DIR: one digest of every file's path and bytes below DIR/.filmroll/gallery
gallery_digest() {
  (cd "$1/.filmroll/gallery" && find . -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)
}
# spread LIST: "median (min–max)" of the values, with FORMAT
spread() {
  local format=$1 values
  shift
  read -ra values <<<"$*"
  if ((${#values[@]} > 1)); then
    echo "$(calc "$format" "$(med "${values[@]}")") ($(calc "$format" "$(printf '%s\n' "${values[@]}" | sort -n | head -1)")–$(calc "$format" "$(maxof "${values[@]}")"))"
  else
    calc "$format" "${values[0]}"
  fi
}
if ((sharding)); then
  for n in "${shard_sizes[@]}"; do
    source_dir=$(library "$n")
    dir=$work/lib-shard
    for ((rep = 1; rep <= shard_runs; rep++)); do
      log "sharding $n photos ($rep of $shard_runs): one plain run..."
      fresh "$source_dir" "$dir"
      measure plain "$filmroll" process "$dir" --quiet
      plain_wall[$n]+="$wall " plain_cpu[$n]+="$cpu " plain_rss[$n]+="$rss "
      plain_counts=$(counts "$dir") plain_digest=$(gallery_digest "$dir")
      for shards in "${shard_counts[@]}"; do
        log "  $shards shard(s) at once, then merge..."
        fresh "$source_dir" "$dir"
        pids=()
        cpu_snapshot; b0=$busy o0=$ours
        t0=${EPOCHREALTIME/,/.}
        for ((k = 0; k < shards; k++)); do
          /usr/bin/time -f '%e %U %S %M' -o "$work/shard-$k.time" \
            "$filmroll" process "$dir" --shard "$k/$shards" --quiet >"$work/shard-$k.out" 2>"$work/shard-$k.err" &
          pids+=("$!")
        done
        for ((k = 0; k < shards; k++)); do
          wait "${pids[k]}" || die "process --shard $k/$shards failed: $(first_err "$work/shard-$k.err")"
        done
        t1=${EPOCHREALTIME/,/.}
        cpu_snapshot
        key=$n,$shards
        wall=$(calc %.4f "$t1 - $t0")
        sh_wall[$key]+="$wall "
        note_bg "$b0" "$o0" "$wall"
        sh_cpu[$key]+="$(for ((k = 0; k < shards; k++)); do tail -1 "$work/shard-$k.time"; done | awk '{ s += $2 + $3 } END { printf "%.2f", s }') "
        sh_rss[$key]+="$(for ((k = 0; k < shards; k++)); do tail -1 "$work/shard-$k.time"; done | awk '$4 > m { m = $4 } END { printf "%.0f", m / 1024 }') "
        measure merge "$filmroll" merge "$dir" --quiet
        mg_wall[$key]+="$wall " mg_cpu[$key]+="$cpu " mg_rss[$key]+="$rss "
        left=$(find "$dir/.filmroll" -maxdepth 1 -name 'catalog.shard-*' | wc -l)
        merged_counts=$(counts "$dir")
        if ((left > 0)); then
          sh_check[$key]="$left shard catalogs left"
        elif [[ "$merged_counts" != "$plain_counts" ]]; then
          sh_check[$key]="differs: $merged_counts against $plain_counts"
        elif [[ "$(gallery_digest "$dir")" != "$plain_digest" ]]; then
          sh_check[$key]="the gallery's bytes differ"
        elif [[ -z "${sh_check[$key]:-}" ]]; then
          sh_check[$key]=same
        fi
      done
    done
    rm -rf "$dir"
  done
fi

# ---- the 12 MP library
if [[ "$large" == 1 ]]; then
  if [[ -d "$corpus/photos12mp" ]]; then
    large_source=$corpus/library-12mp-$large_count
    if [[ ! -d "$large_source" ]]; then
      log "making $large_source ($large_count 12 MP photos, 5.6 GB)..."
      rm -rf "$large_source.partial"
      python3 Scripts/make-library-corpus.py large "$large_source.partial" "$large_count" "$corpus/photos12mp"
      mv "$large_source.partial" "$large_source"
    fi
    dir=$work/lib-12mp
    log "library of $large_count 12 MP photos: copying..."
    fresh "$large_source" "$dir"
    log "  first run..."
    measure large-first "$filmroll" process "$dir" --quiet
    large_first=$wall large_first_cpu=$cpu large_first_rss=$rss
    large_out_mb=$(du -sm "$dir/.filmroll" | cut -f1)
    times=() peaks=()
    for ((run = 1; run <= runs; run++)); do
      measure large-rerun "$filmroll" process "$dir" --quiet
      times+=("$wall") peaks+=("$rss")
    done
    large_rerun=$(med "${times[@]}") large_rerun_rss=$(maxof "${peaks[@]}")
    rm -rf "$dir"
  else
    large=skipped
    log "no $corpus/photos12mp (made by ../shared/bench/make-corpus): the 12 MP library is skipped"
  fi
fi

# ---- the tables
echo
if [[ "$sharding_only" == 1 ]]; then
  echo "library benchmark, $(nproc) cores, process with the default --jobs: sharding only"
else
  echo "library benchmark, $(nproc) cores, process with the default --jobs, median of $runs runs"
fi
echo
if ((${#plain_sizes[@]} > 0)); then
  echo "| photos | first run s | photos/s | CPU s | peak RSS MB | .filmroll MB | re-run s (RSS MB) | one added s | one changed s | one deleted s | one-change RSS MB |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
  for n in "${plain_sizes[@]}"; do
    echo "| $n | $(calc %.2f "${first[$n]}") | $(calc %.0f "$n / ${first[$n]}") | ${first_cpu[$n]} | ${first_rss[$n]} | ${out_mb[$n]} | $(calc %.3f "${rerun[$n]}") (${rerun_rss[$n]}) | $(calc %.3f "${added[$n]}") | $(calc %.3f "${changed[$n]}") | $(calc %.3f "${deleted[$n]}") | ${change_rss[$n]} |"
  done
  echo
  echo "| photos | stats ms (MB) | ls --day ms (MB) | ls --month ms (MB) | calendar --month ms (MB) | show ms (MB) |"
  echo "|---|---|---|---|---|---|"
  for n in "${plain_sizes[@]}"; do
    row="| $n |"
    for q in "${queries[@]}"; do row+=" ${q_ms[$n,$q]} (${q_rss[$n,$q]}) |"; done
    echo "$row"
  done
  for n in "${plain_sizes[@]}"; do echo "- $n photos, queried: ${q_what[$n]}"; done
fi
if ((${#plain_sizes[@]} > 1)); then
  echo
  echo "| growth | photos | first run | re-run | one added | one changed | one deleted |"
  echo "|---|---|---|---|---|---|---|"
  for ((i = 1; i < ${#sizes[@]}; i++)); do
    a=${sizes[i - 1]} b=${sizes[i]}
    echo "| $(label "$b")/$(label "$a") | $(ratio "$b" "$a")x | $(ratio "${first[$b]}" "${first[$a]}")x | $(ratio "${rerun[$b]}" "${rerun[$a]}")x | $(ratio "${added[$b]}" "${added[$a]}")x | $(ratio "${changed[$b]}" "${changed[$a]}")x | $(ratio "${deleted[$b]}" "${deleted[$a]}")x |"
  done
fi
echo
if ((sharding)); then
  echo "sharding: median (min–max) of $shard_runs; merge ÷ plain is the merge's share of one plain run (target ≤ $merge_target of the wall time)"
  echo
  echo "| photos | run | shards wall s | shards CPU s | shard peak RSS MB | merge wall s | merge CPU s | merge peak RSS MB | merge ÷ plain wall | merge ÷ plain CPU | total wall s (÷ plain) | total CPU s (÷ plain) | merged = plain |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
  for n in "${shard_sizes[@]}"; do
    read -ra pw <<<"${plain_wall[$n]}"; read -ra pc <<<"${plain_cpu[$n]}"
    pwm=$(med "${pw[@]}") pcm=$(med "${pc[@]}")
    echo "| $n | plain process | – | – | $(maxof ${plain_rss[$n]}) | – | – | – | – | – | $(spread %.2f "${plain_wall[$n]}") | $(spread %.2f "${plain_cpu[$n]}") | – |"
    for shards in "${shard_counts[@]}"; do
      key=$n,$shards
      read -ra sw <<<"${sh_wall[$key]}"; read -ra sc <<<"${sh_cpu[$key]}"; read -ra mw <<<"${mg_wall[$key]}"; read -ra mc <<<"${mg_cpu[$key]}"
      totals_wall="" totals_cpu="" merge_ratio="" merge_cpu_ratio=""
      for ((i = 0; i < ${#sw[@]}; i++)); do
        totals_wall+="$(calc %.4f "${sw[i]} + ${mw[i]}") " totals_cpu+="$(calc %.2f "${sc[i]} + ${mc[i]}") "
        merge_ratio+="$(ratio "${mw[i]}" "${pw[i]}") " merge_cpu_ratio+="$(ratio "${mc[i]}" "${pc[i]}") "
      done
      read -ra tw <<<"$totals_wall"; read -ra tc <<<"$totals_cpu"
      mark=$(awk "BEGIN { exit !($(med $merge_ratio) <= $merge_target) }" && echo "" || echo " (over $merge_target)")
      echo "| $n | $shards shard$( ((shards > 1)) && echo s) + merge | $(spread %.2f "${sh_wall[$key]}") | $(spread %.2f "${sh_cpu[$key]}") | $(maxof ${sh_rss[$key]}) | $(spread %.2f "${mg_wall[$key]}") | $(spread %.2f "${mg_cpu[$key]}") | $(maxof ${mg_rss[$key]}) | $(spread %.2f "$merge_ratio")$mark | $(spread %.2f "$merge_cpu_ratio") | $(spread %.2f "$totals_wall") ($(ratio "$(med "${tw[@]}")" "$pwm")) | $(spread %.2f "$totals_cpu") ($(ratio "$(med "${tc[@]}")" "$pcm")) | ${sh_check[$key]} |"
    done
  done
else
  echo "| sharding | skipped: this filmroll has no 'process --shard' or no 'merge' |"
  echo "|---|---|"
fi
echo
if [[ "$large" == 1 ]]; then
  echo "| $large_count 12 MP photos | wall s | CPU s | peak RSS MB |"
  echo "|---|---|---|---|"
  echo "| first run (.filmroll: $large_out_mb MB) | $(calc %.2f "$large_first") | $large_first_cpu | $large_first_rss |"
  echo "| re-run, nothing changed | $(calc %.3f "$large_rerun") | | $large_rerun_rss |"
elif [[ "$large" == skipped ]]; then
  echo "| 12 MP photos | skipped: no $corpus/photos12mp |"
  echo "|---|---|"
else
  echo "(the $large_count 12 MP photos not measured: LARGE=0)"
fi
echo
echo "Other processes used at most $(calc %.1f "100 * $worst_bg")% of the CPU during a timed run of 1 s or more; $(calc %.0f "$(now) - $started") s in all."
