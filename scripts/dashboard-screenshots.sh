#!/usr/bin/env bash
# Screenshots of the live dashboard for docs/dashboard.md: for each game a short run of built-in engines is
# started with --dashboard, and headless Chromium photographs the first game in progress (index.html#board)
# after a few seconds of play; then one whole page of a chess match. Needs Debian's chromium and ImageMagick
# (convert), for cropping and a smaller palette.
#
#   scripts/dashboard-screenshots.sh [OUT_DIR]      # default docs/img
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$here/docs/img}"
work="$(mktemp -d "${TMPDIR:-/tmp}/dashboard-screenshots.XXXXXX")"
chromium="${CHROMIUM:-/usr/bin/chromium}"
mkdir -p "$out"
for tool in "$chromium" convert; do
    command -v "$tool" >/dev/null || { echo "error: $tool not found (apt-get install chromium imagemagick)" >&2; exit 2; }
done

run_pid=""
cleanup() { [[ -n "$run_pid" ]] && kill "$run_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

# config NAME VARIANT ENGINE1 ENGINE2 LIMITS RANDOM_PLIES
config() {
    cat > "$work/$1.json" <<EOF
{ "name": "$1", "game": {"variant": "$2"},
  "players": [ {"name": "$3-a", "engine": "$3"}, {"name": "$4-b", "engine": "$4"} ],
  "schedule": {"type": "match", "players": ["$3-a", "$4-b"], "games": 4},
  "openings": {"randomPlies": $6, "pairs": true}, "limits": $5, "adjudication": {"maxPlies": 300},
  "concurrency": 1, "seed": 11, "output": "$work/$1-out" }
EOF
}

# shoot NAME SECONDS_OF_PLAY FRAGMENT WIDTH HEIGHT: starts the run, photographs the page, stops the run.
shoot() {
    local name=$1 wait=$2 fragment=$3 width=$4 height=$5
    "$here/arbiter" run "$work/$name.json" --dashboard 127.0.0.1:0 > "$work/$name.log" 2>&1 &
    run_pid=$!
    local address=""
    for _ in $(seq 1 240); do
        address=$(sed -n 's#^Dashboard on http://\([^/]*\)/.*#\1#p' "$work/$name.log" | head -1)
        [[ -n "$address" ]] && break
        sleep 0.5
    done
    [[ -n "$address" ]] || { echo "error: $name: no dashboard address in $work/$name.log" >&2; cat "$work/$name.log" >&2; exit 1; }
    sleep "$wait"
    "$chromium" --headless=new --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
        --window-size="$width,$height" --virtual-time-budget=2500 --screenshot="$work/$name-raw.png" \
        "http://$address/$fragment" > /dev/null 2>&1
    kill "$run_pid" 2>/dev/null || true
    wait "$run_pid" 2>/dev/null || true
    run_pid=""
    # Trim the page's white margin and keep a small palette: each image stays a few tens of kB.
    convert "$work/$name-raw.png" -trim +repage -bordercolor white -border 6 -colors 96 -strip "PNG8:$out/dashboard-$name.png"
    echo "$out/dashboard-$name.png"
}

config chess chess chess-alphabeta chess-alphabeta '{"moveTimeMs": 300}' 10
shoot chess 8 "#board" 420 520
config international international draughts-alphabeta draughts-alphabeta '{"moveTimeMs": 250}' 12
shoot international 8 "#board" 420 520
config russian russian draughts-alphabeta draughts-alphabeta '{"moveTimeMs": 250}' 12
shoot russian 8 "#board" 420 520
config quoridor quoridor quoridor-alphabeta quoridor-mcts '{"moveTimeMs": 300}' 2
shoot quoridor 10 "#board" 420 520
config backgammon backgammon backgammon-expectimax random '{"moveTimeMs": 200}' 0
shoot backgammon 12 "#board" 460 460
config run chess chess-alphabeta chess-alphabeta '{"moveTimeMs": 100}' 8
shoot run 20 "" 1280 1000
