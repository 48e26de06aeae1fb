package arbiter.referee;

import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * This JVM's own stalls: spans of time in which it did not run at all (the process stopped with
 * SIGSTOP or Ctrl-Z, a laptop suspended, a virtual machine paused, a long garbage collection), so
 * that the referee does not charge them to an engine's clock. A daemon thread ticks every
 * {@value #PERIOD_MS} ms on the monotonic clock; a tick more than {@value #STALL_MS} ms late marks the
 * time since the tick before as a stall. An engine runs on while Arbiter is stopped and its answer
 * waits in the pipe, but the referee, once it runs again, reads the time of the whole stall as the
 * engine's.
 *
 * <p>A stall the watch has not yet seen (its thread has not run since the JVM came back, while the
 * referee's has) is counted too: when the last tick is older than a period and the threshold, the
 * time since it is a stall in progress.
 */
public final class StallWatch {
    private static final Logger LOG = LogManager.getLogger(StallWatch.class);
    /** How often the watch ticks. */
    static final long PERIOD_MS = 50;
    /** How late a tick must be for the time before it to be a stall of the JVM (and not a busy moment). */
    static final long STALL_MS = 250;
    /** Stalls remembered (the oldest are forgotten first; a move overlaps few). */
    private static final int KEPT = 64;

    private static final StallWatch WATCH = new StallWatch();

    private final long[] starts = new long[KEPT];
    private final long[] ends = new long[KEPT];
    private int count;
    private volatile long lastTick = System.nanoTime();
    private volatile boolean anyStall;

    private StallWatch() {
        Thread t = new Thread(this::tick, "stall-watch");
        t.setDaemon(true);
        t.start();
    }

    private void tick() {
        long period = TimeUnit.MILLISECONDS.toNanos(PERIOD_MS);
        long late = TimeUnit.MILLISECONDS.toNanos(STALL_MS);
        while (true) {
            long before = lastTick;
            try {
                Thread.sleep(PERIOD_MS);
            } catch (InterruptedException e) {
                return;
            }
            long now = System.nanoTime();
            if (now - before > period + late) {
                record(before + period, now);
                LOG.info("Arbiter did not run for {} ms (stopped, suspended or paused): moves timed across it are "
                        + "not charged to the engines", TimeUnit.NANOSECONDS.toMillis(now - before - period));
            }
            lastTick = now;
        }
    }

    private synchronized void record(long start, long end) {
        starts[count % KEPT] = start;
        ends[count % KEPT] = end;
        count++;
        anyStall = true;
    }

    /**
     * How many milliseconds of {@code [from, to]} (values of {@link System#nanoTime}) this JVM was
     * stalled, as far as it knows now: the stalls recorded, and one in progress that the watch has not
     * yet seen. 0 in the common case, from two volatile reads.
     */
    public static long stalledMillis(long from, long to) {
        return WATCH.stalled(from, to, System.nanoTime());
    }

    long stalled(long from, long to, long now) {
        long pendingFrom = lastTick + TimeUnit.MILLISECONDS.toNanos(PERIOD_MS);
        boolean pending = now - pendingFrom > TimeUnit.MILLISECONDS.toNanos(STALL_MS);
        if (!anyStall && !pending) {
            return 0;
        }
        long total = pending ? overlap(pendingFrom, now, from, to) : 0;
        synchronized (this) {
            for (int i = Math.max(0, count - KEPT); i < count; i++) {
                total += overlap(starts[i % KEPT], ends[i % KEPT], from, to);
            }
        }
        return TimeUnit.NANOSECONDS.toMillis(total);
    }

    private static long overlap(long start, long end, long from, long to) {
        return Math.max(0, Math.min(end, to) - Math.max(start, from));
    }
}
