#!/usr/bin/env bash
# Reruns the cheap demonstrations of docs/tuning.md by the commands printed there and compares every
# figure the page quotes with what this build prints. Exit code 0 when all match, 1 otherwise.
#
#   bench/reproduce-docs.sh            # the node tables of docs/studies (S0, S2, S4; about 45 s), the S0 Texel
#                                      # demo (a): self-play, fit, both validations, and the S2 Texel demo (d):
#                                      # self-play, both fits, validation (about 3 min)
#   bench/reproduce-docs.sh --spsa     # ... and the former S0 SPSA demo of (a'), both settings, with its validations (about 4 min more)
#   bench/reproduce-docs.sh --chains   # ... and the shipped S0 SPSA demo of (a'): 4 chains and its validation (about 3 min more)
#   bench/reproduce-docs.sh --starts   # ... and the two-start S0 demo (a'') (about 8 min more)
#   bench/reproduce-docs.sh --multi    # ... and the five-weight S2 demo (m): two starts, one run, two validations (about 8 min more)
#
# Results go to a fresh folder under ${TMPDIR:-/tmp}; the committed configs and weights are not
# touched (the fits are written to the scratch folder and compared with configs/tune/s0-king-texel.json
# and configs/tune/s2-texel.json).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
spsa=false
starts=false
multi=false
chains=false
for arg in "$@"; do
    [[ "$arg" == "--chains" ]] && chains=true
    [[ "$arg" == "--spsa" ]] && spsa=true
    [[ "$arg" == "--starts" ]] && starts=true
    [[ "$arg" == "--multi" ]] && multi=true
done

work="$(mktemp -d "${TMPDIR:-/tmp}/arbiter-reproduce.XXXXXX")"
echo "scratch folder: $work"
failures=0

# expect LABEL EXPECTED ACTUAL
expect() {
    if [[ "$2" == "$3" ]]; then
        printf 'same     %-44s %s\n' "$1" "$2"
    else
        printf 'DIFFERS  %-44s docs: %s  now: %s\n' "$1" "$2" "$3"
        failures=$((failures + 1))
    fi
}

# --- docs/studies: the node tables, by the command each page prints (exact and repeatable) ---
# nodes_table FILE: the first table after the page's "N position(s), nodes summed" line, milliseconds dropped.
nodes_table() { awk '/position\(s\), nodes summed/{on=1; next} on && /^\|/{print; t=1; next} on && t{exit}' "$1" | sed 's/ ([0-9]*)//g'; }
for study in s0 s2 s4; do
    doc="docs/studies/$study.md"
    cmd="$(grep -m1 '^\./arbiter bench nodes ' "$doc")"
    $cmd >"$work/$study-nodes.txt" 2>&1
    if diff <(nodes_table "$doc") <(nodes_table "$work/$study-nodes.txt") >"$work/$study-nodes.diff"; then
        expect "$doc node table ($(nodes_table "$doc" | wc -l) rows)" "identical" "identical"
    else
        expect "$doc node table" "identical" "differs (see $work/$study-nodes.diff)"
    fi
done

# --- Demonstration (a), step 1: self-play of the king-3 engine ---
./arbiter run configs/tune-s0-selfplay.json --output "$work/selfplay" --quiet >/dev/null
games=$(grep -c '^\[Result ' "$work/selfplay/games.pdn")
expect "s0 self-play games" "600" "$games"

# --- step 2: the fit, by the printed command (output to the scratch folder) ---
./arbiter texel --game international --engine draughts-alphabeta --preset s0-damaq \
    --weights configs/tune/s0-king3.json --tune king,backRow,edge \
    --out "$work/s0-king-texel.json" "$work/selfplay/games.pdn" >"$work/texel.out"
field() { sed -n "s/^$1: *//p" "$work/texel.out"; }
weight() { awk -v w="$1" '$1 == w { print $4 }' "$work/texel.out"; }
expect "texel positions" "61574" "$(field positions)"
expect "texel K (3 decimals)" "0.367" "$(printf '%.3f' "$(field k)")"
expect "texel mse" "0.128973 -> 0.119653" "$(field mse)"
expect "texel king (2 decimals)" "5.04" "$(printf '%.2f' "$(weight king)")"
expect "texel backRow (2 decimals)" "0.35" "$(printf '%.2f' "$(weight backRow)")"
expect "texel edge (2 decimals)" "-0.07" "$(printf '%.2f' "$(weight edge)")"
if cmp -s "$work/s0-king-texel.json" configs/tune/s0-king-texel.json; then
    expect "configs/tune/s0-king-texel.json" "identical" "identical"
