#!/usr/bin/env bash
# Writes GAMES random games between PLAYERS players as PGN (tags and result, no moves) on standard
# output: true ratings drawn uniformly in [-400, 400], each game a random pair, the result drawn from
# the logistic model with 30% draws between equals. For rating-list benchmarks (bench/vs-ordo.sh).
#
#   bench/synthetic-pgn.sh [GAMES] [PLAYERS] [SEED] > games.pgn     default: 1000000 100 1
set -euo pipefail
awk -v games="${1:-1000000}" -v players="${2:-100}" -v seed="${3:-1}" 'BEGIN {
    srand(seed);
    for (i = 0; i < players; i++) r[i] = -400 + 800 * rand();
    for (g = 0; g < games; g++) {
        a = int(rand() * players); do b = int(rand() * players); while (b == a);
        e = 1 / (1 + 10 ^ ((r[b] - r[a]) / 400));
        draw = 0.3 * 4 * e * (1 - e);
        u = rand();
        res = u < e - draw / 2 ? "1-0" : u < e + draw / 2 ? "1/2-1/2" : "0-1";
        printf "[Event \"synthetic\"]\n[White \"p%03d\"]\n[Black \"p%03d\"]\n[Result \"%s\"]\n\n%s\n\n", a, b, res, res;
    }
}'
