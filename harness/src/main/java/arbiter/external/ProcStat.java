package arbiter.external;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A process as {@code /proc/<pid>/stat} describes it (proc(5)): the fields Arbiter needs to prove a
 * process is one it started. A pid alone proves nothing (the system gives a freed pid to the next
 * process); a pid with its start time (field 22, clock ticks since boot) names one process for the
 * life of the system. Linux only: elsewhere {@link #of} is empty.
 *
 * @param state      field 3 (R, S, D, Z, T, ...)
 * @param ppid       field 4
 * @param group      field 5, the process group
 * @param session    field 6
 * @param startTicks field 22, the start time in clock ticks since boot
 */
public record ProcStat(long pid, String state, long ppid, long group, long session, long startTicks) {

    /** The process {@code pid} as it is now, if it runs (a zombie included). */
    public static Optional<ProcStat> of(long pid) {
        try {
            return Optional.of(parse(Files.readString(Path.of("/proc", Long.toString(pid), "stat"))));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * Reads a stat line. The command name (field 2) is in parentheses and may itself hold spaces and
     * parentheses: it ends at the line's last {@code ')'}, and the fields after it are counted from there.
     *
     * @throws IllegalArgumentException for a line that is not a stat line
     */
    static ProcStat parse(String stat) {
        int open = stat.indexOf(" (");
        int close = stat.lastIndexOf(')');
        if (open < 0 || close < open || close + 2 > stat.length()) {
            throw new IllegalArgumentException("not a /proc stat line");
        }
        String[] f = stat.substring(close + 2).strip().split(" ");
        if (f.length < 20) {
            throw new IllegalArgumentException("a /proc stat line of " + (f.length + 2) + " fields");
        }
        // f[0] is field 3: field n is f[n - 3].
        return new ProcStat(Long.parseLong(stat.substring(0, open)), f[0], Long.parseLong(f[1]), Long.parseLong(f[2]),
                Long.parseLong(f[3]), Long.parseLong(f[19]));
    }

    /** True for a process that has ended and waits only to be reaped by its parent. */
    public boolean dead() {
        return state.equals("Z") || state.equals("X");
    }

    /** True while this very process (same pid, same start time) runs, a zombie included. */
    public boolean alive() {
        return of(pid).map(now -> now.startTicks == startTicks).orElse(false);
    }

    /**
     * Signals this very process: SIGKILL ({@code force}) or SIGTERM, only if the pid still names the
     * process that started at {@link #startTicks}. The handle is taken first, then the start time
     * checked again: the JDK's handle checks its own start time when it signals, so a pid freed and
     * given to another process between the two is not signalled.
     *
     * @return false when the process is gone or the pid names another process now
     */
    public boolean signal(boolean force) {
        Optional<ProcessHandle> h = ProcessHandle.of(pid);
        if (h.isEmpty() || !alive()) {
            return false;
        }
        return force ? h.get().destroyForcibly() : h.get().destroy();
    }
}
