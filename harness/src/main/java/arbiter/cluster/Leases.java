package arbiter.cluster;

import arbiter.play.GameSpec;
import arbiter.play.TimeLimits;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The games a coordinator has leased to workers, each with a deadline. A lease expires when nothing
 * is heard of its game (a result, "started", "moved", or the worker's periodic "alive" naming it) for
 * longer than the game's own bound: both clocks played out to the move cap, plus a quarter and a
 * fixed margin for engine start-up and the network; {@link #unlimitedMs} for a game with no clock or
 * move time (depth or nodes only). A lease the worker has not spoken of at all expires after
 * {@link #CONFIRM_MS} (its spec was lost on the way). An expired lease's game goes back to the queue,
 * so a lost spec costs the run {@link #CONFIRM_MS}, a lost result one deadline. Not thread-safe: the
 * coordinator calls it with its lock held.
 */
final class Leases {
    /** Added to every game's bound: engine start-up, a busy machine, the network. */
    static final long MARGIN_MS = 10_000;
    /** The bound of a game without clock or move time. */
    static final long UNLIMITED_MS = 30 * 60_000;
    /** Plies assumed for a game without a move cap. */
    static final int UNCAPPED_PLIES = 600;
    /**
     * A lease its worker has not spoken of within this long goes back to the queue, whatever its game's
     * bound: its spec never reached the worker (a worker names a lease it holds within two seconds of
     * taking it, in its heartbeat if not in a result).
     */
    static final long CONFIRM_MS = 15_000;

    long marginMs = MARGIN_MS;
    long confirmMs = CONFIRM_MS;
    long unlimitedMs = UNLIMITED_MS;
    private final Map<Long, Lease> byNumber = new HashMap<>();
    private long next;

    /** A game leased to a worker; {@code heardMs} is when the worker last spoke of it, if it has ({@code confirmed}). */
    static final class Lease {
        final long number;
        final Job job;
        final Remote worker;
        final long deadlineMs;
        long heardMs;
        boolean confirmed;

        Lease(long number, Job job, Remote worker, long deadlineMs, long nowMs) {
            this.number = number;
            this.job = job;
            this.worker = worker;
            this.deadlineMs = deadlineMs;
            this.heardMs = nowMs;
        }
    }

    /** The clock of deadlines (monotonic, in ms). */
    static long nowMs() {
        return System.nanoTime() / 1_000_000;
    }

    /** A new lease of {@code job} to {@code worker}, held from {@code nowMs}. */
    Lease add(Job job, Remote worker, long nowMs) {
        Lease l = new Lease(++next, job, worker, deadlineMs(job.spec), nowMs);
        byNumber.put(l.number, l);
        worker.leases.add(l.number);
        return l;
    }

    /** The highest lease number given so far. */
    long last() {
        return next;
    }

    Lease get(long number) {
        return byNumber.get(number);
    }

    /** {@code worker} still holds the leases numbered in {@code numbers} (its heartbeat). */
    void heard(String worker, long[] numbers, long nowMs) {
        for (long n : numbers) {
            Lease l = byNumber.get(n);
            if (l != null && l.worker.info.id().equals(worker)) {
                l.heardMs = nowMs;
                l.confirmed = true;
            }
        }
    }

    void remove(Lease l) {
        byNumber.remove(l.number);
        l.worker.leases.remove(l.number);
    }

    /** Every lease, forgotten. */
    List<Lease> clear() {
        List<Lease> all = new ArrayList<>(byNumber.values());
        byNumber.clear();
        for (Lease l : all) {
            l.worker.leases.clear();
        }
        return all;
    }

    /** The leases silent past their deadline at {@code nowMs}, or never confirmed within {@link #confirmMs}, removed. */
    List<Lease> expire(long nowMs) {
        List<Lease> out = new ArrayList<>();
        for (Iterator<Lease> it = byNumber.values().iterator(); it.hasNext();) {
            Lease l = it.next();
            if (nowMs - l.heardMs > (l.confirmed ? l.deadlineMs : Math.min(confirmMs, l.deadlineMs))) {
                it.remove();
                l.worker.leases.remove(l.number);
                out.add(l);
            }
        }
        return out;
    }

    /** How long a lease of this game may stay silent. */
    long deadlineMs(GameSpec spec) {
        int plies = spec.adjudication().maxPlies() > 0 ? spec.adjudication().maxPlies() : UNCAPPED_PLIES;
        long white = sideMs(spec.white().limits(), (plies + 1) / 2);
        long black = sideMs(spec.black().limits(), plies / 2);
        long bound = white < 0 || black < 0 ? unlimitedMs : white + black;
        return bound + bound / 4 + marginMs;
    }

    /** The most one side's clock lets it think over {@code moves} moves; -1 without a clock or move time. */
    static long sideMs(TimeLimits t, int moves) {
        if (t.hasClock()) {
            long periods = t.movesPerPeriod() > 0 ? (moves + t.movesPerPeriod() - 1) / t.movesPerPeriod() : 1;
            return t.timeMs() * periods + t.incrementMs() * moves + t.marginMs();
        }
        if (t.moveTimeMs() > 0) {
            return (t.moveTimeMs() + t.marginMs()) * moves;
        }
        return -1;
    }
}
