package arbiter.cluster;

import java.util.BitSet;

/**
 * The sequence numbers seen from one sender: a number is taken once, and one more than {@link #WINDOW}
 * below the highest seen is refused as a replay (messages on one queue arrive in order; the window
 * covers messages on different queues and topics overtaking each other). A sender numbers its
 * messages one by one, so a number more than {@link #WINDOW} above the highest is refused too: one
 * message numbered far ahead would move the window past every real message to come.
 */
final class Sequence {
    static final int WINDOW = 4096;
    private long highest = -1;
    private final BitSet seen = new BitSet(WINDOW);

    /** A window that starts at {@code first}, as if it had been seen: a sender's first number (its announcement, a welcome). */
    Sequence(long first) {
        take(first);
    }

    /** True the first time {@code n} is offered within the window. */
    synchronized boolean take(long n) {
        if (n < 0 || n <= highest - WINDOW || highest >= 0 && n > highest + WINDOW) {
            return false;
        }
        if (n > highest) {
            for (long k = Math.max(highest + 1, n - WINDOW + 1); k < n; k++) {
                seen.clear((int) (k % WINDOW));
            }
            highest = n;
            seen.set((int) (n % WINDOW));
            return true;
        }
        int bit = (int) (n % WINDOW);
        if (seen.get(bit)) {
            return false;
        }
        seen.set(bit);
        return true;
    }
}
