#!/usr/bin/env bash
# Runs each Jazzer fuzz test in fuzzing mode for SECONDS (default 120) and prints the executions it
# reached; see docs/fuzzing.md. Usage: bench/fuzz.sh [SECONDS] [Class#method ...]
# A finding stops that test: Jazzer writes the input into the test's inputs folder under
# harness/src/test/resources, where `mvn verify` replays it from then on (a regression test).
# The generated corpus goes to harness/.cifuzz-corpus (not committed).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-120}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(PdnFuzzTest#reader PdnFuzzTest#scannerAgreesWithReader ConfigLoaderFuzzTest#load
    PositionFuzzTest#parsePosition ProtocolFuzzTest#uciInfoAndBestmove ProtocolFuzzTest#xboardThinkingAndMove
    ProtocolFuzzTest#hubLine ProtocolFuzzTest#dxpMessage ProtocolFuzzTest#gnubgMove MatchArgumentsFuzzTest#parse)
fi
mkdir -p target/fuzz
for t in "${targets[@]}"; do
  log="target/fuzz/${t/\#/-}.log"
  # -am builds the engines module with it (a fresh checkout has none installed). libFuzzer flags after
  # arg.0 (a placeholder argv[0]) override the @FuzzTest ones: run time, a 10 s limit per input (a hang
  # is a finding), and a 2.5 GB resident limit (the heap is -Xmx2g).
  JAZZER_FUZZ=1 nice -n 10 mvn -B -pl harness -am -Dtest="$t" -Dsurefire.failIfNoSpecifiedTests=false \
      -Djazzer.internal.arg.0=fuzz -Djazzer.internal.arg.1=-max_total_time="$seconds" \
      -Djazzer.internal.arg.2=-rss_limit_mb=2560 -Djazzer.internal.arg.3=-timeout=10 test > "$log" 2>&1 \
    && status=passed || status=FAILED
  # libFuzzer's last lines: "Done N runs in S second(s)" and "#N DONE cov: ..."; none when the build or
  # the test failed before fuzzing, and then the log's first error says why.
  done_line=$(grep -E '^(Done [0-9]+ runs|#[0-9]+[[:space:]]+DONE)' "$log" | tail -2 | tr '\n' ' ' || true)
  if [ -z "$done_line" ]; then
    done_line="no fuzzing ran: $(grep -m1 -E '^\[ERROR\]|Exception|FAILURE' "$log" || echo 'see the log'); "
  fi
  echo "$t: $status; $done_line(log: $log)"
  if [ "$status" = FAILED ]; then
    failed=1
  fi
done
exit "${failed:-0}"