else
    expect "configs/tune/s0-king-texel.json" "identical" "differs"
fi

# --- steps 3 and 4: the validations (they read the committed fit) ---
# An SPRT-stopped match at concurrency 2 may stop a game or two earlier or later than the page says:
# the stop is checked as results arrive, and which of the two games in flight finishes first varies.
# So the verdict is compared exactly, the number of games within 2 (or the optional 5th argument), and
# the counts are shown.
sprt_check() { # NAME DOCS-GAMES DOCS-VERDICT TEXT [TOLERANCE]
    local name="$1" games verdict tol="${5:-2}"
    games=$(sed -n -e 's/^\([0-9]*\) games in .*/\1/p' -e 's/^Final standings after \([0-9]*\) games.*/\1/p' "$4" | tail -1)
    verdict=$(sed -n 's/^Stopped: SPRT \(H[01] accepted\).*/\1/p' "$4" | tail -1)
    expect "$name SPRT verdict" "$3" "$verdict"
    if (( games >= $2 - tol && games <= $2 + tol )); then
        expect "$name games (docs $2, within $tol)" "ok" "ok"
    else
        expect "$name games (docs $2, within $tol)" "$2" "$games"
    fi
    printf '         %-44s %s\n' "$name counts" "$(grep -E '^(s0-tuned|s2-tuned|tuned) vs |^elo: ' "$4" | tail -2 | tr '\n' ' ')"
}
for name in validate validate-hand; do
    ./arbiter run "configs/tune-s0-$name.json" --output "$work/$name" >"$work/$name.txt" 2>&1
    sprt_check "tune-s0-$name" 107 "H1 accepted" "$work/$name.txt"
done

# --- Demonstration (d): S2's five weights by Texel ---
./arbiter run configs/tune-s2-selfplay.json --output "$work/s2-selfplay" --quiet >/dev/null
expect "s2 self-play games" "600" "$(grep -c '^\[Result ' "$work/s2-selfplay/games.pdn")"
./arbiter texel --game english --rule majorityCapture=true --engine draughts-alphabeta \
    --preset s2-autocheckers --tune king,rankSquared,kingEdge,kingCorner,neighbour \
    --out "$work/s2-texel.json" "$work/s2-selfplay/games.pdn" >"$work/texel.out"
expect "s2 texel positions" "59739" "$(field positions)"
expect "s2 texel K" "0.011293" "$(field k)"
expect "s2 texel mse" "0.085988 -> 0.079024" "$(field mse)"
expect "s2 texel king (1 decimal)" "101.2" "$(printf '%.1f' "$(weight king)")"
expect "s2 texel rankSquared (2 decimals)" "-0.32" "$(printf '%.2f' "$(weight rankSquared)")"
expect "s2 texel kingEdge (1 decimal)" "3.4" "$(printf '%.1f' "$(weight kingEdge)")"
expect "s2 texel kingCorner (1 decimal)" "-41.0" "$(printf '%.1f' "$(weight kingCorner)")"
expect "s2 texel neighbour (1 decimal)" "-1.6" "$(printf '%.1f' "$(weight neighbour)")"
if cmp -s "$work/s2-texel.json" configs/tune/s2-texel.json; then
    expect "configs/tune/s2-texel.json" "identical" "identical"
else
    expect "configs/tune/s2-texel.json" "identical" "differs"
fi
./arbiter texel --game english --rule majorityCapture=true --engine draughts-alphabeta \
    --preset s2-autocheckers --weights configs/tune/s2-start-b.json \
    --tune king,rankSquared,kingEdge,kingCorner,neighbour \
    --out "$work/s2-texel-b.json" "$work/s2-selfplay/games.pdn" >"$work/texel.out"
expect "s2 texel from start b: mse" "0.090608 -> 0.079009" "$(field mse)"
expect "s2 texel from start b: five weights" "99.6 -0.34 5.0 -32.9 -1.7" "$(printf '%.1f %.2f %.1f %.1f %.1f' \
    "$(weight king)" "$(weight rankSquared)" "$(weight kingEdge)" "$(weight kingCorner)" "$(weight neighbour)")"
./arbiter run configs/tune-s2-validate-hand.json --output "$work/s2-validate-hand" >"$work/s2-validate-hand.txt" 2>&1
sprt_check "tune-s2-validate-hand" 107 "H1 accepted" "$work/s2-validate-hand.txt"

# --- Demonstration (a'): SPSA ---
# --- The plans printed under "Planning" (no games) ---
expect "plan king (defaults)" "  king [1.0, 20.0]: cEnd 3.167, rEnd 0.007685 (config: cEnd 3.167, rEnd 0.1621)" \
    "$(./arbiter tune configs/tune-s0-spsa-linear.json --plan | sed -n 2p)"
