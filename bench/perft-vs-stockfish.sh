#!/usr/bin/env bash
# Chess perft 6 from the start position as whole commands: `arbiter perft` against Stockfish's
# `go perft 6` (Debian's stockfish), paired and interleaved by bench/paired.sh (min and median of
# wall, CPU and peak memory, and of the ratio of each pair's walls). Arbiter runs on JAVA_HOME's java
# when it is set, like the launcher. --divide makes Arbiter count depth 6 by root move as Stockfish
# does; without it Arbiter counts every depth from 1 to 6.
#
#   bench/perft-vs-stockfish.sh [RUNS] [--divide]        default: 11
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
runs=${1:-11}
divide=${2:-}
stockfish=$(command -v stockfish || echo /usr/games/stockfish)
[[ -x "$stockfish" ]] || { echo "needs Stockfish (Debian package stockfish)" >&2; exit 2; }
./arbiter --version >/dev/null   # builds the jar and its class-data archive or cache before timing
./arbiter perft --game chess --depth 6 $divide | tail -n 2
printf 'go perft 6\n' | "$stockfish" | grep -i "nodes searched"
bench/paired.sh "$runs" "./arbiter perft --game chess --depth 6 $divide" "printf 'go perft 6\n' | $stockfish"
