package arbiter.tournament;

/**
 * The 64-bit Mersenne Twister as C++'s {@code std::mt19937_64} defines it ([rand.predef]: word size 64,
 * state 312, shift 156, the standard's tempering constants; seeded with {@code seed(s)}'s initialisation
 * multiplier 6364136223846793005). fastchess shuffles its opening book with it, seeded by {@code -srand}
 * ({@code app/src/core/rand.hpp}), so the same seed gives the same opening order in both tools.
 */
final class Mt19937x64 {
    private static final int N = 312;
    private static final int M = 156;
    private static final long MATRIX_A = 0xB502_6F5A_A966_19E9L;
    private static final long UPPER = 0xFFFF_FFFF_8000_0000L;
    private static final long LOWER = 0x7FFF_FFFFL;

    private final long[] state = new long[N];
    private int index;

    Mt19937x64(long seed) {
        state[0] = seed;
        for (int i = 1; i < N; i++) {
            state[i] = 6364136223846793005L * (state[i - 1] ^ (state[i - 1] >>> 62)) + i;
        }
        index = N;
    }

    /** The next 64-bit output, as an unsigned value in a long. */
    long next() {
        if (index >= N) {
            for (int i = 0; i < N; i++) {
                long x = (state[i] & UPPER) | (state[(i + 1) % N] & LOWER);
                state[i] = state[(i + M) % N] ^ (x >>> 1) ^ ((x & 1) != 0 ? MATRIX_A : 0);
            }
            index = 0;
        }
        long y = state[index++];
        y ^= (y >>> 29) & 0x5555_5555_5555_5555L;
        y ^= (y << 17) & 0x71D6_7FFF_EDA6_0000L;
        y ^= (y << 37) & 0xFFF7_EEE0_0000_0000L;
        y ^= y >>> 43;
        return y;
    }

    /**
     * fastchess's opening shuffle ({@code Openings::shuffle}, {@code app/src/game/book/opening_book.hpp}):
     * for i from the first, swap i with {@code i + next() % (n - i)} (unsigned), the last one left in place.
     *
     * @return the positions 0..n-1 in the shuffled order
     */
    static int[] fastchessOrder(int n, long seed) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Mt19937x64 random = new Mt19937x64(seed);
        for (int i = 0; i + 2 <= n; i++) {
            int j = i + (int) Long.remainderUnsigned(random.next(), n - i);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        return order;
    }
}
