package arbiter.service.pages;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Attempts counted per key (an account's name, a client's address) in a sliding window: past
 * {@code max} in {@code windowMillis}, a key waits until its oldest attempt leaves the window. Login
 * failures and registrations go through one each, so guessing a password costs hours, not seconds.
 * Thread-safe; at most {@link #MAX_KEYS} keys are kept (the oldest go first), so a flood of names
 * does not fill the memory.
 */
final class Throttle {
    static final int MAX_KEYS = 100_000;

    private final int max;
    private final long windowMillis;
    private final LongSupplier clock;
    private final Map<String, Deque<Long>> attempts = new ConcurrentHashMap<>();

    Throttle(int max, long windowMillis, LongSupplier clock) {
        this.max = max;
        this.windowMillis = windowMillis;
        this.clock = clock;
    }

    /** Milliseconds until {@code key} may try again; 0 when it may now. */
    long wait(String key) {
        Deque<Long> d = attempts.get(key);
        if (d == null) {
            return 0;
        }
        synchronized (d) {
            long now = clock.getAsLong();
            while (!d.isEmpty() && d.peekFirst() <= now - windowMillis) {
                d.pollFirst();
            }
            return d.size() < max ? 0 : d.peekFirst() + windowMillis - now;
        }
    }

    /** Counts an attempt of {@code key}. */
    void count(String key) {
        if (attempts.size() >= MAX_KEYS) {
            purge();
        }
        Deque<Long> d = attempts.computeIfAbsent(key, k -> new ArrayDeque<>());
        synchronized (d) {
            d.addLast(clock.getAsLong());
            while (d.size() > max) {
                d.pollFirst();
            }
        }
    }

    /** Forgets {@code key}'s attempts (a login that succeeded). */
    void clear(String key) {
        attempts.remove(key);
    }

    /** Drops keys whose attempts have all left the window, and if that is not enough, all of them. */
    private void purge() {
        long now = clock.getAsLong();
        for (Iterator<Deque<Long>> it = attempts.values().iterator(); it.hasNext(); ) {
            Deque<Long> d = it.next();
            synchronized (d) {
                if (d.isEmpty() || d.peekLast() <= now - windowMillis) {
                    it.remove();
                }
            }
        }
        if (attempts.size() >= MAX_KEYS) {
            attempts.clear();
        }
    }
}
