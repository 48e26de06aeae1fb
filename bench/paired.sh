#!/usr/bin/env bash
# Two commands timed in turn (A, B, A, B, ...) as whole processes (bash's clock for the wall time,
# /usr/bin/time for CPU and peak memory, which it counts in hundredths of a second), after one
# uncounted warm-up run of each: every run's wall time, CPU (user + system) and peak memory, then
# the min, median and max of each, and of the ratio A/B of the walls of each pair. The commands run
# under bash -c with their output thrown away; a run that fails stops the script.
#
#   bench/paired.sh RUNS "COMMAND-A" "COMMAND-B"
set -euo pipefail
runs=${1:?usage: bench/paired.sh RUNS COMMAND-A COMMAND-B}
a=${2:?usage: bench/paired.sh RUNS COMMAND-A COMMAND-B}
b=${3:?usage: bench/paired.sh RUNS COMMAND-A COMMAND-B}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "A = $a"
echo "B = $b"

once() {   # label, command, record?: one timed run
    local start=$EPOCHREALTIME
    if ! /usr/bin/time -f "%U %S %M" -o "$work/t" bash -c "$2" >/dev/null 2>"$work/err"; then
        echo "$1 failed:" >&2
        tail -n 5 "$work/err" >&2
        exit 1
    fi
    local wall
    wall=$(echo "$EPOCHREALTIME - $start" | bc)   # /usr/bin/time's %e counts in hundredths
    read -r user sys kib < <(tail -n 1 "$work/t")
    if [[ "$3" == yes ]]; then
        echo "$1 $wall $(echo "$user + $sys" | bc) $((kib / 1024))" >> "$work/runs"
        printf "%s  wall %6.3f s  cpu %6.3f s  peak %5d MiB\n" "$1" "$wall" "$(echo "$user + $sys" | bc)" $((kib / 1024))
    fi
}
once A "$a" no
once B "$b" no
for i in $(seq 1 "$runs"); do
    once A "$a" yes
    once B "$b" yes
done

# min, median, max of a column of numbers on stdin
stats() { sort -g | awk '{v[NR] = $1} END {m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2;
                                          printf "%10.3f %10.3f %10.3f\n", v[1], m, v[NR]}'; }
printf "%-14s %10s %10s %10s   (%s pairs)\n" "" min median max "$runs"
for who in A B; do
    printf "%-14s " "$who wall s"; awk -v w="$who" '$1 == w {print $2}' "$work/runs" | stats
    printf "%-14s " "$who cpu s"; awk -v w="$who" '$1 == w {print $3}' "$work/runs" | stats
    printf "%-14s " "$who peak MiB"; awk -v w="$who" '$1 == w {print $4}' "$work/runs" | stats
done
printf "%-14s " "A/B wall"
awk '$1 == "A" {a = $2} $1 == "B" {print a / $2}' "$work/runs" | stats
