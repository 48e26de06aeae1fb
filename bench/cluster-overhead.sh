#!/usr/bin/env bash
# Games per second through the cluster path (a coordinator that plays nothing + worker JVMs, all on
# this machine, over loopback) against the local path (one JVM), with random players so the harness
# is all there is to measure; and the CPU per game of the coordinator and of the workers.
#
#   bench/cluster-overhead.sh [GAMES] [REPEATS] [WORKERS] [SLOTS]     default: 300000 2 1 2
#
# local: `run --concurrency WORKERS*SLOTS`; cluster: `run --cluster --concurrency 0` and WORKERS
# `arbiter worker --concurrency SLOTS`. Each repeat runs local then cluster. bench/steady.py samples
# each run once a second (games counted in games.pdn as it grows, each process's CPU from /proc,
# its JIT compiler threads apart) and prints the steady part (from the moment the JIT has settled to
# the last sample still playing: JVM and Hazelcast start, the JIT's warm-up and the shutdown are
# outside it) and the whole run. Compare the CPU per game JIT apart: with the JIT's late compiles in,
# the figures need 300,000 games (docs/benchmarks.md).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
./arbiter --version >/dev/null                      # builds the jar if needed
jar=harness/target/arbiter.jar
jvm="-XX:-UseDynamicNumberOfCompilerThreads"   # so that steady.py sees every compiler thread's CPU
games=${1:-300000}
repeats=${2:-2}
nworkers=${3:-1}
slots=${4:-2}
work=$(mktemp -d)
workers=()   # pids of the worker JVMs this script started
coordinator=""
stop_all() {
    for p in "${workers[@]}" $coordinator; do kill -TERM "$p" 2>/dev/null || true; done
}
trap 'stop_all; rm -rf "$work"' EXIT
head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$work/secret"

config() {   # overhead-random.json with $games games and its own output folder
    sed -e "s/\"games\": 20000/\"games\": $games/" -e "s#\"output\": \"[^\"]*\"#\"output\": \"$work/out-$1\"#" \
        configs/bench/overhead-random.json > "$work/$1.json"
}

echo "$(date -u '+%Y-%m-%d %H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg); $games games, $nworkers worker(s) x $slots slots"
for rep in $(seq 1 "$repeats"); do
    config "local-$rep"
    java $jvm -jar "$jar" run "$work/local-$rep.json" --concurrency $((nworkers * slots)) >/dev/null 2>&1 &
    coordinator=$!
    printf 'local   %d: ' "$rep"
    python3 bench/steady.py "$work/out-local-$rep/games.pdn" "run=$coordinator"
    wait "$coordinator"
    coordinator=""

    config "cluster-$rep"
    port=$((20000 + RANDOM % 20000))
    workers=()
    for i in $(seq 1 "$nworkers"); do
        java $jvm -jar "$jar" worker --join "127.0.0.1:$port" --concurrency "$slots" --secret-file "$work/secret" \
            --log "$work/w$i.log" >/dev/null 2>&1 &
        workers+=("$!")
    done
    java $jvm -jar "$jar" run "$work/cluster-$rep.json" --cluster --listen "127.0.0.1:$port" \
        --secret-file "$work/secret" --concurrency 0 >/dev/null 2>&1 &
    coordinator=$!
    named=("coordinator=$coordinator")
    for i in "${!workers[@]}"; do named+=("worker$((i + 1))=${workers[$i]}"); done
    printf 'cluster %d: ' "$rep"
    python3 bench/steady.py "$work/out-cluster-$rep/games.pdn" "${named[@]}"
    wait "$coordinator"
    coordinator=""
    for p in "${workers[@]}"; do kill -TERM "$p" 2>/dev/null || true; done   # SIGTERM ends a worker at once
    for p in "${workers[@]}"; do wait "$p" 2>/dev/null || true; done
    workers=()
    recorded=$(grep -c '^\[Event' "$work/out-cluster-$rep/games.pdn")
    [[ $recorded == "$games" ]] || { echo "cluster run recorded $recorded of $games games" >&2; exit 1; }
    # The coordinator's closing log line counts its Hazelcast messages: spec messages out, result batches in.
    grep -ho 'closed; [0-9]* messages rejected; [0-9]* spec messages sent, [0-9]* result batches taken' \
        "$work/out-cluster-$rep"/arbiter.log* | awk -v g="$games" '{printf "          %s spec messages and %s result batches: %.3f messages per game\n", $5, $9, ($5 + $9) / g}'
done
