package arbiter.engine.backgammon;

import java.util.ArrayList;
import java.util.List;

/**
 * One of the 21 distinct rolls of two dice, with its weight out of 36: a double comes up one way
 * (1/36), any other roll two ways (2/36), so the weights sum to 36.
 *
 * @param high   the larger die
 * @param low    the smaller die
 * @param weight ways of rolling it out of 36
 */
public record Roll(int high, int low, int weight) {
    /** Every distinct roll, doubles and others, larger die first: 6-6, 6-5, ..., 1-1. */
    public static final List<Roll> ALL = all();

    /** The ways of all rolls together. */
    public static final int WAYS = 36;

    public Roll {
        if (low < 1 || high > 6 || low > high || weight != (high == low ? 1 : 2)) {
            throw new IllegalArgumentException("bad roll " + high + "-" + low + " weight " + weight);
        }
    }

    private static List<Roll> all() {
        List<Roll> rolls = new ArrayList<>();
        for (int high = 6; high >= 1; high--) {
            for (int low = high; low >= 1; low--) {
                rolls.add(new Roll(high, low, high == low ? 1 : 2));
            }
        }
        return List.copyOf(rolls);
    }

    public double probability() {
        return weight / (double) WAYS;
    }

    public boolean isDouble() {
        return high == low;
    }

    @Override
    public String toString() {
        return high + "-" + low;
    }
}
