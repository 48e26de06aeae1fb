#!/usr/bin/env bash
# How often the test service's bad-worker rule (service.schedule.BadWorkers) flags an honest worker,
# and how often it finds a cheat, by simulation (BadWorkersSimulation in the tests): per scenario
# (workers per test, pairs per worker) TESTS simulated tests of honest workers, each checked once as at
# a test's end; then a cheat that reports a share of its level and behind pairs as won, among 10 honest
# workers. CPU only, one thread; about a minute of CPU for 100,000 tests a scenario.
#
#   bench/bad-workers.sh [TESTS] [SEED]      (default 100000 tests a scenario, seed 1)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
tests=${1:-100000}
seed=${2:-1}
./arbiter --version >/dev/null                  # builds the jar and copies the dependencies to harness/target/lib
mvn -B -o -q -pl harness -am -DskipTests test-compile >/dev/null
cp=harness/target/test-classes:harness/target/classes:$(ls harness/target/lib/*.jar | tr '\n' ':')
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
/usr/bin/time -f "# %U s user, %S s system, %e s wall" java -cp "$cp" arbiter.service.schedule.BadWorkersSimulation "$tests" "$seed"
