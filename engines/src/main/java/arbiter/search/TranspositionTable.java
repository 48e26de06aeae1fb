package arbiter.search;

/**
 * A fixed-size hash table of search results, always-replace with depth preference within a bucket
 * of two. Entries are three parallel arrays so that a probe touches no object.
 */
public final class TranspositionTable {
    public static final int EXACT = 0;
    public static final int LOWER = 1;
    public static final int UPPER = 2;
    private static final int BYTES_PER_ENTRY = 8 + 8 + 4;

    private final long[] keys;
    /** score (32 bits) | depth (16 bits) << 32 | bound (2 bits) << 48 | generation (8 bits) << 56. */
    private final long[] data;
    private final int[] moves;
    private final int mask;
    private int generation;

    public TranspositionTable(int megabytes) {
        long entries = Math.max(1024, (long) megabytes * 1024 * 1024 / BYTES_PER_ENTRY);
        int size = Integer.highestOneBit((int) Math.min(entries, 1 << 28));
        keys = new long[size];
        data = new long[size];
        moves = new int[size];
        mask = size - 2;
    }

    public void clear() {
        java.util.Arrays.fill(keys, 0);
        java.util.Arrays.fill(data, 0);
        java.util.Arrays.fill(moves, 0);
    }

    /** Marks entries of earlier searches as replaceable first. */
    public void newSearch() {
        generation = (generation + 1) & 0xFF;
    }

    /** Index of the entry for {@code key}, or -1. */
    public int probe(long key) {
        int i = (int) key & mask;
        if (keys[i] == key && data[i] != 0) {
            return i;
        }
        if (keys[i + 1] == key && data[i + 1] != 0) {
            return i + 1;
        }
        return -1;
    }

    public int score(int entry) {
        return (int) data[entry];
    }

    public int depth(int entry) {
        return (int) ((data[entry] >>> 32) & 0xFFFF) - 1;
    }

    public int bound(int entry) {
        return (int) ((data[entry] >>> 48) & 3);
    }

    public int move(int entry) {
        return moves[entry];
    }

    public void store(long key, int score, int depth, int bound, int move) {
        int i = (int) key & mask;
        int slot;
        if (keys[i] == key || data[i] == 0) {
            slot = i;
        } else if (keys[i + 1] == key || data[i + 1] == 0) {
            slot = i + 1;
        } else {
            // Replace the older generation first, then the shallower entry.
            boolean oldA = gen(i) != generation;
            boolean oldB = gen(i + 1) != generation;
            if (oldA != oldB) {
                slot = oldA ? i : i + 1;
            } else {
                slot = depth(i) <= depth(i + 1) ? i : i + 1;
            }
        }
        if (keys[slot] == key && move == 0) {
            move = moves[slot];
        }
        keys[slot] = key;
        data[slot] = (score & 0xFFFFFFFFL) | ((long) ((depth + 1) & 0xFFFF) << 32) | ((long) bound << 48)
                | ((long) generation << 56) | (1L << 50);
        moves[slot] = move;
    }

    private int gen(int entry) {
        return (int) (data[entry] >>> 56) & 0xFF;
    }
}
