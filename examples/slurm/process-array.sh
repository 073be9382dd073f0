#!/usr/bin/env bash
# Filmroll on a Slurm cluster: `filmroll process` split over a job array of
# TASKS tasks, then one `filmroll merge` that runs once every task has
# succeeded. Run it on a login node; it submits the two jobs and returns.
#
#   examples/slurm/process-array.sh PHOTOS [TASKS]          TASKS shards (default 8), then the merge
#   examples/slurm/process-array.sh PHOTOS TASKS K[,K...]   shards K (from 0) of TASKS again, alone, then the merge
#
#   CPUS=4                 cores per task (sbatch --cpus-per-task); filmroll gets --jobs to match
#   MEM=3G                 memory per task (sbatch --mem); keep it above filmroll's --memory (default 1G)
#                          plus what the process itself holds (a few hundred MB)
#   FILMROLL=filmroll      the binary, as the compute nodes find it (an absolute path on the shared file system is safest)
#   SBATCH_OPTIONS="..."   more sbatch options for both jobs: --partition, --account, --time, ...
#
# How it splits: task K of the array runs
#     filmroll process PHOTOS --shard auto --quiet --jobs $SLURM_CPUS_PER_TASK
# and `--shard auto` reads K and the count from SLURM_ARRAY_TASK_ID,
# SLURM_ARRAY_TASK_MIN (and _STEP) and SLURM_ARRAY_TASK_COUNT. Each day
# belongs to one shard, by a stable hash of its date (a photo without one
# by its path). A task reads every photo's header for its day, indexes its
# days' photos into its own catalog, PHOTOS/.filmroll/catalog.shard-K-of-N.sqlite,
# and makes its days whole: thumbnails, previews, clips, day sheets,
# animations, day and photo pages. The merge job folds the shard catalogs
# into PHOTOS/.filmroll/catalog.sqlite, deletes them, and writes what spans
# days: the index, year and month pages, On this day, the library's map.
#
# Requirements:
# - PHOTOS is on a file system every node mounts at the same path (NFS,
#   Lustre, GPFS, CephFS...): the tasks write beside the photos, and the
#   catalogs record paths relative to PHOTOS. The path is resolved here, on
#   the submitting node, and passed as it is.
# - --jobs is passed explicitly because filmroll's default is the number of
#   cores the node has online, not the share Slurm gave the task; it must
#   match --cpus-per-task, or the task's workers crowd its few cores.
#
# When a task fails (node lost, time limit, out of memory), the merge does
# not run: it depends on every task with afterok, and --kill-on-invalid-dep
# cancels it. Run the failed shards again, alone, with this script's third
# argument (all of them at once: 3 or 1,5): it submits an array of just
# those tasks, each running `filmroll process PHOTOS --shard K/TASKS` (K
# explicit, not auto: in an array of one task, as `sbatch --array=K` makes,
# auto would count 1 shard), and a new merge. A shard redoes only its own
# unfinished work: what it already made is recorded in its catalog and
# kept. The new merge also waits for any array of this script still queued
# or running, so re-running K while the other tasks are at work is fine.
# `sacct -j ARRAY_JOB --state=FAILED,TIMEOUT,OUT_OF_MEMORY` lists the failed
# tasks (the number after the underscore is K). Submitting the whole array
# again is also safe: finished shards find nothing to do.
set -euo pipefail

usage() { echo "usage: $0 PHOTOS [TASKS]   or   $0 PHOTOS TASKS K[,K...]   (re-run shards K of TASKS)" >&2; exit 64; }
(($# >= 1 && $# <= 3)) || usage
[[ -d "$1" ]] || { echo "$0: $1 is not a folder" >&2; exit 1; }
photos=$(realpath "$1")
tasks=${2:-8}
retry=${3:-}
[[ "$tasks" =~ ^[1-9][0-9]*$ ]] || usage
[[ -z "$retry" || "$retry" =~ ^[0-9]+(,[0-9]+)*$ ]] || usage
for k in ${retry//,/ }; do
  ((10#$k < tasks)) || { echo "$0: K must be 0 to $((tasks - 1)), not $k" >&2; exit 64; }
done
cpus=${CPUS:-4}
mem=${MEM:-3G}
filmroll=${FILMROLL:-filmroll}
read -ra extra <<<"${SBATCH_OPTIONS:-}"
command -v sbatch >/dev/null || { echo "$0: sbatch not found (run this on a Slurm login node)" >&2; exit 1; }

# The batch scripts get the paths quoted for bash, whatever their characters.
printf -v photos_q '%q' "$photos"
printf -v filmroll_q '%q' "$filmroll"
job_id() { local id; id=$(cat); echo "${id%%;*}"; }   # --parsable prints ID or ID;CLUSTER

if [[ -z "$retry" ]]; then
  # The array: tasks 0..TASKS-1; %A is the array's job ID, %a the task's index.
  shards=$(sbatch --parsable --job-name=filmroll-shards --array="0-$((tasks - 1))" \
    --cpus-per-task="$cpus" --mem="$mem" --output="filmroll-shards-%A_%a.out" "${extra[@]}" <<EOF | job_id
#!/bin/bash
set -euo pipefail
exec $filmroll_q process $photos_q --shard auto --quiet --jobs "\$SLURM_CPUS_PER_TASK"
EOF
  )
  what="array job $shards (tasks 0-$((tasks - 1)))"
else
  # The tasks are numbered as the shards they redo, and name them explicitly.
  shards=$(sbatch --parsable --job-name=filmroll-shards --array="$retry" \
    --cpus-per-task="$cpus" --mem="$mem" --output="filmroll-shards-%A_%a.out" "${extra[@]}" <<EOF | job_id
#!/bin/bash
set -euo pipefail
exec $filmroll_q process $photos_q --shard "\$SLURM_ARRAY_TASK_ID/$tasks" --quiet --jobs "\$SLURM_CPUS_PER_TASK"
EOF
  )
  what="array job $shards (shards $retry of $tasks, again)"
fi
after="afterok:$shards"
if [[ -n "$retry" ]] && command -v squeue >/dev/null; then
  # Arrays of this script still queued or running: the new merge waits for
  # them to end as well, so that it never folds a shard still at work.
  running=$(squeue -h -u "$(id -un)" -n filmroll-shards -o %F | grep -vx "$shards" | sort -u | paste -sd: - || true)
  [[ -z "$running" ]] || after+=",afterany:$running"
fi

# The merge: after every shard task ended with exit code 0 (afterok on an
# array job waits for all of its tasks); cancelled if one fails. It makes
# the day sheets, animations and gallery, so it gets the same cores, and
# --jobs to match.
merge=$(sbatch --parsable --job-name=filmroll-merge --dependency="$after" --kill-on-invalid-dep=yes \
  --cpus-per-task="$cpus" --mem="$mem" --output="filmroll-merge-%j.out" "${extra[@]}" <<EOF | job_id
#!/bin/bash
set -euo pipefail
exec $filmroll_q merge $photos_q --quiet --jobs "\$SLURM_CPUS_PER_TASK"
EOF
)

echo "submitted: $what, then merge job $merge"
echo "  watch:   squeue -j $shards,$merge"
echo "  failed:  sacct -j $shards --state=FAILED,TIMEOUT,OUT_OF_MEMORY -o JobID,State,ExitCode"
echo "  re-run:  $0 $photos_q $tasks K[,K...]   (the failed tasks' numbers)"
echo "  gallery: $photos/.filmroll/gallery/index.html once job $merge has finished"
