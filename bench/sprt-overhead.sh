#!/usr/bin/env bash
# Coordinator CPU per game of a long random-player match with an SPRT against the same match without
# one (the coordinator logs its thread's CPU at the end of a run: "coordinator: X ms of CPU for N games
# (Y us per game)"). The SPRT's bounds never stop the test: elo0 -1, elo1 1, alpha = beta = 1e-9 put
# them at +-20.7 while two equal random players keep the LLR within a few units. Runs interleave: plain,
# sprt, plain, sprt, ...; then min and median per mode.
#
#   bench/sprt-overhead.sh [GAMES] [PAIRS]      default: 100000 3
#   JAR=path/to/arbiter.jar bench/sprt-overhead.sh ...   another build (e.g. main's, for a before figure)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
games=${1:-100000}
pairs=${2:-3}
if [ -z "${JAR:-}" ]; then
    ./arbiter --version >/dev/null
    JAR=harness/target/arbiter.jar
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sed -e "s/\"games\": 20000/\"games\": $games/" configs/bench/overhead-random.json > "$work/plain.json"
sed -e "s/\"games\": 20000/\"games\": $games, \"sprt\": {\"elo0\": -1, \"elo1\": 1, \"alpha\": 1e-9, \"beta\": 1e-9}/" \
    configs/bench/overhead-random.json > "$work/sprt.json"

printf "%-6s %4s %9s %12s %s\n" mode run games coord_us/game "coordinator line"
for i in $(seq 1 "$pairs"); do
    for mode in plain sprt; do
        java -jar "$JAR" run "$work/$mode.json" --force-new --output "$work/out" --quiet >/dev/null 2>&1 || true
        line=$(grep -h "coordinator:" "$work/out/arbiter.log" | tail -1 | sed 's/^.*coordinator:/coordinator:/')
        n=$(echo "$line" | sed -E 's/.*CPU for ([0-9]+) games.*/\1/')
        us=$(echo "$line" | sed -E 's/.*\(([0-9]+) us per game\).*/\1/')
        printf "%-6s %4d %9s %12s %s\n" "$mode" "$i" "$n" "$us" "$line"
        echo "$mode $us" >> "$work/all"
        rm -rf "$work/out"
    done
done
for mode in plain sprt; do
    grep "^$mode " "$work/all" | awk '{print $2}' | sort -n | awk -v m="$mode" \
        '{a[NR]=$1} END{med=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%-6s min %d us/game, median %d us/game\n", m, a[1], med}'
done
