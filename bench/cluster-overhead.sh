#!/usr/bin/env bash
# Games per second through the cluster path (a coordinator with no local games + 2 worker JVMs,
# all on this machine, loopback) against the local path (one JVM, 2 worker threads), with random
# players so the harness dominates; and the coordinator's own CPU per game.
#
#   bench/cluster-overhead.sh [GAMES...]      default: 5000 20000
#
# Each game count is run local, cluster, local, cluster (interleaved); /usr/bin/time measures each
# process. The coordinator's marginal CPU per game is the difference of its CPU between the largest
# and the smallest game count divided by the difference in games (JVM and Hazelcast start cancel out).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
./arbiter --version >/dev/null                      # builds the jar if needed
jar=harness/target/arbiter.jar
counts=("${@:-5000 20000}")
read -r -a counts <<< "${counts[*]}"
work=$(mktemp -d)
workers=()   # pids of the /usr/bin/time processes this script started around its workers
# Ends only this script's workers: the java child of each of its own time processes (SIGTERM ends a worker at once).
stop_workers() { for t in "${workers[@]}"; do pkill -TERM -P "$t" 2>/dev/null || true; done; }
trap 'stop_workers; rm -rf "$work"' EXIT
head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$work/secret"
port=$((20000 + RANDOM % 20000))

config() {   # overhead-random.json with N games and its own output folder
    sed -e "s/\"games\": 20000/\"games\": $1/" -e "s#\"output\": \"[^\"]*\"#\"output\": \"$work/out-$2\"#" \
        configs/bench/overhead-random.json > "$work/$2.json"
}
cpu() { awk -F': ' '/User time/{u=$2} /System time/{s=$2} END{printf "%.2f", u+s}' "$1"; }
wall() { awk -F': ' '/Elapsed \(wall clock\)/{n=split($2,a,":"); t=0; for(i=1;i<=n;i++) t=t*60+a[i]; printf "%.2f", t}' "$1"; }

printf "%-8s %7s %9s %9s %10s %14s %12s\n" path games wall_s games/s coord_cpu_s coord_ms/game workers_cpu_s
for n in "${counts[@]}"; do
    for rep in 1 2; do
        config "$n" "local-$n-$rep"
        /usr/bin/time -v -o "$work/local.time" java -jar "$jar" run "$work/local-$n-$rep.json" --concurrency 2 >/dev/null 2>&1
        w=$(wall "$work/local.time"); c=$(cpu "$work/local.time")
        printf "%-8s %7d %9s %9.0f %10s %14.3f %12s\n" local "$n" "$w" "$(echo "$n / $w" | bc -l)" "$c" \
            "$(echo "1000 * $c / $n" | bc -l)" -
        echo "local $n $w" >> "$work/walls"

        config "$n" "cluster-$n-$rep"
        workers=()
        for i in 1 2; do
            /usr/bin/time -v -o "$work/w$i.time" java -jar "$jar" worker --join "127.0.0.1:$port" --concurrency 1 \
                --secret-file "$work/secret" --log "$work/w$i.log" >/dev/null 2>&1 &
            workers+=("$!")
        done
        /usr/bin/time -v -o "$work/coord.time" java -jar "$jar" run "$work/cluster-$n-$rep.json" --cluster \
            --listen "127.0.0.1:$port" --secret-file "$work/secret" --concurrency 0 >/dev/null 2>&1
        stop_workers
        wait
        w=$(wall "$work/coord.time"); c=$(cpu "$work/coord.time")
        wc=$(echo "$(cpu "$work/w1.time") + $(cpu "$work/w2.time")" | bc -l)
        printf "%-8s %7d %9s %9.0f %10s %14.3f %12.2f\n" cluster "$n" "$w" "$(echo "$n / $w" | bc -l)" "$c" \
            "$(echo "1000 * $c / $n" | bc -l)" "$wc"
        echo "$n $c" >> "$work/coordinator-cpu"
        echo "cluster $n $w" >> "$work/walls"
        [[ $(grep -c '^\[Event' "$work/out-cluster-$n-$rep/games.pdn") == "$n" ]] || { echo "cluster run lost games" >&2; exit 1; }
    done
done
# Mean coordinator CPU per game count; the slope between the smallest and largest count is the marginal cost.
awk '{sum[$1]+=$2; k[$1]++} END{lo=-1; for (n in sum) {m[n]=sum[n]/k[n]; if (lo<0||n+0<lo) lo=n+0; if (n+0>hi) hi=n+0}
    if (hi>lo) printf "coordinator marginal CPU per game: %.3f ms (mean CPU %.2f s at %d games, %.2f s at %d)\n",
        1000*(m[hi]-m[lo])/(hi-lo), m[lo], lo, m[hi], hi}' "$work/coordinator-cpu"
# Games per second once started, per path: the extra games over the extra wall time between the smallest
# and the largest count (mean walls), so that JVM, Hazelcast and JIT start-up cancel out as above.
awk '{k=$1" "$2; sum[k]+=$3; c[k]++; if (lo==""||$2+0<lo) lo=$2+0; if ($2+0>hi) hi=$2+0}
    END{if (hi>lo) {split("local cluster", ps, " ");
        for (i=1;i<=2;i++) {q=ps[i]; r[q]=(hi-lo)/(sum[q" "hi]/c[q" "hi]-sum[q" "lo]/c[q" "lo]);
            printf "%s games/s once started: %.0f (mean wall %.2f s at %d games, %.2f s at %d)\n", q, r[q],
                sum[q" "lo]/c[q" "lo], lo, sum[q" "hi]/c[q" "hi], hi}
        printf "cluster / local once started: %.2f\n", r["cluster"]/r["local"]}}' "$work/walls"
