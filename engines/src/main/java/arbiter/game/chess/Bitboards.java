package arbiter.game.chess;

/**
 * Square sets as longs (bit {@code s} is square {@code s}; a1 = 0, b1 = 1, ..., h8 = 63) and the
 * attack tables of the pieces that do not slide. Sliding attacks are in {@link SlidingAttacks}.
 */
final class Bitboards {
    static final long FILE_A = 0x0101010101010101L;
    static final long FILE_H = FILE_A << 7;
    static final long RANK_1 = 0xFFL;
    static final long RANK_3 = RANK_1 << 16;
    static final long RANK_6 = RANK_1 << 40;
    static final long RANK_8 = RANK_1 << 56;
    static final long DARK_SQUARES = 0xAA55AA55AA55AA55L;

    static final long[] KNIGHT_ATTACKS = new long[64];
    static final long[] KING_ATTACKS = new long[64];
    /** Squares a pawn of a colour attacks from a square: index {@code color * 64 + square}. */
    static final long[] PAWN_ATTACKS = new long[128];
    /** Squares strictly between two squares on a common line, else empty: index {@code a * 64 + b}. */
    static final long[] BETWEEN = new long[64 * 64];
    /** The whole line (edge to edge) through two squares on a common line, else empty. */
    static final long[] LINE = new long[64 * 64];

    private static final int[][] KNIGHT_STEPS = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    private static final int[][] KING_STEPS = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};

    static {
        for (int s = 0; s < 64; s++) {
            KNIGHT_ATTACKS[s] = leaps(s, KNIGHT_STEPS);
            KING_ATTACKS[s] = leaps(s, KING_STEPS);
            PAWN_ATTACKS[s] = leaps(s, new int[][] {{-1, 1}, {1, 1}});
            PAWN_ATTACKS[64 + s] = leaps(s, new int[][] {{-1, -1}, {1, -1}});
        }
        for (int a = 0; a < 64; a++) {
            for (int b = 0; b < 64; b++) {
                if (a == b) {
                    continue;
                }
                long ends = bit(a) | bit(b);
                for (boolean diagonal : new boolean[] {false, true}) {
                    long fromA = SlidingAttacks.slowAttacks(a, 0L, diagonal);
                    if ((fromA & bit(b)) != 0) {
                        long fromB = SlidingAttacks.slowAttacks(b, 0L, diagonal);
                        LINE[a * 64 + b] = (fromA & fromB) | ends;
                        BETWEEN[a * 64 + b] = SlidingAttacks.slowAttacks(a, bit(b), diagonal)
                                & SlidingAttacks.slowAttacks(b, bit(a), diagonal);
                    }
                }
            }
        }
    }

    private Bitboards() {
    }

    static long bit(int square) {
        return 1L << square;
    }

    static int file(int square) {
        return square & 7;
    }

    static int rank(int square) {
        return square >>> 3;
    }

    private static long leaps(int square, int[][] steps) {
        long set = 0;
        for (int[] step : steps) {
            int f = file(square) + step[0];
            int r = rank(square) + step[1];
            if (f >= 0 && f < 8 && r >= 0 && r < 8) {
                set |= bit(r * 8 + f);
            }
        }
        return set;
    }
}
