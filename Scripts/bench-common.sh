# shellcheck shell=bash disable=SC2034
# Helpers shared by the benchmark scripts (sourced, not run).

log() { echo "$*" >&2; }
now() { date +%s.%N; }
calc() { awk "BEGIN { printf \"$1\", ($2) }"; }
median() { tr ' ' '\n' | sed '/^$/d' | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
clk_tck=$(getconf CLK_TCK)
ncpu=$(nproc)
# cpu_snapshot: busy = jiffies all CPUs spent busy; ours = this shell's and its
# waited-for children's jiffies (no process is forked to read them). A timed
# run is redone when other processes used more than bg_max of the CPU.
cpu_snapshot() {
  local _ user nice system irq softirq steal stat
  read -r _ user nice system _ _ irq softirq steal _ </proc/stat   # idle, iowait skipped
  busy=$((user + nice + system + irq + softirq + steal))
  read -r stat </proc/$$/stat
  read -ra stat <<<"${stat##*) }"             # fields from 3 (state) on
  ours=$((stat[11] + stat[12] + stat[13] + stat[14]))
}

# last_error FILE: the last line of a tool's stderr that is not GNU time's.
last_error() { grep -v -e '^Command exited' -e '^Command terminated' -e '^[0-9]*$' "$1" | tail -n 1; }

# shellcheck disable=SC2004,SC2154  # the arrays, work and bg_max are the caller's
# interleaved_runs RUNS KEY...: RUNS timed runs of each KEY, interleaved (each
# round runs every KEY once, in the order given), each through the caller's
# `run_key KEY` (which empties the KEY's output and runs the tool; its stderr
# goes to $work/KEY.err). Fills the caller's associative arrays: walls[KEY]
# and cpus[KEY], the kept runs' wall and CPU seconds (the CPU of the run's
# processes) separated by spaces; bg[KEY], the most of the CPU other
# processes used during a kept run; tries[KEY]. A run during which other
# processes used more than bg_max is redone, within 3 × RUNS tries; a run
# that fails sets broken[KEY] and ends that KEY's runs.
interleaved_runs() {
  local runs=$1 todo=1 round=0 key kept b0 o0 t0 t1 wall share
  shift
  while ((todo)); do
    todo=0 round=$((round + 1))
    for key in "$@"; do
      [[ -n "${broken[$key]:-}" ]] && continue
      read -ra kept <<<"${walls[$key]:-}"
      ((${#kept[@]} < runs && ${tries[$key]:-0} < 3 * runs)) || continue
      todo=1 tries[$key]=$((${tries[$key]:-0} + 1))
      cpu_snapshot; b0=$busy o0=$ours
      t0=$(now)
      if ! run_key "$key" 2>>"$work/$key.err"; then
        broken[$key]="$key failed in a timed run: $(last_error "$work/$key.err")"
        continue
      fi
      t1=$(now)
      cpu_snapshot
      wall=$(calc %.3f "$t1 - $t0")
      share=$(calc %.3f "($busy - $b0 - ($ours - $o0)) / ($wall * $clk_tck * $ncpu)")
      share=$(calc %.3f "$share < 0 ? 0 : $share")
      if awk "BEGIN { exit !($share <= $bg_max || ${tries[$key]} > 2 * $runs) }"; then
        walls[$key]+="$wall "
        cpus[$key]+="$(calc %.3f "($ours - $o0) / $clk_tck") "
        bg[$key]=$(calc %.3f "$share > ${bg[$key]:-0} ? $share : ${bg[$key]:-0}")
      else
        log "  $key: run redone, other processes used $(calc %.0f "100 * $share")% of the CPU"
      fi
    done
    ((todo)) && log "  round $round done"
  done
  return 0
}

# shellcheck disable=SC2004  # the arrays are the caller's
# run_stats: for every KEY with kept runs and not broken, med[KEY], lo[KEY]
# and hi[KEY] of its wall times and cpu_med[KEY] of its CPU times, in the
# caller's associative arrays.
run_stats() {
  local key
  for key in "${!walls[@]}"; do
    [[ -n "${broken[$key]:-}" || -z "${walls[$key]}" ]] && continue
    med[$key]=$(median <<<"${walls[$key]}")
    cpu_med[$key]=$(median <<<"${cpus[$key]}")
    lo[$key]=$(tr ' ' '\n' <<<"${walls[$key]}" | sed '/^$/d' | sort -n | head -n 1)
    hi[$key]=$(tr ' ' '\n' <<<"${walls[$key]}" | sed '/^$/d' | sort -n | tail -n 1)
  done
}
