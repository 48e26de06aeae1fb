#!/usr/bin/env bash
# `arbiter elo` against Ordo on the same 1,000,000 synthetic games (100 players), no error bars:
# whole-process wall, CPU and peak memory, paired and interleaved (farm-bench if present, else
# /usr/bin/time in turn). Build Ordo from its public source first, outside this repository:
#   git clone https://github.com/michiguel/Ordo /tmp/ordo && make -C /tmp/ordo
#
#   bench/vs-ordo.sh PATH-TO-ORDO [GAMES] [RUNS]        default: 1000000 9
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ordo=${1:?usage: bench/vs-ordo.sh PATH-TO-ORDO [GAMES] [RUNS]}
games=${2:-1000000}
runs=${3:-9}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bench/synthetic-pgn.sh "$games" 100 1 > "$work/games.pgn"
./arbiter --version >/dev/null   # build and make the class-data archive before timing
./arbiter elo "$work/games.pgn" --bootstrap 0 --out "$work/arbiter.txt"
"$ordo" -p "$work/games.pgn" -o "$work/ordo.txt" >/dev/null
echo "top of each list (Ordo's pool average is 2300):"
sed -n 3,5p "$work/arbiter.txt"; sed -n 3,5p "$work/ordo.txt"
if command -v farm-bench >/dev/null; then
    farm-bench -n "$runs" --timeout 600 --vs "$ordo -p $work/games.pgn -o $work/ordo.txt" -- \
        ./arbiter elo "$work/games.pgn" --bootstrap 0 --out "$work/arbiter.txt"
else
    for i in $(seq 1 "$runs"); do
        /usr/bin/time -f "arbiter %e s wall, %U+%S s cpu, %M KiB" ./arbiter elo "$work/games.pgn" --bootstrap 0 --out "$work/arbiter.txt"
        /usr/bin/time -f "ordo    %e s wall, %U+%S s cpu, %M KiB" "$ordo" -p "$work/games.pgn" -o "$work/ordo.txt" >/dev/null
    done
fi
