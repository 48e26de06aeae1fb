#!/usr/bin/env bash
# The test service under a simulated fleet: one `arbiter serve` (its database H2 or PostgreSQL) with
# 1,000 active tests from ten users, and 10,000 simulated workers in one JVM (arbiter.service.ServiceLoad:
# an async HTTP client; the workers are state, not threads), each reporting one new pair (two games of
# PDN) a period, beating once between reports, and asking for a new task when its task is done (the
# server sizes tasks of three pairs here: a task request every three reports, ten times a real fleet's
# share of them). The period is set so the fleet offers RATE reports a second; each rate runs a warm-up
# (60 s: the server's JIT compiles its hot paths, every worker's first task ends) then a measured part
# (60 s), each rate on a fresh server and database: reports/s achieved, request-task and report latency (p50, p99, as the client sees them), the
# server's CPU (its JVM, plus PostgreSQL's processes for postgresql) per report.
#
#   bench/service-load.sh [h2|postgresql] [RATE ...]      default: h2 1000 2000 3000
#
# postgresql: the database of ARBITER_BENCH_POSTGRES (default: the role and database .ci/run makes,
# jdbc:postgresql://127.0.0.1:5432/arbiter?user=arbiter&password=arbiter), in a schema of its own,
# dropped at the end. Everything runs on this machine: client, server and database share its cores.
# Ends only the processes it started.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
db=${1:-h2}
shift || true
rates=("${@:-1000 2000 3000}")
read -r -a rates <<< "${rates[*]}"
workers=${WORKERS:-10000}
warmup=${WARMUP:-60}
measure=${MEASURE:-60}
./arbiter --version >/dev/null                     # builds the jar (and target/lib)
mvn -B -o -q -pl harness -am -DskipTests test-compile >/dev/null
cp=harness/target/test-classes:harness/target/classes:$(ls harness/target/lib/*.jar | tr '\n' ':')
work=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
server=""
schema=""
pg=${ARBITER_BENCH_POSTGRES:-jdbc:postgresql://127.0.0.1:5432/arbiter?user=arbiter&password=arbiter}
psql_do() {   # runs SQL as the URL's role (host, port, database, user, password taken from the URL)
    local rest=${pg#jdbc:postgresql://} hostport db q user pass
    hostport=${rest%%/*}; rest=${rest#*/}; db=${rest%%\?*}; q=${rest#*\?}
    user=$(sed -n 's/.*user=\([^&]*\).*/\1/p' <<< "$q"); pass=$(sed -n 's/.*password=\([^&]*\).*/\1/p' <<< "$q")
    PGPASSWORD=$pass PGOPTIONS=--client-min-messages=warning psql -q -h "${hostport%%:*}" -p "${hostport##*:}" -U "$user" -d "$db" -c "$1"
}
cleanup() {
    [[ -n $server ]] && { kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }
    [[ -n $schema ]] && psql_do "DROP SCHEMA $schema CASCADE" >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT
start_server() {   # a fresh database and server for each rate
    if [[ $db == postgresql ]]; then
        schema=bench_$$_$1
        psql_do "CREATE SCHEMA $schema"
        url="$pg&currentSchema=$schema"
    else
        url="jdbc:h2:file:$work/data-$1/service"
    fi
    ./arbiter serve --data "$work/data-$1" --listen "127.0.0.1:$port" --db "$url" --task-minutes 0.1 \
        --report-seconds 60 --heartbeat-seconds 60 --lease-seconds 360 > "$work/serve.out" 2>&1 &
    server=$!
    for _ in $(seq 120); do grep -q Serving "$work/serve.out" 2>/dev/null && break; sleep 0.5; done
    grep -q Serving "$work/serve.out" || { cat "$work/serve.out" >&2; exit 1; }
}
stop_server() {
    kill -TERM "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    grep -h Stopping "$work/serve.out" || true
    server=""
    if [[ -n $schema ]]; then psql_do "DROP SCHEMA $schema CASCADE" >/dev/null; schema=""; fi
}
[[ $db == postgresql ]] && dbuser=postgres || dbuser=""
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $db, $workers workers, 1000 tests, warm-up ${warmup} s, measured ${measure} s, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for rate in "${rates[@]}"; do
    start_server "$rate"
    java -Xmx1g -Djava.util.concurrent.ForkJoinPool.common.parallelism=4 -cp "$cp" arbiter.service.ServiceLoad "http://127.0.0.1:$port" "$work/data-$rate" "$workers" "$rate" "$warmup" \
        "$measure" 1000 "$server" $dbuser
    stop_server
done
echo "# end $(date -u '+%H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
