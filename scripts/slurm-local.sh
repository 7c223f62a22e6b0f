#!/usr/bin/env bash
# A real one-node Slurm on this machine, to test `harness slurm` end to end:
# installs Debian's slurm-wlm and munge if missing, writes a slurm.conf for this host (its
# real CPU count and memory), starts munged, slurmctld and slurmd, submits
# instances/quick.toml as a 3-task job array plus the merge job (each asking for its
# memory with --mem), checks that Slurm granted each job the memory its script asks for,
# waits for both, and checks that the merged CSVs equal a single run's (time columns aside).
#
#   scripts/slurm-local.sh [WORK_DIR]      # default: a new temporary directory
#
# Exit 0: the merged results equal a single run's. Exit 3: Slurm could not be started here
# (the reason is printed); anything else: a real failure. Needs root (apt-get, daemons).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
work=${1:-$(mktemp -d /tmp/slurm-local.XXXXXX)}
mkdir -p "$work"
work=$(cd "$work" && pwd)
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

out="$work/results"
submitted=$("$harness" slurm instances/quick.toml --shards 3 --cpus-per-task 1 --time 00:20:00 --out "$out" --submit)
echo "$submitted" >&2
array_job=$(echo "$submitted" | awk '/submitted array job/ {print $4}')
merge_job=$(echo "$submitted" | awk '/submitted merge job/ {print $4}')
# Each job's memory as Slurm granted it, against the --mem line of its script.
for pair in "$array_job:array" "$merge_job:merge"; do
  job=${pair%%:*}; script="$out/slurm/${pair#*:}.sbatch"
  want=$(grep -o -- '--mem=[0-9]*M' "$script" | head -1 | tr -dc '0-9')
  got=$(scontrol show job "$job" 2>/dev/null | grep -o 'MinMemoryNode=[0-9]*[MG]' | head -1)
  case "$got" in
    *G) got_mb=$(( ${got//[^0-9]/} * 1024 )) ;;
    *) got_mb=${got//[^0-9]/} ;;
  esac
  [ -n "$want" ] && [ "$got_mb" = "$want" ] \
    || { say "job $job ($script) asks for --mem=${want}M but Slurm granted '${got}'"; exit 1; }
  say "job $job granted ${want} MiB, as $script asks"
done

for _ in $(seq 1 300); do
  [ -z "$(squeue -h 2>/dev/null)" ] && break
  sleep 2
done
[ -z "$(squeue -h 2>/dev/null)" ] || { say "jobs still queued after 10 minutes:"; squeue >&2; exit 1; }

for log in "$out"/slurm/logs/*.log; do say "--- $log"; tail -3 "$log" >&2; done
[ -f "$out/run.toml" ] && grep -q 'state = "complete"' "$out/run.toml" \
  || { say "the merge job did not write a complete $out/run.toml"; exit 1; }

single="$work/single"
"$harness" run instances/quick.toml --out "$single" 2>/dev/null
"$harness" compare "$single" "$out"
say "merged results of the 3-task array equal a single run's ($out)"
