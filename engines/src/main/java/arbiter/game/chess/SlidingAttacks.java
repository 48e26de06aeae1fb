package arbiter.game.chess;

import java.util.SplittableRandom;

/**
 * Rook and bishop attacks by magic multiplication: the occupied squares on a piece's relevant
 * rays, multiplied by a per-square magic number, give in their top bits an index into a table of
 * precomputed attack sets. The magic numbers are found at class initialisation by a seeded random
 * search, so no table is copied from anywhere.
 *
 * <p>Rook indices use one bit more than the number of relevant squares: a table twice as large
 * (1.6 MB instead of 0.8 MB) makes a magic about ten times easier to find, which brings the search
 * from about 200 ms to a few tens of milliseconds.
 */
final class SlidingAttacks {
    /** Seed of the magic search; any seed works, this one finds all 128 magics quickly. */
    private static final long SEED = 0x0A2B_17E2_C4E5_5EEDL;
    /** Extra index bits for rooks (see the class comment). */
    private static final int ROOK_EXTRA_BITS = 1;

    /** Ray directions as (file, rank) steps; declared before the static block that uses them. */
    private static final int[][] ORTHOGONAL_STEPS = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    private static final int[][] DIAGONAL_STEPS = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

    private static final long[] ROOK_MASK = new long[64];
    private static final long[] ROOK_MAGIC = new long[64];
    private static final int[] ROOK_SHIFT = new int[64];
    private static final int[] ROOK_OFFSET = new int[64];
    private static final long[] BISHOP_MASK = new long[64];
    private static final long[] BISHOP_MAGIC = new long[64];
    private static final int[] BISHOP_SHIFT = new int[64];
    private static final int[] BISHOP_OFFSET = new int[64];
    /** Attack sets of every square and blocker subset, rooks then bishops. */
    private static final long[] TABLE;

    /** Attacks on an empty board, for finding pins and x-rays. */
    static final long[] ROOK_RAYS = new long[64];
    static final long[] BISHOP_RAYS = new long[64];

    static {
        int size = 0;
        for (int s = 0; s < 64; s++) {
            ROOK_MASK[s] = relevantMask(s, false);
            BISHOP_MASK[s] = relevantMask(s, true);
            size += (1 << (Long.bitCount(ROOK_MASK[s]) + ROOK_EXTRA_BITS)) + (1 << Long.bitCount(BISHOP_MASK[s]));
        }
        TABLE = new long[size];
        SplittableRandom random = new SplittableRandom(SEED);
        int offset = 0;
        for (int s = 0; s < 64; s++) {
            ROOK_OFFSET[s] = offset;
            int bits = Long.bitCount(ROOK_MASK[s]) + ROOK_EXTRA_BITS;
            ROOK_SHIFT[s] = 64 - bits;
            ROOK_MAGIC[s] = findMagic(s, ROOK_MASK[s], false, bits, offset, random);
            offset += 1 << bits;
        }
        for (int s = 0; s < 64; s++) {
            BISHOP_OFFSET[s] = offset;
            int bits = Long.bitCount(BISHOP_MASK[s]);
            BISHOP_SHIFT[s] = 64 - bits;
            BISHOP_MAGIC[s] = findMagic(s, BISHOP_MASK[s], true, bits, offset, random);
            offset += 1 << bits;
        }
        for (int s = 0; s < 64; s++) {
            ROOK_RAYS[s] = slowAttacks(s, 0L, false);
            BISHOP_RAYS[s] = slowAttacks(s, 0L, true);
        }
    }

    private SlidingAttacks() {
    }


    static long rook(int square, long occupied) {
        return TABLE[ROOK_OFFSET[square]
                + (int) (((occupied & ROOK_MASK[square]) * ROOK_MAGIC[square]) >>> ROOK_SHIFT[square])];
    }

    static long bishop(int square, long occupied) {
        return TABLE[BISHOP_OFFSET[square]
                + (int) (((occupied & BISHOP_MASK[square]) * BISHOP_MAGIC[square]) >>> BISHOP_SHIFT[square])];
    }

    /** Attacks by walking the rays square by square: the reference the magic tables are built from. */
    static long slowAttacks(int square, long occupied, boolean diagonal) {
        long attacks = 0;
        for (int[] d : diagonal ? DIAGONAL_STEPS : ORTHOGONAL_STEPS) {
            int f = (square & 7) + d[0];
            int r = (square >>> 3) + d[1];
            while (f >= 0 && f < 8 && r >= 0 && r < 8) {
                long bit = 1L << (r * 8 + f);
                attacks |= bit;
                if ((occupied & bit) != 0) {
                    break;
                }
                f += d[0];
                r += d[1];
            }
        }
        return attacks;
    }

    /** The squares whose occupancy matters: the rays without their last square (the board edge). */
    private static long relevantMask(int square, boolean diagonal) {
        long mask = 0;
        long rays = slowAttacks(square, 0L, diagonal);
        for (long m = rays; m != 0; m &= m - 1) {
            int t = Long.numberOfTrailingZeros(m);
            // Keep t if the ray continues past it, i.e. t is not the ray's last square.
            int df = Integer.signum((t & 7) - (square & 7));
            int dr = Integer.signum((t >>> 3) - (square >>> 3));
            int f = (t & 7) + df;
            int r = (t >>> 3) + dr;
            if (f >= 0 && f < 8 && r >= 0 && r < 8) {
                mask |= 1L << t;
            }
        }
        return mask;
    }

    /**
     * Searches a magic for one square: a number that maps every blocker subset of the mask to a slot
     * holding its attack set, where two subsets may share a slot only when their attacks agree. Fills
     * the square's part of {@link #TABLE} as it goes.
     */
    private static long findMagic(int square, long mask, boolean diagonal, int indexBits, int offset,
                                  SplittableRandom random) {
        int count = 1 << Long.bitCount(mask);
        long[] blockers = new long[count];
        long[] attacks = new long[count];
        long subset = 0;
        for (int i = 0; i < count; i++) {
            // Carry-rippler: the next subset of the mask.
            blockers[i] = subset;
            attacks[i] = slowAttacks(square, subset, diagonal);
            subset = (subset - mask) & mask;
        }
        int[] filledIn = new int[1 << indexBits];
        int attempt = 0;
        while (true) {
            long magic = random.nextLong() & random.nextLong() & random.nextLong();
            if (Long.bitCount((mask * magic) >>> 56) < 6) {
                continue; // too few high bits: cannot spread the blockers well
            }
            attempt++;
            boolean ok = true;
            for (int i = 0; i < count && ok; i++) {
                int index = (int) ((blockers[i] * magic) >>> (64 - indexBits));
                if (filledIn[index] != attempt) {
                    filledIn[index] = attempt;
                    TABLE[offset + index] = attacks[i];
                } else if (TABLE[offset + index] != attacks[i]) {
                    ok = false;
                }
            }
            if (ok) {
                return magic;
            }
        }
    }
}
