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
