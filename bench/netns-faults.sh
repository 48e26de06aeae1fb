#!/usr/bin/env bash
# The cluster over real (virtual) networks: runs NetnsFaultTest RUNS times and prints its figures
# (the run without faults, the run with a 20 s partition of one worker and a fault-injecting relay
# in front of another, time to give up and re-lease, games replayed). Needs root and `ip netns`
# (iproute2); the test skips, and this prints nothing, otherwise. The test removes the namespaces,
# veths and processes it made, also when it fails.
#
#   bench/netns-faults.sh [RUNS]      default: 1
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
runs=${1:-1}
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for i in $(seq 1 "$runs"); do
    log=$(mktemp)
    if mvn -B -q -pl harness -am -Dtest=NetnsFaultTest -Dsurefire.failIfNoSpecifiedTests=false test >"$log" 2>&1; then
        status=passed
    else
        status=FAILED
    fi
    echo "run $i: $status"
    grep -ho 'netns figures: .*' "$log" | sed 's/^netns figures: /  /' \
        || echo "  no figures: the test was skipped (needs root and ip netns)"
    [ "$status" = passed ] || tail -n 40 "$log"
    rm -f "$log"
done
