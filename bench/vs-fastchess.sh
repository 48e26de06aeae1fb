#!/usr/bin/env bash
# Arbiter against fastchess on the same match: Stockfish against itself at a node limit, the same
# openings (the 20 positions after White's first move, in order, each played twice with colours
# reversed), the same flags (`arbiter match` speaks fastchess's command line). The harness's own CPU
# is the whole process tree's minus the engines', which a wrapper around stockfish records at each
# engine's exit. Runs alternate: arbiter, fastchess, arbiter, ...; min, median and max at the end.
# Build fastchess from its public source first, outside this repository:
#   git clone https://github.com/Disservin/fastchess /tmp/fastchess && make -C /tmp/fastchess -j2
#
#   bench/vs-fastchess.sh PATH-TO-FASTCHESS [ROUNDS] [NODES] [RUNS]     default: 20 2000 3
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
fastchess=$(realpath "${1:?usage: bench/vs-fastchess.sh PATH-TO-FASTCHESS [ROUNDS] [NODES] [RUNS]}")
rounds=${2:-20}
nodes=${3:-2000}
runs=${4:-3}
stockfish=$(command -v stockfish || echo /usr/games/stockfish)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The 20 positions after White's first move.
start="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
for f in a b c d e f g h; do
    for r in 3 4; do
        board=$(awk -v f="$f" -v r="$r" 'BEGIN {
            split("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", rk, "/");
            c = index("abcdefgh", f);
            for (i = 1; i <= 8; i++) { row = ""; for (j = 1; j <= length(rk[i]); j++) { ch = substr(rk[i], j, 1);
                if (ch ~ /[0-9]/) { for (k = 0; k < ch; k++) row = row "." } else row = row ch } sq[i] = row }
            sq[7] = substr(sq[7], 1, c - 1) "." substr(sq[7], c + 1);
            line = 9 - r; sq[line] = substr(sq[line], 1, c - 1) "P" substr(sq[line], c + 1);
            out = ""; for (i = 1; i <= 8; i++) { row = sq[i]; n = 0; s = "";
                for (j = 1; j <= 8; j++) { ch = substr(row, j, 1); if (ch == ".") n++; else { if (n) s = s n; n = 0; s = s ch } }
                if (n) s = s n; out = out (i > 1 ? "/" : "") s }
            print out }')
        echo "$board b KQkq -" >> "$work/book.epd"
    done
done
cat >> "$work/book.epd" <<'BOOK'
rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/R1BQKBNR b KQkq -
rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR b KQkq -
rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq -
rnbqkbnr/pppppppp/8/8/8/7N/PPPPPPPP/RNBQKB1R b KQkq -
BOOK

cat > "$work/sf" <<WRAP
#!/bin/sh
exec /usr/bin/time -f "%U %S" -a -o "\$SF_CPU_LOG" "$stockfish" "\$@"
WRAP
chmod +x "$work/sf"
flags=(-engine cmd="$work/sf" name=sf1 -engine cmd="$work/sf" name=sf2 -each proto=uci tc=inf nodes="$nodes"
       option.Hash=16 option.Threads=1 -rounds "$rounds" -games 2 -repeat -concurrency 2
       -openings file="$work/book.epd" format=epd order=sequential -maxmoves 200)
./arbiter --version >/dev/null

measure() {   # name, command...: prints wall, total CPU, engines' CPU, harness CPU
    local name=$1; shift
    : > "$work/engines.cpu"
    SF_CPU_LOG="$work/engines.cpu" /usr/bin/time -f "%e %U %S" -o "$work/total" "$@" >/dev/null 2>&1
    read -r wall user sys < "$work/total"
    engines=$(awk '{s += $1 + $2} END {printf "%.2f", s}' "$work/engines.cpu")
    local harness
    harness=$(echo "$user + $sys - $engines" | bc)
    printf "%-10s wall %6.2f s  cpu %6.2f s  engines %6.2f s  harness %5.2f s\n" "$name" "$wall" \
        "$(echo "$user + $sys" | bc)" "$engines" "$harness"
    echo "$name $wall $harness" >> "$work/runs"
}
# min, median, max of a column of numbers on stdin
stats() { sort -g | awk '{v[NR] = $1} END {m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2;
                                          printf "%10.2f %10.2f %10.2f\n", v[1], m, v[NR]}'; }
for i in $(seq 1 "$runs"); do
    rm -rf "$work/arbiter-out" "$work/fc.pgn"
    measure arbiter ./arbiter match "${flags[@]}" --output "$work/arbiter-out" --quiet
    # fastchess writes its config.json into the folder it runs in: run it in the scratch folder.
    (cd "$work" && measure fastchess "$fastchess" "${flags[@]}" -pgnout file="$work/fc.pgn")
done
echo "games: arbiter $(grep -c '^\[Event' "$work/arbiter-out/games.pdn"), fastchess $(grep -c '^\[Event' "$work/fc.pgn")"
echo "plies in Arbiter's last log: $(grep -o '"moves" : [0-9]*' "$work/arbiter-out/report.json" | awk '{s += $3} END {print s}')"
printf "%-24s %10s %10s %10s   (%s runs each)\n" "" min median max "$runs"
for who in arbiter fastchess; do
    printf "%-24s " "$who wall s"; awk -v w="$who" '$1 == w {print $2}' "$work/runs" | stats
    printf "%-24s " "$who harness CPU s"; awk -v w="$who" '$1 == w {print $3}' "$work/runs" | stats
done