expect "plan king (precision 5)" "  games 626 = iterations 79 of 4 pairs (config: 150 iterations)" \
    "$(./arbiter tune configs/tune-s0-spsa-linear.json --plan --precision 5 --elo-guess 100 --draw-ratio 0.2 | sed -n 3p)"
expect "plan king (log scale, 4 chains)" "  games 626 = iterations 20 of 16 pairs (config: 150 iterations), a chain; 4 chains (config): 2504 games" \
    "$(./arbiter tune configs/tune-s0-spsa.json --plan --precision 5 --elo-guess 100 --draw-ratio 0.2 | sed -n 3p)"
expect "plan s2 multi (precision 5)" "  king [100.0, 400.0]: cEnd 50.00, rEnd 0.01891 (config: cEnd 50, rEnd 0.08094)" \
    "$(./arbiter tune configs/tune-s2-spsa-multi.json --plan --precision 5 --elo-guess 50 --draw-ratio 0.45 | sed -n 2p)"

# `tune` writes to the config's output folder: a copy of the config, with its weights file named by
# its full path, points it at the scratch folder. scratch_config NAME CONFIG writes $work/NAME.json.
scratch_config() {
    sed -e "s|\"tune/s0-king3.json\"|\"$PWD/configs/tune/s0-king3.json\"|" \
        -e "s|^  \"name\": \"\([^\"]*\)\",|  \"name\": \"\1\", \"output\": \"$work/$1\",|" \
        "$2" >"$work/$1.json"
}
if $spsa; then
    # The demo as it shipped before chains and the log scale (default cEnd / rEnd): its validation
    # against king 3 reaches its 400 games without an SPRT stop, so all of its counts are compared.
    scratch_config spsa configs/tune-s0-spsa-linear.json
    ./arbiter tune "$work/spsa.json" >"$work/spsa.txt" 2>&1
    expect "spsa tuned king (2 decimals)" "7.73" \
        "$(printf '%.2f' "$(sed -n 's/^tuned: king=\([0-9.]*\).*/\1/p' "$work/spsa.txt")")"
    expect "spsa estimate" "king=6.44 ± 1.24" "$(sed -n 's/^estimate: \(.*\) (mean.*/\1/p' "$work/spsa.txt")"
    expect "spsa validation" "tuned vs start: W 167  D 71  L 162" "$(grep '^tuned vs start: ' "$work/spsa.txt" | tail -1)"
    expect "spsa validation pentanomial" "[8, 22, 139, 19, 12]" \
        "$(sed -n 's/^pentanomial \[LL, LD, WL+DD, WD, WW\]: //p' "$work/spsa.txt" | tail -1)"
    if cmp -s <(sed -n '/"king"/p' "$work/spsa/tuned-weights.json") <(sed -n '/"king"/p' configs/tune/s0-king-spsa.json); then
        expect "configs/tune/s0-king-spsa.json king" "identical" "identical"
    else
        expect "configs/tune/s0-king-spsa.json king" "identical" "differs"
    fi
    # The former small steps.
    scratch_config spsa-small configs/tune-s0-spsa-small-steps.json
    ./arbiter tune "$work/spsa-small.json" >"$work/spsa-small.txt" 2>&1
    expect "small-step spsa tuned king (2 decimals)" "4.71" \
        "$(printf '%.2f' "$(sed -n 's/^tuned: king=\([0-9.]*\).*/\1/p' "$work/spsa-small.txt")")"
    sprt_check "small-step spsa validation" 357 "H1 accepted" "$work/spsa-small.txt"
    # The SPSA king against the hand-set king 9.
    ./arbiter run configs/tune-s0-spsa-validate-hand.json --output "$work/spsa-validate-hand" \
        >"$work/spsa-validate-hand.txt" 2>&1
    sprt_check "tune-s0-spsa-validate-hand" 121 "H0 accepted" "$work/spsa-validate-hand.txt"
    ./arbiter run configs/tune-s0-spsa-validate-hand-mean.json --output "$work/spsa-validate-hand-mean" \
        >"$work/spsa-validate-hand-mean.txt" 2>&1
    sprt_check "tune-s0-spsa-validate-hand-mean" 106 "H0 accepted" "$work/spsa-validate-hand-mean.txt"
fi

