#!/usr/bin/env bash
# Plays the real Scan engines over every draughts protocol Arbiter speaks, and prints how each game ended.
#
#   bench/real-peers.sh SCAN2_DIR SCAN3_DIR [GAMES] [RECORD_DIR]
#
# SCAN2_DIR: Scan 2.0 (Hub-1 and DXP), SCAN3_DIR: Scan 3.1 (Hub and DXP), each a folder holding the
# built `scan` program, its `data/` and `scan.ini` (Scan reads both from its working folder). Build
# them from the public mirror github.com/rhalbersma/scan: commit 57082ee ("Scan 2.0") and a0af5d5
# (Scan 3.1 with a Linux Makefile): `cd src && make`, then copy src/scan next to data/ and scan.ini.
# The mirror lacks Scan 3.1's evaluation weights (data/eval); without them Scan 3.1 stops at init.
# `bench/real-peers.sh --material-eval SCAN3_DIR` writes a material-only data/eval in its place (man 1,
# king 3 men, every pattern weight 0, in the file's layout: eval.cpp reads 2 x 2125820 big-endian
# int16), so Scan 3.1 plays real protocol games, weakly.
#
# Each Scan plays GAMES (default 2) games against Arbiter's draughts-alphabeta at depth 3, Scan at
# 4 s + 0.1 s (Hub, Hub-1) or a 1-minute DXP clock, from the start position, colours alternating.
# Every line each side sent is recorded by bench/peer-record.py into RECORD_DIR (default a temporary
# folder): hub1-scan2.log, hub-scan3.log, dxp-scan2.log, dxp-scan3.log, with each run's games.pdn;
# the test data under harness/src/test/resources/arbiter/external/ came from this script with GAMES=2.
# DXP: each Scan's scan.ini must say dxp-initiator = false (it listens); its dxp-port is read from it.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

if [[ "${1:-}" == "--material-eval" ]]; then
    python3 - "$2/data/eval" <<'EOF'
import struct, sys
P = 2125820                  # eval parameters (Scan 3.1 eval.cpp), each a (middle game, end game) pair
w = [0] * (P * 2)
w[0] = w[1] = 1000           # var 0: men (Unit = 10 per centi-man: 100 cp a man)
w[2] = w[3] = 3000           # var 1: having a king
w[4] = w[5] = 3000           # var 2: each further king
with open(sys.argv[1], "wb") as f:
    f.write(struct.pack(">%dh" % len(w), *w))
EOF
    echo "wrote a material-only $2/data/eval"
    exit 0
fi

if (( $# < 2 )); then
    sed -n 2,20p "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
for d in "$1" "$2"; do
    [[ -d "$d" ]] || { echo "error: $d is not a folder" >&2; exit 2; }
done
scan2="$(cd "$1" && pwd)" scan3="$(cd "$2" && pwd)" games="${3:-2}"
[[ "$games" =~ ^[1-9][0-9]*$ ]] || { echo "error: GAMES '$games' is not a positive number" >&2; exit 2; }
rec="${4:-$(mktemp -d /tmp/real-peers.XXXXXX)}"
mkdir -p "$rec"
for d in "$scan2" "$scan3"; do
    [[ -x "$d/scan" && -f "$d/scan.ini" && -d "$d/data" ]] || { echo "error: $d needs scan, scan.ini and data/" >&2; exit 2; }
done
[[ -f "$scan3/data/eval" ]] || { echo "error: $scan3/data/eval is missing (see --material-eval)" >&2; exit 2; }
port_of() { sed -n 's/^dxp-port *= *\([0-9]*\).*/\1/p' "$1/scan.ini"; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
record="$here/bench/peer-record.py"

play() { # name protocol dir player-json-tail
    local name=$1 proto=$2 dir=$3 player=$4
    local out="$rec/out-$name"
    rm -rf "$out"
    cat > "$rec/$name.json" <<EOF
{ "name": "real-peers-$name", "game": {"variant": "international"},
  "players": [ { "name": "scan", "protocol": "$proto", "workingDir": "$dir", "initTimeoutMs": 30000, $player },
               { "name": "alphabeta", "engine": "draughts-alphabeta", "limits": {"depth": 3} } ],
  "schedule": {"type": "match", "players": ["scan", "alphabeta"], "games": $games},
  "openings": {"pairs": true}, "adjudication": {"maxPlies": 200},
  "concurrency": 1, "output": "$out", "seed": 7, "reportEvery": 1000 }
EOF
    "$here/arbiter" run --quiet "$rec/$name.json" >/dev/null 2>"$rec/$name.err" || true
    local pdn="$out/games.pdn"
    if [[ ! -f "$pdn" ]]; then
        printf '%-10s no games: %s\n' "$name" "$(tail -n 1 "$rec/$name.err")"
        return
    fi
    # One line: how many games, and each (result, termination) with its count.
    python3 - "$name" "$pdn" <<'EOF'
import re, sys, collections
text = open(sys.argv[2], encoding="utf-8").read()
games = re.split(r'\n(?=\[Event )', text.strip())
ends = collections.Counter()
for g in games:
    tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', g, re.M))
    scan_white = tags.get("White") == "scan"
    res = tags.get("Result", "?")
    who = {"2-0": "scan won" if scan_white else "scan lost", "0-2": "scan lost" if scan_white else "scan won",
           "1-1": "draw"}.get(res, res)
    ends[f'{who} ({tags.get("Termination", "?")})'] += 1
print(f'{sys.argv[1]:<10} {len(games)} games: ' + ", ".join(f"{n} {k}" for k, n in sorted(ends.items())))
EOF
}

clock='"limits": {"timeMs": 4000, "incrementMs": 100, "marginMs": 1000}'
dxpclock='"limits": {"timeMs": 60000, "marginMs": 30000}'
echo "real peers, $(date -u +%Y-%m-%d), $games games each against draughts-alphabeta depth 3; records in $rec"
play hub1-scan2 hub1 "$scan2" "$clock, \"command\": [\"python3\", \"$record\", \"$rec/hub1-scan2.log\", \"--\", \"$scan2/scan\", \"hub\"]"
play hub-scan3 hub "$scan3" "$clock, \"command\": [\"python3\", \"$record\", \"$rec/hub-scan3.log\", \"--\", \"$scan3/scan\", \"hub\"]"
for v in 2 3; do
    dir=$scan2; [[ $v == 3 ]] && dir=$scan3
    eport=$(port_of "$dir") lport=$(free_port)
    play dxp-scan$v dxp "$dir" "$dxpclock, \"port\": $lport, \"command\": [\"python3\", \"$record\", \"--dxp\", \"$rec/dxp-scan$v.log\", \"$lport\", \"$eport\", \"--\", \"$dir/scan\", \"dxp\"]"
done
