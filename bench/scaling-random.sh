#!/usr/bin/env bash
# Games per second with 2 game threads against 1, random players (International draughts, about 86
# plies a game), so the referee, the records and the coordinator dominate: the run of
# configs/bench/overhead-random.json with GAMES games, --concurrency 2 (A) against --concurrency 1
# (B), paired and interleaved by bench/paired.sh. Then one more run of each prints what its log
# says of each thread's CPU (the game threads, the coordinator per game, the JIT's compile time).
# Arbiter runs on JAVA_HOME's java when it is set, like the launcher.
#
#   bench/scaling-random.sh [GAMES] [RUNS]        default: 20000 5
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
games=${1:-20000}
runs=${2:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sed -e "s/\"games\": 20000/\"games\": $games/" configs/bench/overhead-random.json > "$work/config.json"
./arbiter --version >/dev/null   # builds the jar and its class-data archive or cache before timing
run() { echo "./arbiter run $work/config.json --force-new --quiet --concurrency $1 --output $work/out$1"; }
bench/paired.sh "$runs" "$(run 2)" "$(run 1)"
echo "games/s: divide $games by the walls; the A/B wall ratio's inverse is the speed-up of 2 threads"
for c in 1 2; do
    bash -c "$(run "$c")" >/dev/null
    echo "concurrency $c, from its log:"
    grep -E "of CPU|JIT compilation" "$work/out$c/arbiter.log" | sed 's/^.* - /  /'
done
