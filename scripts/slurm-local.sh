#!/usr/bin/env bash
# A real one-node Slurm on this machine, to test `harness slurm` end to end: installs
# Debian's slurm-wlm and munge if missing, writes a slurm.conf for this host (its real CPU
# count and memory), starts munged, slurmctld and slurmd once, and runs its phases:
#
#   run    instances/quick.toml as a 3-task job array plus the merge job (each asking for
#          its memory with --mem); checks that Slurm granted each job the memory its script
#          asks for, waits for both, and checks that the merged CSVs equal a single run's
#          (time columns aside).
#   judge  a class of 6 hand-ins made by scripts/make-class.sh (correct, the minimax
#          fault, the miscount, a syntax error, <algorithm> and <map>, an over-long
#          function) judged with `harness slurm --judge` as a 3-task array plus the table
#          job, on besteScore's questions of spel1.txt (2 s a question); checks the granted
#          memory as above, waits for both, and checks that the class's judge.csv (time
#          and memory columns aside), style.csv and class table (speed and memory aside)
#          equal those of a single local `harness judge` of the same class.
#
#   scripts/slurm-local.sh [WORK_DIR] [PHASES]   # WORK_DIR: default a new temporary directory
#                                                # PHASES: run, judge or run,judge (default)
#
# Exit 0: every phase asked gave what a single local run gives. Exit 3: Slurm could not be
# started here (the reason is printed); 2: bad arguments; anything else: a real failure.
# Needs root (apt-get, daemons); the judge phase also g++, zip, tar, python3 and
# bubblewrap (the judge's sandbox).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
work=${1:-$(mktemp -d /tmp/slurm-local.XXXXXX)}
phases=${2:-run,judge}
case "$phases" in
  run|judge|run,judge|judge,run) ;;
  *) echo "slurm-local: PHASES \`$phases\`: expected run, judge or run,judge" >&2; exit 2 ;;
esac
mkdir -p "$work"
work=$(cd "$work" && pwd)
# A sandboxed build or solver may run as another user: the folders it reads are public.
chmod 755 "$work"
state="$work/slurm-state"
mkdir -p "$state/spool" "$state/ctld"

say() { echo "slurm-local: $*" >&2; }
cannot() { say "cannot start Slurm here: $*"; exit 3; }

if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  say "installing slurm-wlm and munge from Debian's packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null || cannot "apt-get update failed"
  apt-get install -y -qq slurm-wlm munge >/dev/null || cannot "apt-get install slurm-wlm munge failed"
fi

# HARNESS_BIN: a harness binary already built (the test passes its own); else build one.
if [ -n "${HARNESS_BIN:-}" ]; then
  harness=$HARNESS_BIN
else
  cargo build --release --quiet
  harness="${CARGO_TARGET_DIR:-$repo/target}/release/harness"
fi

host=$(hostname -s)
cpus=$(nproc)
mem_mb=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 - 512 ))
conf="$state/slurm.conf"
cat > "$conf" <<EOF
ClusterName=harness-local
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
# Memory is a consumable resource: each job gets the --mem its script asks for.
SelectTypeParameters=CR_Core_Memory
ReturnToService=2
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmdSpoolDir=$state/spool
StateSaveLocation=$state/ctld
SlurmctldLogFile=$state/slurmctld.log
SlurmdLogFile=$state/slurmd.log
NodeName=$host CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$conf"

cleanup() {
  [ -f "$state/slurmd.pid" ] && kill "$(cat "$state/slurmd.pid")" 2>/dev/null || true
  [ -f "$state/slurmctld.pid" ] && kill "$(cat "$state/slurmctld.pid")" 2>/dev/null || true
  [ -n "${munge_pid:-}" ] && kill "$munge_pid" 2>/dev/null || true
}
trap cleanup EXIT

mkdir -p "$state/munge"
if [ ! -s /etc/munge/munge.key ]; then
  (command -v mungekey >/dev/null && mungekey --create --force) \
    || dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
  chmod 600 /etc/munge/munge.key
