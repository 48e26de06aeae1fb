package arbiter.search.mcts;

/**
 * A small, fast, seedable random generator (SplitMix64) whose state is one long, so searches can
 * draw millions of numbers without allocating. Not thread-safe; one per search.
 */
public final class Rng {
    private long state;

    public Rng(long seed) {
        state = seed;
    }

    public void seed(long seed) {
        state = seed;
    }

    public long nextLong() {
        long z = (state += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Uniform in {@code [0, bound)} for {@code bound >= 1} (multiply-shift; the bias is below 2^-32). */
    public int nextInt(int bound) {
        return (int) (((nextLong() >>> 32) * bound) >>> 32);
    }

    public boolean nextBoolean() {
        return nextLong() < 0;
    }

    /** A well-mixed combination of several values, for seeding. */
    public static long mix(long... values) {
        long h = 0x2545F4914F6CDD1DL;
        for (long v : values) {
            h = Long.rotateLeft(h ^ v, 29) * 0xBF58476D1CE4E5B9L;
            h ^= h >>> 32;
        }
        return h;
    }
}