# --- Demonstration (a'): the shipped demo, 4 chains of ln king, and its validation (400 games, no SPRT stop) ---
if $chains; then
    scratch_config chains configs/tune-s0-spsa.json
    ./arbiter tune "$work/chains.json" >"$work/chains.txt" 2>&1
    expect "chains estimate" "king=5.09 [3.58, 6.61]" "$(sed -n 's/^estimate: \(king=[^(]*\) (mean of.*/\1/p' "$work/chains.txt" | sed 's/ *$//')"
    expect "chains" "king 4.88, 5.04, 5.20, 5.24 (sd 0.17 between chains)" "$(sed -n 's/^chains: //p' "$work/chains.txt")"
    expect "chains validation" "tuned vs start: W 169  D 75  L 156" "$(grep '^tuned vs start: ' "$work/chains.txt" | tail -1)"
fi

# --- Demonstration (a''): the S0 king from two starts ---
if $starts; then
    # starts_check LABEL CONFIG "EXPECTED ESTIMATE FROM 3" "... FROM 15" VERDICT
    starts_check() {
        local name="$1" config="$2" out="$work/$1.txt"
        scratch_config "$name" "$config"
        ./arbiter tune "$work/$name.json" --starts 3,15 >"$out" 2>&1
        expect "$name from 3" "$3" "$(sed -n 's/^  from king=3: king=//p' "$out")"
        expect "$name from 15" "$4" "$(sed -n 's/^  from king=15: king=//p' "$out")"
        expect "$name verdict" "$5" "$(sed -n 's/^verdict: //p' "$out")"
    }
    starts_check starts-shipped configs/tune-s0-spsa-linear.json "6.44 ± 1.24" "6.65 ± 0.97" "the starts meet"
    starts_check starts-small configs/tune-s0-spsa-small-steps.json "4.57 ± 0.06" \
        "15.00 ± 0.00  (no signal at the end)" "the starts do not meet"
    starts_check starts-300 configs/tune-s0-spsa-starts.json "6.19 ± 0.63" "5.58 ± 0.59" "the starts meet"
    starts_check starts-600 configs/tune-s0-spsa-starts-long.json "5.96 ± 0.37" "6.23 ± 0.39" "the starts meet"
fi

# --- Demonstration (m): five of S2's weights from two starts, and one run with its validation ---
if $multi; then
    scratch_config multi configs/tune-s2-spsa-multi.json
    ./arbiter tune "$work/multi.json" --spread-starts 2 >"$work/multi.txt" 2>&1
    expect "multi from the lower start" "king=222.44 ± 28.90, rankSquared=2.21 ± 0.46, kingEdge=-31.34 ± 8.79, kingCorner=-84.09 ± 6.62, neighbour=3.33 ± 3.91" "$(sed -n 's/^  from king=175,[^:]*: //p' "$work/multi.txt")"
    expect "multi from the upper start" "king=284.00 ± 27.62, rankSquared=3.00 ± 0.30, kingEdge=-58.59 ± 21.28, kingCorner=-48.18 ± 11.70, neighbour=5.73 ± 2.72" "$(sed -n 's/^  from king=325,[^:]*: //p' "$work/multi.txt")"
    expect "multi verdict" "the starts do not meet" "$(sed -n 's/^verdict: //p' "$work/multi.txt")"
    scratch_config multi-one configs/tune-s2-spsa-multi.json
    ./arbiter tune "$work/multi-one.json" >"$work/multi-one.txt" 2>&1
    expect "multi one run estimate" "king=265.20 ± 33.62, rankSquared=2.84 ± 0.37, kingEdge=-42.32 ± 14.49, kingCorner=-76.64 ± 10.21, neighbour=7.04 ± 3.87" "$(sed -n 's/^estimate: \(.*\) (mean.*/\1/p' "$work/multi-one.txt")"
    sprt_check "multi one run validation" 173 "H1 accepted" "$work/multi-one.txt"
    if cmp -s "$work/multi-one/tuned-weights.json" configs/tune/s2-spsa-multi-tuned.json; then
        expect "configs/tune/s2-spsa-multi-tuned.json" "identical" "identical"
    else
        expect "configs/tune/s2-spsa-multi-tuned.json" "identical" "differs"
    fi
    for name in validate-hand:256 validate-hand-mean:398; do
        ./arbiter run "configs/tune-s2-spsa-${name%%:*}.json" --output "$work/s2-spsa-${name%%:*}" >"$work/s2-spsa-${name%%:*}.txt" 2>&1
        sprt_check "tune-s2-spsa-${name%%:*}" "${name##*:}" "H1 accepted" "$work/s2-spsa-${name%%:*}.txt" 4
    done
fi

echo
if (( failures )); then
    echo "$failures figure(s) differ from docs/tuning.md or docs/studies"
    exit 1
fi
echo "every figure checked matches docs/tuning.md and docs/studies"
