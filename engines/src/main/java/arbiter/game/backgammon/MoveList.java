package arbiter.game.backgammon;

import java.util.Arrays;

/**
 * A reusable, growable buffer of full moves, so that generation allocates nothing once it has
 * reached its working size. A move is kept as the key of the position it leads to (see
 * {@link MoveGenerator#key}) and the packed steps of the first path found to it; every move in a
 * finished list uses the same number of dice, {@link #steps}.
 */
final class MoveList {
    /** Bits of one packed step: from (5 bits), to (5 bits), hit (1 bit). */
    static final int STEP_BITS = 11;

    int size;
    /** Number of dice used by every move of the list (0 for the pass). */
    int steps;
    long[] keys = new long[64];
    long[] paths = new long[64];
    /** Whether some path of the move used the larger die (for the larger-die rule). */
    boolean[] usesLarger = new boolean[64];

    static long packStep(int from, int to, boolean hit) {
        return from | to << 5 | (hit ? 1 << 10 : 0);
    }

    static int stepFrom(long path, int index) {
        return (int) (path >>> (STEP_BITS * index)) & 31;
    }

    static int stepTo(long path, int index) {
        return (int) (path >>> (STEP_BITS * index + 5)) & 31;
    }

    static boolean stepHit(long path, int index) {
        return ((path >>> (STEP_BITS * index + 10)) & 1) != 0;
    }

    void clear() {
        size = 0;
        steps = 0;
    }

    int add(long key, long path, boolean larger) {
        if (size == keys.length) {
            keys = Arrays.copyOf(keys, size * 2);
            paths = Arrays.copyOf(paths, size * 2);
            usesLarger = Arrays.copyOf(usesLarger, size * 2);
        }
        keys[size] = key;
        paths[size] = path;
        usesLarger[size] = larger;
        return size++;
    }
}
