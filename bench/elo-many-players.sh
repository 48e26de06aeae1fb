#!/usr/bin/env bash
# Memory of `elo` on a rating list with many players: GAMES random games among PLAYERS players
# (bench/synthetic-pgn.sh), rated by `arbiter elo` in a JVM capped at HEAP (-Xmx); prints wall
# time, CPU time and peak RSS (GNU time), and the first lines of the list. Counts are kept per
# pairing that played and lists over 2,000 players are fitted sparsely, so memory follows the
# pairings, not players^2.
#
#   bench/elo-many-players.sh [GAMES] [PLAYERS] [HEAP]      default: 1000000 100000 512m
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
games=${1:-1000000}
players=${2:-100000}
heap=${3:-512m}
./arbiter --version >/dev/null                      # builds the jar if needed
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bench/synthetic-pgn.sh "$games" "$players" 1 > "$work/games.pgn"
echo "input: $games games, $players players, $(du -m "$work/games.pgn" | cut -f1) MB of PGN; ARBITER_JAVA_OPTS=-Xmx$heap"
ARBITER_JAVA_OPTS="-Xmx$heap" /usr/bin/time -v ./arbiter elo "$work/games.pgn" --out "$work/list.txt" 2> "$work/time.txt" || {
    cat "$work/time.txt" >&2; exit 1; }
awk -F': ' '/Elapsed \(wall clock\)/{print "wall: " $2} /User time/{u=$2} /System time/{s=$2}
    /Maximum resident set size/{printf "peak RSS: %.0f MiB\n", $2 / 1024} END{printf "cpu: %.1f s\n", u + s}' "$work/time.txt"
grep -c . "$work/list.txt" | sed 's/^/lines in the list: /'
head -4 "$work/list.txt"
