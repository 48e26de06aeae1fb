#!/bin/sh
# Stockfish whose every score reads -10.00: it loses every game by -resign adjudication after its first move.
/usr/games/stockfish "$@" | sed -u 's/score cp -\{0,1\}[0-9]*/score cp -1000/; s/score mate -\{0,1\}[0-9]*/score cp -1000/'
