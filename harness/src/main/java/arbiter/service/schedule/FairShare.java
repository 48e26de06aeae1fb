package arbiter.service.schedule;

import java.util.Comparator;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * Which test gets the next task: the highest priority first, and within a priority the test furthest
 * behind its share — stride scheduling (Waldspurger and Weihl, 1995) over fishtest's weights.
 *
 * <p>Each test's weight is fishtest's internal throughput ({@code calc_itp} in fishtest's
 * {@code rundb.py}): its throughput (percent), times {@code tcRatio^0.774} for a time control longer
 * than the reference 10+0.1, times {@code 36 / (36 + n^2)} for a user with {@code n} active tests.
 * Each test has a pass (virtual time): a task of {@code k} pairs advances it by {@code k * cost /
 * weight}, where {@code cost} is a pair's length in reference games (its clock estimate, 1 without a
 * clock), so the worker time each test receives is proportional to its weight. fishtest orders tests
 * by the cores they hold now over their weight; that meets the share only while every test holds
 * workers at every moment. The pass counts what each test was given over time, so the share holds
 * with fewer workers than tests and over short runs, and a test joining (or coming back with pairs to
 * hand out) starts at the least pass of the others, with no credit for the time it waited.
 */
public final class FairShare {
    /** fishtest's exponent of the time-control ratio: an LTC (6x) test gets 4x the cores. */
    static final double TC_EXPONENT = 0.774;
    /** fishtest's per-user damping: 36 / (36 + n^2). */
    static final double USER_DAMPING = 36;

    /** A test as the share sees it. */
    interface Entry {
        long id();

        int priority();

        double pass();
    }

    private static final Comparator<Entry> ORDER = Comparator.comparingInt((Entry e) -> -e.priority())
            .thenComparingDouble(Entry::pass).thenComparingLong(Entry::id);

    private final TreeSet<Entry> runnable = new TreeSet<>(ORDER);

    /** The weight of a test: fishtest's internal throughput. */
    static double weight(int throughput, double tcRatio, int userActiveTests) {
        double w = throughput;
        if (tcRatio > 1) {
            w *= Math.pow(tcRatio, TC_EXPONENT);
        }
        return w * USER_DAMPING / (USER_DAMPING + (double) userActiveTests * userActiveTests);
    }

    /** The pass a test joins (or rejoins) at: the least of the runnable ones, never below its own. */
    double joinPass(double own) {
        return runnable.isEmpty() ? own : Math.max(own, minPass());
    }

    private double minPass() {
        double min = Double.MAX_VALUE;
        // within the top priority the first is the least; lower priorities may hold less, so look at each level's first
        Entry previous = null;
        for (Entry e : runnable) {
            if (previous == null || e.priority() != previous.priority()) {
                min = Math.min(min, e.pass());
            }
            previous = e;
        }
        return min;
    }

    void add(Entry e) {
        runnable.add(e);
    }

    void remove(Entry e) {
        runnable.remove(e);
    }

    boolean contains(Entry e) {
        return runnable.contains(e);
    }

    /** The first test in order that {@code fits} (a worker that can play it), or null. */
    Entry pick(Predicate<Entry> fits) {
        for (Entry e : runnable) {
            if (fits.test(e)) {
                return e;
            }
        }
        return null;
    }

    Iterable<Entry> runnable() {
        return runnable;
    }

    int size() {
        return runnable.size();
    }
}
