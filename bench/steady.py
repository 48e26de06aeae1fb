#!/usr/bin/env python3
"""Samples a run while it plays: games recorded (counted in games.pdn as it grows) and the CPU of
each named process, split into the JIT compiler threads and the rest, once a second; when the
first process named exits, prints one line of figures for the steady part of the run.

    steady.py PDN NAME=PID [NAME=PID ...]

The steady part runs from the first sample at which every process's JIT compiler threads have
settled (used under JIT_SETTLED of a core over the JIT_WINDOW seconds before it) and a tenth of the
run's games were recorded, to the last sample at which games were still being played: JVM start,
Hazelcast start, the JIT's warm-up and the shutdown are outside it, whatever the run's length (the
JIT compiling still inside it is counted). A run whose JIT never settles with games left to play is
too short: then the part from half the games is printed, marked so. Printed, for the steady part:
when it starts, games/s, and per process CPU per game in ms (all threads), of which JIT; for the
whole run: games, wall, and per process CPU seconds, of which JIT. Reads /proc only: Linux.
"""
import os
import sys
import time

TICK = os.sysconf("SC_CLK_TCK")
JIT_WINDOW = 3       # seconds
JIT_SETTLED = 0.05   # of a core


def cpu(pid):
    """(the process's CPU seconds, its JIT compiler threads' CPU seconds), or None once it is gone.

    The process's figure counts the threads that have ended too; the JIT's is summed over the live
    compiler threads (the bench starts its JVMs with -XX:-UseDynamicNumberOfCompilerThreads, so none
    ends early)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            s = f.read()
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return None
    fields = s[s.rindex(")") + 2:].split()
    total = (int(fields[11]) + int(fields[12])) / TICK
    jit = 0.0
    for t in tasks:
        try:
            with open(f"/proc/{pid}/task/{t}/stat") as f:
                ts = f.read()
        except OSError:
            continue
        if "CompilerThre" in ts[ts.index("(") + 1:ts.rindex(")")]:
            tf = ts[ts.rindex(")") + 2:].split()
            jit += (int(tf[11]) + int(tf[12])) / TICK
    return total, jit


class Games:
    """Counts the games in a PDN file as it grows (each starts with an [Event tag at a line start)."""

    def __init__(self, path):
        self.path, self.offset, self.count, self.tail = path, 0, 0, b""

    def read(self):
        try:
            with open(self.path, "rb") as f:
                f.seek(self.offset)
                data = f.read()
        except OSError:
            return self.count
        self.offset += len(data)
        text = self.tail + data
        cut = text.rfind(b"\n") + 1
        self.count += (b"\n" + text[:cut]).count(b"\n[Event ")  # text always starts at a line's start
        self.tail = text[cut:]
        return self.count


def settled(samples, i):
    """True when every process's JIT used under JIT_SETTLED of a core over the JIT_WINDOW seconds before sample i."""
    j = i
    while j > 0 and samples[i][0] - samples[j][0] < JIT_WINDOW:
        j -= 1
    if samples[i][0] - samples[j][0] < JIT_WINDOW:
        return False
    for name, (_, jit) in samples[i][2].items():
        before = samples[j][2].get(name)
        if before is None or (jit - before[1]) / (samples[i][0] - samples[j][0]) >= JIT_SETTLED:
            return False
    return True


def main():
    pdn = sys.argv[1]
    procs = [a.split("=", 1) for a in sys.argv[2:]]
    games = Games(pdn)
    start = time.monotonic()
    samples = []  # (t, games, {name: (cpu, jit)})
    while True:
        now = time.monotonic() - start
        usage = {name: cpu(pid) for name, pid in procs}
        if usage[procs[0][0]] is None:
            break
        samples.append((now, games.read(), {k: v for k, v in usage.items() if v is not None}))
        time.sleep(1)
    final = games.read()
    if len(samples) < 4:
        print(f"games {final}: too short to find a steady part")
        return
    playing = [s for s in samples if s[1] < final] or samples   # the end (reports, shutdown) is not steady
    last = playing[-1]
    first = next((s for i, s in enumerate(playing) if s[1] >= final / 10 and settled(samples, i) and s is not last), None)
    note = ""
    if first is None:
        first = next(s for s in samples if s[1] >= final / 2)
        note = " (the JIT never settled: run longer; from half the games)"
    if last[1] - first[1] <= 0 or first is last:
        print(f"games {final}: too short to find a steady part")
        return
    dg, dt = last[1] - first[1], last[0] - first[0]
    parts = [f"steady {first[0]:.0f}-{last[0]:.0f} s from game {first[1]}{note}: {dg / dt:.0f} games/s"]
    for name, _ in procs:
        if name in first[2] and name in last[2]:
            c = last[2][name][0] - first[2][name][0]
            j = last[2][name][1] - first[2][name][1]
            parts.append(f"{name} {1000 * c / dg:.3f} ms/game (JIT {1000 * j / dg:.3f})")
    end = samples[-1]
    whole = [f"whole: {final} games in {end[0]:.1f} s"]
    for name, _ in procs:
        if name in end[2]:
            whole.append(f"{name} {end[2][name][0]:.1f} s CPU (JIT {end[2][name][1]:.1f} s)")
    print("; ".join(parts) + " | " + "; ".join(whole))


if __name__ == "__main__":
    main()