fi
munged --force --socket="$state/munge/munge.socket" --pid-file="$state/munge/munged.pid" \
  --log-file="$state/munge/munged.log" --seed-file="$state/munge/munged.seed" \
  || cannot "munged did not start: $(tail -3 "$state/munge/munged.log" 2>/dev/null)"
munge_pid=$(cat "$state/munge/munged.pid")
# Slurm's auth/munge plugin finds munged through this socket.
cat >> "$conf" <<EOF
AuthInfo=socket=$state/munge/munge.socket
EOF

slurmctld -f "$conf" || cannot "slurmctld did not start: $(tail -5 "$state/slurmctld.log" 2>/dev/null)"
slurmd -f "$conf" || cannot "slurmd did not start: $(tail -5 "$state/slurmd.log" 2>/dev/null)"

ready=""
for _ in $(seq 1 60); do
  if sinfo -h -o '%t' 2>/dev/null | grep -qE '^(idle|mix|alloc)'; then ready=1; break; fi
  sleep 2
done
[ -n "$ready" ] || cannot "the node did not become idle in 2 minutes: $(sinfo 2>&1 | tail -2); $(tail -3 "$state/slurmd.log" 2>/dev/null)"
say "Slurm is up: $(sinfo -h -o '%P %D %t %c')"

# granted_memory OUT ARRAY_JOB MERGE_JOB: each job's memory as Slurm granted it, against
# the --mem line of its script in OUT/slurm.
granted_memory() {
  local out=$1 pair job script want got got_mb
  for pair in "$2:array" "$3:merge"; do
    job=${pair%%:*}; script="$out/slurm/${pair#*:}.sbatch"
    want=$(grep -o -- '--mem=[0-9]*M' "$script" | head -1 | tr -dc '0-9')
    # scontrol shows 4608 MiB as MinMemoryNode=4.50G, 1024 MiB as 1G.
    got=$(scontrol show job "$job" 2>/dev/null | grep -o 'MinMemoryNode=[0-9.]*[MGT]' | head -1 || true)
    got_mb=$(echo "${got#*=}" | awk '/M$/ {print $0+0} /G$/ {print ($0+0) * 1024} /T$/ {print ($0+0) * 1048576}')
    [ -n "$want" ] && [ "$got_mb" = "$want" ] \
      || { say "job $job ($script) asks for --mem=${want}M but Slurm granted '${got}'"; exit 1; }
    say "job $job granted ${want} MiB, as $script asks"
  done
}

