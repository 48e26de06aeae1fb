#!/usr/bin/env bash
# Screenshots of the live dashboard for docs/dashboard.md: for each game a short run of built-in engines is
# started with --dashboard, and headless Chromium photographs the first game in progress (index.html?once#board)
# after a few seconds of play; then one whole page of a chess match. Needs Debian's chromium; the window is
# sized to the board, so nothing needs cropping.
#
#   scripts/dashboard-screenshots.sh [OUT_DIR [NAME...]]   # default docs/img; NAMEs (chess international
#                                                          # russian quoridor backgammon run): only those
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$here/docs/img}"
only=("${@:2}")
work="$(mktemp -d "${TMPDIR:-/tmp}/dashboard-screenshots.XXXXXX")"
chromium="${CHROMIUM:-/usr/bin/chromium}"
mkdir -p "$out"
command -v "$chromium" >/dev/null || { echo "error: $chromium not found (apt-get install chromium)" >&2; exit 2; }

run_pid=""
cleanup() { [[ -n "$run_pid" ]] && kill "$run_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

# config NAME VARIANT ENGINE1 ENGINE2 LIMITS RANDOM_PLIES
config() {
    cat > "$work/$1.json" <<EOF
{ "name": "$1", "game": {"variant": "$2"},
  "players": [ {"name": "$3-a", "engine": "$3"}, {"name": "$4-b", "engine": "$4"} ],
  "schedule": {"type": "match", "players": ["$3-a", "$4-b"], "games": 200},
  "openings": {"randomPlies": $6, "pairs": true}, "limits": $5, "adjudication": {"maxPlies": 300},
  "concurrency": 1, "seed": 11, "output": "$work/$1-out" }
EOF
}

# shoot NAME SECONDS_OF_PLAY FRAGMENT WIDTH HEIGHT [PATTERN]: starts the run, waits until a game in progress
# has a board (and its position text matches PATTERN, when given, up to a minute), photographs the page, stops the run.
shoot() {
    local name=$1 wait=$2 fragment=$3 width=$4 height=$5 pattern=${6:-}
    if (( ${#only[@]} > 0 )) && [[ ! " ${only[*]} " == *" $name "* ]]; then
        return 0
    fi
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
    local png="$out/dashboard-$name.png"
    for attempt in 1 2 3; do
        # A game in progress whose board is known (a run of fast games may be between two).
        for _ in $(seq 1 120); do
            curl -s "http://$address/api/state" | grep -q '"live":\[{[^]]*"position":"[^"]*'"$pattern" && break
            sleep 0.5
        done
        timeout 60 "$chromium" --headless=new --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
            --window-size="$width,$height" --virtual-time-budget=2500 --screenshot="$png" \
            "http://$address/?once$fragment" > /dev/null 2>&1 || echo "warning: $name: chromium failed or timed out" >&2
        # A page without a board (the game ended between the check and the photograph: "none") is a few kB.
        [[ -f "$png" && $(stat -c %s "$png") -gt 6000 ]] && break
        echo "warning: $name: no board on the page (attempt $attempt); again" >&2
    done
    kill "$run_pid" 2>/dev/null || true
    wait "$run_pid" 2>/dev/null || true
    run_pid=""
    echo "$out/dashboard-$name.png"
}

config chess chess chess-alphabeta chess-alphabeta '{"moveTimeMs": 300}' 10
shoot chess 8 "#board" 380 440
config international international draughts-alphabeta draughts-alphabeta '{"moveTimeMs": 250}' 12
shoot international 8 "#board" 380 440
config russian russian draughts-alphabeta draughts-alphabeta '{"moveTimeMs": 250}' 12
shoot russian 8 "#board" 380 440
config quoridor quoridor quoridor-alphabeta quoridor-mcts '{"moveTimeMs": 300}' 2
shoot quoridor 10 "#board" 380 440
config backgammon backgammon backgammon-expectimax backgammon-expectimax '{"depth": 2}' 0
# From a late position, so the board shows borne-off checkers (three of each side's are off) and a White
# checker on the bar against Black's closed board; the photograph waits until White is still on the bar.
echo 'B:Wbar,6x4,5x4,4x3:B6x2,5x2,4x2,3x2,2x2,1x2:-' > "$work/backgammon.fen"
sed -i -e 's#"openings": {"randomPlies": 0, "pairs": true}#"openings": {"file": "'"$work"'/backgammon.fen", "format": "fen", "pairs": true}#' \
    "$work/backgammon.json"
shoot backgammon 3 "#board" 400 340 'Wbar'


config run chess chess-alphabeta chess-alphabeta '{"moveTimeMs": 40, "marginMs": 1000}' 8
# The whole page of a match with an SPRT, so the LLR chart has something to show, two games at a time and
# long enough for a few points of the Elo over games.
sed -i -e 's/"games": 200}/"games": 200, "sprt": {"elo0": 0, "elo1": 10}}/' -e 's/"concurrency": 1/"concurrency": 2/' "$work/run.json"
shoot run 45 "" 1200 1900
