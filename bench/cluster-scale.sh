#!/usr/bin/env bash
# The coordinator's CPU per game and dispatch latency with 8 to 256 simulated workers: one JVM holds
# the coordinator (ClusterExecutor), and N Hazelcast clients (in a second JVM by default) speak the
# real signed protocol but play no engine (every spec answered at once with an 80-move game). See
# ClusterScale in the tests.
#
#   bench/cluster-scale.sh [REPEATS] [GAMES] [LINGER_MS] [RATE] [JVMS]
#       default: 3 repeats of 8, 32, 128, 256 workers, 20000 games, 20 ms (the worker's batching delay;
#       0 sends every result alone, so each game costs the same messages whatever the number of workers),
#       RATE games/s submitted at most (default 0: as fast as the coordinator's capacity allows; a fixed
#       rate that every worker count can carry compares them at the same load), JVMS 2 (default) puts
#       the simulated workers in a JVM of their own (1: in the coordinator's, as ClusterScaleTest does),
#       so that their 6 threads each share neither its heap, its safepoints nor its garbage collector
#
# Each repeat runs every worker count in turn (interleaved), each in a fresh JVM; the table has one
# line per run: wall, games/s, the coordinator's own threads' CPU per game (its Hazelcast member, the
# results receiver and sender, the submitting thread), dispatch latency (submit to spec in a worker's hands)
# median and 99th percentile, worker queue entries the dispatcher looked at per game given, the
# fewest games a worker played, and the coordinator's messages per game (spec messages sent and
# result batches taken).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repeats=${1:-3}
games=${2:-20000}
linger=${3:-20}
rate=${4:-0}
jvms=${5:-2}
[[ $jvms == 2 ]] && apart=true || apart=false
mvn -B -o -q -pl harness -am -DskipTests test-compile >/dev/null
cp=harness/target/test-classes:harness/target/classes:$(ls harness/target/lib/*.jar 2>/dev/null | tr '\n' ':')
if [[ ! -d harness/target/lib ]]; then
    ./arbiter --version >/dev/null   # copies the dependencies to harness/target/lib
    cp=harness/target/test-classes:harness/target/classes:$(ls harness/target/lib/*.jar | tr '\n' ':')
fi
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, linger $linger ms, rate $rate games/s (0: unpaced), $jvms JVM(s), load average $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq "$repeats"); do
    for w in 8 32 128 256; do
        java -Xss512k -Dscale.linger.ms="$linger" -Dscale.rate="$rate" -Dscale.apart="$apart" -cp "$cp" arbiter.cluster.ClusterScale "$w" "$games" 2>>"${TMPDIR:-/tmp}/cluster-scale.err" \
            | { [[ $r == 1 && $w == 8 ]] && cat || tail -n +2; }
    done
done
echo "# end $(date -u '+%H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