# wait_for_jobs OUT: waits until the queue is empty (at most 10 minutes), then shows the
# jobs' logs; a job whose dependency can never be met (a task of the array before it
# failed) ends the wait at once, as a failure.
wait_for_jobs() {
  local out=$1 log
  for _ in $(seq 1 300); do
    [ -z "$(squeue -h 2>/dev/null)" ] && break
    if squeue -h -o '%r' 2>/dev/null | grep -q DependencyNeverSatisfied; then
      for log in "$out"/slurm/logs/*.log; do say "--- $log"; tail -5 "$log" >&2; done
      say "a task of the array failed, so the job after it can never start:"
      squeue >&2
      scancel --user=root 2>/dev/null || true
      exit 1
    fi
    sleep 2
  done
  [ -z "$(squeue -h 2>/dev/null)" ] || { say "jobs still queued after 10 minutes:"; squeue >&2; exit 1; }
  for log in "$out"/slurm/logs/*.log; do say "--- $log"; tail -3 "$log" >&2; done
}

# submit_and_wait OUT HARNESS_SLURM_ARGS...: `harness slurm ... --out OUT --submit`, the
# granted memory checked, waited for.
submit_and_wait() {
  local out=$1 submitted
  shift
  submitted=$("$harness" slurm "$@" --out "$out" --submit)
  echo "$submitted" >&2
  granted_memory "$out" "$(echo "$submitted" | awk '/submitted array job/ {print $4}')" \
    "$(echo "$submitted" | awk '/submitted merge job/ {print $4}')"
  wait_for_jobs "$out"
}

run_phase() {
  local out="$work/results" single="$work/single"
  submit_and_wait "$out" instances/quick.toml --shards 3 --cpus-per-task 1 --time 00:20:00
  [ -f "$out/run.toml" ] && grep -q 'state = "complete"' "$out/run.toml" \
    || { say "the merge job did not write a complete $out/run.toml"; exit 1; }
  "$harness" run instances/quick.toml --out "$single" 2>/dev/null
  "$harness" compare "$single" "$out"
  say "merged results of the 3-task array equal a single run's ($out)"
}

judge_phase() {
  local class="$work/class" manifest="$work/judge.toml" out="$work/judged" single="$work/judged-single"
  local start slurm_s local_s f phase_start=$SECONDS
  bash scripts/make-class.sh 6 "$class"
  # besteScore's questions on spel1.txt and on the 8 seeded random positions: 27 a hand-in.
  printf 'seed = 20240321\n\n[[experiment]]\nname = "best"\ngame = "tegel"\nkind = "best"\ninstances = ["%s"]\n' \
    "$repo/instances/tegel/spel1.txt" > "$manifest"
  local submissions=("$class"/*)
  start=$SECONDS
  submit_and_wait "$out" "$manifest" --shards 3 --cpus-per-task 1 --time 00:20:00 --question-time-limit 2 \
    --judge "${submissions[@]}"
  slurm_s=$((SECONDS - start))
  for f in "$out"/run-shard-{0,1,2}-of-3.toml "$out/run.toml"; do
    [ -f "$f" ] && grep -q 'state = "complete"' "$f" || { say "$f is missing or not complete"; exit 1; }
  done
  grep -q '^judged = 6$' "$out/run.toml" || { say "the table job did not find 6 judged: $(cat "$out/run.toml")"; exit 1; }
  start=$SECONDS
  "$harness" -q judge "$manifest" "${submissions[@]}" --out "$single" --question-time-limit 2
  local_s=$((SECONDS - start))
  python3 - "$single" "$out" <<'EOF'
import csv, sys
from collections import Counter

single, slurm = sys.argv[1], sys.argv[2]
MEASURED = {"solver_seconds", "engine_seconds", "time_ratio", "time_ratio_low", "time_ratio_high", "speed",
            "peak_memory_bytes"}

def rows(folder, name, leave_out=()):
    with open(f"{folder}/{name}", newline="") as f:
        return [{k: v for k, v in row.items() if k not in leave_out} for row in csv.DictReader(f)]

def table(folder):
    """class.md's lines, each without its speed and peak memory cells."""
    lines = open(f"{folder}/class.md").read().splitlines()[4:]
    return [" | ".join(c[:6] + c[8:]) for c in (line.split(" | ") for line in lines)]

differ = False
for what, alone, on_slurm in [
    ("judge.csv", rows(single, "judge.csv", MEASURED), rows(slurm, "judge.csv", MEASURED)),
    ("style.csv", rows(single, "style.csv"), rows(slurm, "style.csv")),
    ("class.md", table(single), table(slurm)),
]:
    if alone != on_slurm:
        differ = True
        print(f"slurm-local: {what} differs: {len(alone)} rows alone, {len(on_slurm)} on Slurm", file=sys.stderr)
        for a, b in zip(alone, on_slurm):
            if a != b:
                print(f"  alone:    {a}\n  on Slurm: {b}", file=sys.stderr)
                break
if differ:
    sys.exit(1)
answers = rows(slurm, "judge.csv", MEASURED)
builds = Counter(line.split(" | ")[2] for line in table(slurm))
verdicts = Counter(r["verdict"] for r in answers)
print("slurm-local: judge.csv: %d rows of %d submissions (%s); verdicts: %s" % (
    len(answers), sum(builds.values()), ", ".join(f"{k} {v}" for k, v in sorted(builds.items())),
    ", ".join(f"{k} {v}" for k, v in sorted(verdicts.items()))), file=sys.stderr)
EOF
  say "judge phase: $((SECONDS - phase_start)) s in all; the array and the table job took ${slurm_s} s from" \
    "submission to an empty queue, the single local judge ${local_s} s"
  say "the class table of the 3-task judge array equals a single judge's ($out)"
}

case ",$phases," in *,run,*) run_phase ;; esac
case ",$phases," in *,judge,*) judge_phase ;; esac
