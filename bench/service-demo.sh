#!/usr/bin/env bash
# The test service's demo, unattended on loopback: one `arbiter serve`, two `arbiter worker --server`
# (Debian's stockfish declared by configs/service/worker.json), one `arbiter submit` of a chess SPRT
# (stockfish at 4000 nodes a move against 1000) and an International-draughts test of 30 pairs; both
# played side by side to their end, then each test's games downloaded as OUTDIR/test-ID.pdn and its
# status written to OUTDIR/status.txt. A few minutes on 2 cores.
#
#   bench/service-demo.sh OUTDIR
#
# The server's data (H2 database, token files, log) goes to OUTDIR/data; the workers' logs to OUTDIR.
# Tasks are shorter than the defaults (a minute of a worker's slots, reports every 5 s) so the SPRT
# stops soon after it is decided. Ends only the processes it started.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
[[ $# -eq 1 ]] || { echo "usage: $0 OUTDIR" >&2; exit 2; }
out=$(mkdir -p "$1" && cd "$1" && pwd)
[[ -e "$out/data" ]] && { echo "error: $out/data exists: give an empty or new OUTDIR" >&2; exit 2; }
command -v stockfish >/dev/null || [[ -x /usr/games/stockfish ]] || { echo "error: needs stockfish (apt-get install stockfish)" >&2; exit 2; }
./arbiter --version >/dev/null                  # builds the jar if needed
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
url="http://127.0.0.1:$port"
pids=()
stop_all() {
    for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
    for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
}
trap stop_all EXIT

./arbiter serve --data "$out/data" --listen "127.0.0.1:$port" --task-minutes 1 --report-seconds 5 \
    --heartbeat-seconds 5 --lease-seconds 60 > "$out/serve.out" 2>&1 &
pids+=($!)
for _ in $(seq 120); do grep -q Serving "$out/serve.out" 2>/dev/null && break; sleep 0.5; done
grep -q Serving "$out/serve.out" || { cat "$out/serve.out" >&2; exit 1; }
cat "$out/serve.out"
for w in 1 2; do
    ./arbiter worker --server "$url" --token-file "$out/data/worker.token" --engines configs/service/worker.json \
        --concurrency 1 --log "$out/worker-$w.log" > "$out/worker-$w.out" 2>&1 &
    pids+=($!)
done
./arbiter submit --server "$url" --token-file "$out/data/admin.token" configs/service/sprt-chess.json \
    configs/service/draughts.json | tee "$out/submit.out"
ids=$(sed -n 's/^test \([0-9]*\) .*/\1/p' "$out/submit.out")
start=$(date +%s)
./arbiter tests wait $ids --server "$url" --timeout 600
echo "both tests over in $(( $(date +%s) - start )) s"
./arbiter tests --server "$url"
./arbiter tests status $ids --server "$url" | tee "$out/status.txt"
for id in $ids; do
    ./arbiter tests pdn "$id" --out "$out/test-$id.pdn" --server "$url"
done
