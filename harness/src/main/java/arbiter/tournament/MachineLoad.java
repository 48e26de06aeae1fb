package arbiter.tournament;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * How busy the machine is: the kernel's load averages over 1, 5 and 15 minutes (the first three fields
 * of Linux's {@code /proc/loadavg}: runnable and uninterruptible tasks, proc(5)) against the cores the
 * JVM may use. A load above the cores means tasks wait for a core: an engine on a clock then loses time
 * that a quiet machine would have given it.
 *
 * @param oneMinute      the load average over the last minute
 * @param fiveMinutes    over the last 5 minutes
 * @param fifteenMinutes over the last 15 minutes
 * @param cores          the processors available to the JVM
 */
public record MachineLoad(double oneMinute, double fiveMinutes, double fifteenMinutes, int cores) {

    /** Linux's load averages. */
    public static final Path LOADAVG = Path.of("/proc/loadavg");

    /** The load read from a {@code loadavg} file, or null when there is none or it cannot be read (not Linux). */
    public static MachineLoad read(Path loadavg, int cores) {
        try {
            String[] f = Files.readString(loadavg).strip().split("\\s+");
            if (f.length < 3) {
                return null;
            }
            return new MachineLoad(Double.parseDouble(f[0]), Double.parseDouble(f[1]), Double.parseDouble(f[2]), cores);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** This machine's load now, or null when it is not known. */
    public static MachineLoad now() {
        return read(LOADAVG, Runtime.getRuntime().availableProcessors());
    }

    /** True when any of the three averages is above the cores: within the last 15 minutes tasks waited for a core. */
    public boolean overloaded() {
        return Math.max(oneMinute, Math.max(fiveMinutes, fifteenMinutes)) > cores;
    }

    /** {@code load average 5.02, 4.10, 3.00 (1, 5, 15 min) on 2 cores}. */
    public String describe() {
        return String.format(Locale.ROOT, "load average %.2f, %.2f, %.2f (1, 5, 15 min) on %d core%s", oneMinute,
                fiveMinutes, fifteenMinutes, cores, cores == 1 ? "" : "s");
    }
}
