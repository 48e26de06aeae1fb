#!/usr/bin/env bash
# How busy a cluster's game slots are during `tune --cluster`, barrier mode against async (barrier-free)
# mode: 4 worker JVMs on this machine (2 slots each), the coordinator playing no games itself, on a
# shortened copy of configs/tune-s0-spsa-starts.json (ITERATIONS iterations of 4 pairs, no validation).
# Prints each mode's `utilisation:` line (busy slot-time / available slot-time, docs/tuning.md) and its
# estimate. Ends only the processes it started, by pid.
# Usage: bench/tune-utilisation.sh [ITERATIONS (default 60)] [WORKERS (default 4)] [SLOTS (default 2)] [DEPTH (default 3)]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
iterations=${1:-60}
workers=${2:-4}
slots=${3:-2}
depth=${4:-3}
scratch=$(mktemp -d /tmp/tune-utilisation-XXXXXX)
"$here/arbiter" --version >/dev/null # builds the jar when sources changed
jar="$here/harness/target/arbiter.jar"
secret="$scratch/secret"
echo "0123456789abcdef0123456789abcdef-bench" > "$secret"
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
}
trap cleanup EXIT

for mode in barrier async; do
    out="$scratch/$mode"
    python3 - "$here/configs/tune-s0-spsa-starts.json" "$scratch/$mode.json" "$out" "$iterations" "$mode" "$depth" <<'EOF'
import json, sys, os
src, dst, out, iterations, mode, depth = sys.argv[1:]
c_depth = int(depth)
c = json.load(open(src))
c["name"] = "tune-utilisation-" + mode
c["players"][0]["weightsFile"] = os.path.join(os.path.dirname(os.path.abspath(src)), c["players"][0]["weightsFile"])
c["tune"]["iterations"] = int(iterations)
c["tune"].pop("validation", None)
c["tune"]["mode"] = mode
c["output"] = out
c["limits"]["depth"] = c_depth
json.dump(c, open(dst, "w"), indent=2)
EOF
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    pids=()
    for w in $(seq 1 "$workers"); do
        java -jar "$jar" worker --join "127.0.0.1:$port" --secret-file "$secret" --concurrency "$slots" \
            --log "$scratch/$mode-w$w.log" > "$scratch/$mode-w$w.out" 2>&1 &
        pids+=($!)
    done
    start=$(date +%s.%N)
    java -jar "$jar" tune "$scratch/$mode.json" --cluster --listen "127.0.0.1:$port" --secret-file "$secret" \
        --concurrency 0 > "$scratch/$mode.out" 2>&1
    end=$(date +%s.%N)
    cleanup
    pids=()
    printf '%s: %.1f s wall\n' "$mode" "$(echo "$end - $start" | bc)"
    grep -E '^(utilisation|estimate|tuned):' "$scratch/$mode.out" | sed 's/^/  /'
done
echo "outputs: $scratch"
