#!/usr/bin/env bash
# `arbiter elo` against Ordo on the same 1,000,000 synthetic games (100 players), no error bars:
# whole-process wall, CPU and peak memory, paired and interleaved by bench/paired.sh (min and median).
# Build Ordo from its public source first, outside this repository:
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
bench/paired.sh "$runs" "./arbiter elo $work/games.pgn --bootstrap 0 --out $work/arbiter.txt" \
    "$ordo -p $work/games.pgn -o $work/ordo.txt"
