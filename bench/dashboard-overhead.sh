#!/usr/bin/env bash
# Games per second of `arbiter run` with random players (the harness is all there is to measure)
# without a dashboard, and with the dashboard served and a page open in headless Chromium for the
# whole run. Runs interleave: plain, dashboard, plain, dashboard, ...; /usr/bin/time measures each.
#
#   bench/dashboard-overhead.sh [GAMES] [PAIRS]      default: 20000 5 (docs/benchmarks.md: 100000 4)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
games=${1:-20000}
pairs=${2:-5}
./arbiter --version >/dev/null
jar=harness/target/arbiter.jar
work=$(mktemp -d)
browser=
run=
# Ends only the browser this script started: it runs in a process group of its own (setsid), whose id
# is its pid, so its helpers (zygote, renderer, GPU) end with it; nothing is looked up by name.
stop_browser() {
    [[ -n "$browser" ]] || return 0
    kill -TERM -- "-$browser" 2>/dev/null || kill "$browser" 2>/dev/null || true
    wait "$browser" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 -- "-$browser" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$browser" 2>/dev/null || true
    browser=
}
# On an interrupt, also the run this script started (by its pid).
stop_run() { [[ -n "$run" ]] && { kill "$run" 2>/dev/null || true; wait "$run" 2>/dev/null || true; }; run=; }
trap 'stop_browser; stop_run; rm -rf "$work"' EXIT
port=$((20000 + RANDOM % 20000))
sed -e "s/\"games\": 20000/\"games\": $games/" configs/bench/overhead-random.json > "$work/c.json"

wall() { awk -F': ' '/Elapsed \(wall clock\)/{n=split($2,a,":"); t=0; for(i=1;i<=n;i++) t=t*60+a[i]; printf "%.2f", t}' "$1"; }
cpu() { awk -F': ' '/User time/{u=$2} /System time/{s=$2} END{printf "%.2f", u+s}' "$1"; }

printf "%-10s %4s %8s %9s %8s\n" mode run wall_s games/s cpu_s
for i in $(seq 1 "$pairs"); do
    /usr/bin/time -v -o "$work/t" java -jar "$jar" run "$work/c.json" --force-new --output "$work/out" --quiet >/dev/null 2>&1
    printf "%-10s %4d %8s %9.0f %8s\n" plain "$i" "$(wall "$work/t")" "$(echo "$games / $(wall "$work/t")" | bc -l)" "$(cpu "$work/t")"
    echo "plain $(wall "$work/t")" >> "$work/all"

    /usr/bin/time -v -o "$work/t" java -jar "$jar" run "$work/c.json" --force-new --output "$work/out" --quiet \
        --dashboard "127.0.0.1:$port" >/dev/null 2>&1 &
    run=$!
    for _ in $(seq 1 100); do curl -s -o /dev/null "http://127.0.0.1:$port/api/state" && break; sleep 0.05; done
    setsid chromium --headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update \
        --disable-sync --no-first-run --user-data-dir="$work/profile" --remote-debugging-port=0 \
        "http://127.0.0.1:$port/" >/dev/null 2>&1 &
    browser=$!
    wait "$run"
    run=
    stop_browser
    printf "%-10s %4d %8s %9.0f %8s\n" dashboard "$i" "$(wall "$work/t")" "$(echo "$games / $(wall "$work/t")" | bc -l)" "$(cpu "$work/t")"
    echo "dashboard $(wall "$work/t")" >> "$work/all"
done
for mode in plain dashboard; do
    grep "^$mode " "$work/all" | awk '{print $2}' | sort -n | awk -v m="$mode" -v g="$games" \
        '{a[NR]=$1} END{med=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%-10s min %.2f s (%.0f games/s), median %.2f s (%.0f games/s)\n", m, a[1], g/a[1], med, g/med}'
done
