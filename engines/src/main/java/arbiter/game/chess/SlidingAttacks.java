package arbiter.game.chess;

import java.util.SplittableRandom;

/**
 * Rook and bishop attacks by magic multiplication: the occupied squares on a piece's relevant
 * rays, multiplied by a per-square magic number, give in their top bits an index into a table of
 * precomputed attack sets. The magic numbers below are the output of this class's own seeded random
 * search ({@link #searchMagics}), written out so that a fresh JVM does not spend about 70 ms finding
 * them again on every start (a test checks the search still gives exactly these numbers); no table
 * is copied from anywhere.
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
    private static final int[] ROOK_SHIFT = new int[64];
    private static final int[] ROOK_OFFSET = new int[64];
    private static final long[] BISHOP_MASK = new long[64];
    private static final int[] BISHOP_SHIFT = new int[64];
    private static final int[] BISHOP_OFFSET = new int[64];
    static final long[] ROOK_MAGIC = {
            0x0220002041104008L, 0x000410210106C060L, 0x0400810040240004L, 0x9009000250002008L,
            0x0900108401000800L, 0x4900080102008004L, 0x0016002000410480L, 0x000A018010204100L,
            0x0000124220008000L, 0x8111401000204000L, 0x0000100262080010L, 0x0020841000040800L,
            0x0000800400080080L, 0x8008200200040009L, 0x0000D02003000210L, 0x2382000200208104L,
            0x0206282002001000L, 0x0008002000100022L, 0x0040403008210010L, 0x000A045010009120L,
            0x0240220012060200L, 0x4028808004501102L, 0x0481003000803600L, 0x600229401204A180L,
            0x0409101004800010L, 0x0000512008200410L, 0x004020A8A0001010L, 0x0824084010009190L,
            0x1008080100041101L, 0x00100100209A0400L, 0x4180010200608418L, 0xC4014400A006D301L,
            0x04040D8004082920L, 0x0001008024101000L, 0x6202020840100090L, 0x0201008020020040L,
            0x6000088010010042L, 0x0004000100220E81L, 0x0A14008200400538L, 0x0048404020800100L,
            0x00008800A0302002L, 0x0200500020004001L, 0x30089000B0140400L, 0x5090001448001220L,
            0x3048000400028080L, 0x0048080400011042L, 0x1500210082001240L, 0x0204124000600408L,
            0x04004020061004A0L, 0x1110601101408200L, 0x0AC0200018046018L, 0x01AC08150C100100L,
            0x010A002408040200L, 0x800C020001201040L, 0x0000010280020280L, 0x0304074900890020L,
            0x0405001620800243L, 0x0801A60011000822L, 0x0009001020000429L, 0x0040200900041001L,
            0x0000C30A42000412L, 0x200A080112000082L, 0xA008100200830044L, 0x1002408041002C12L};
    static final long[] BISHOP_MAGIC = {
            0x1040100410429024L, 0x02A2440122021000L, 0x90A1012404802000L, 0x0804042081000004L,
            0x0002021020829000L, 0x2008481A10001002L, 0x8016050420060000L, 0x1100808884904011L,
            0x9020401802049E01L, 0x4600024801010210L, 0x01081021084B0000L, 0x0254111042011020L,
            0x4C200404200000A2L, 0x0000020210044200L, 0x8002644C04044000L, 0x00800A085A021022L,
            0x4004801004100400L, 0x0910001202460C20L, 0x8008840108010100L, 0x0001080801430000L,
            0x004C222202010000L, 0xC081000280514001L, 0x0000821904012002L, 0x0041080924061204L,
            0x0108202285241081L, 0x0008200002925A05L, 0x0080410010130204L, 0x0412080044004008L,
            0x4604040000410040L, 0x40420A0200881100L, 0x802C840200840440L, 0x000C008405004106L,
            0x8C01041008411020L, 0x040C100450824400L, 0x0105148200901400L, 0x01001108000C0040L,
            0x00208202000C0108L, 0x08008081040A0102L, 0x0001014610410800L, 0x0100888282070402L,
            0x3202082005000880L, 0x8000880108001000L, 0x0083008041081000L, 0x0480402128018401L,
            0x0500012012000902L, 0xD204488492001102L, 0x0424100208510202L, 0x0410040C51804040L,
            0x02008A4802401280L, 0x0081010110020100L, 0x0085010080900300L, 0x0000200215040120L,
            0x2000103232021300L, 0x0000200510008002L, 0x0044840428060400L, 0x0064D0228A088400L,
            0x0000260200A00808L, 0x404001010101A040L, 0x0200000041044100L, 0x08120082022A0800L,
            0x0410204020604108L, 0x0006440820482080L, 0x4024089004080460L, 0x0220021020410148L};
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
        int offset = 0;
        for (int s = 0; s < 64; s++) {
            ROOK_OFFSET[s] = offset;
            int bits = Long.bitCount(ROOK_MASK[s]) + ROOK_EXTRA_BITS;
            ROOK_SHIFT[s] = 64 - bits;
            fill(TABLE, s, ROOK_MASK[s], false, bits, offset, ROOK_MAGIC[s]);
            offset += 1 << bits;
        }
        for (int s = 0; s < 64; s++) {
            BISHOP_OFFSET[s] = offset;
            int bits = Long.bitCount(BISHOP_MASK[s]);
            BISHOP_SHIFT[s] = 64 - bits;
            fill(TABLE, s, BISHOP_MASK[s], true, bits, offset, BISHOP_MAGIC[s]);
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
     * Fills one square's part of {@code table} from its magic: the attack set of every blocker subset
     * of the mask, at the slot the magic maps it to. A slot may be shared only by subsets with the
     * same attacks (an attack set is never empty, so 0 marks a free slot).
     */
    private static void fill(long[] table, int square, long mask, boolean diagonal, int indexBits,
                             int offset, long magic) {
        long subset = 0;
        do {
            long attacks = slowAttacks(square, subset, diagonal);
            int slot = offset + (int) ((subset * magic) >>> (64 - indexBits));
            if (table[slot] != 0 && table[slot] != attacks) {
                throw new IllegalStateException("magic of square " + square + " maps two attack sets to one slot");
            }
            table[slot] = attacks;
            subset = (subset - mask) & mask; // carry-rippler: the next subset of the mask
        } while (subset != 0);
    }

    /**
     * The seeded search that found {@link #ROOK_MAGIC} and {@link #BISHOP_MAGIC}: for each square in
     * turn, rooks first, random sparse numbers until one maps every blocker subset of the mask to a
     * slot holding its attack set, where two subsets may share a slot only when their attacks agree.
     * Returns the rook magics then the bishop magics.
     */
    static long[][] searchMagics() {
        SplittableRandom random = new SplittableRandom(SEED);
        long[][] found = new long[2][64];
        for (int piece = 0; piece < 2; piece++) {
            boolean diagonal = piece == 1;
            for (int s = 0; s < 64; s++) {
                long mask = diagonal ? BISHOP_MASK[s] : ROOK_MASK[s];
                found[piece][s] = findMagic(s, mask, diagonal,
                        Long.bitCount(mask) + (diagonal ? 0 : ROOK_EXTRA_BITS), random);
            }
        }
        return found;
    }

    private static long findMagic(int square, long mask, boolean diagonal, int indexBits, SplittableRandom random) {
        int count = 1 << Long.bitCount(mask);
        long[] blockers = new long[count];
        long[] attacks = new long[count];
        long subset = 0;
        for (int i = 0; i < count; i++) {
            blockers[i] = subset;
            attacks[i] = slowAttacks(square, subset, diagonal);
            subset = (subset - mask) & mask;
        }
        long[] slots = new long[1 << indexBits];
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
                    slots[index] = attacks[i];
                } else if (slots[index] != attacks[i]) {
                    ok = false;
                }
            }
            if (ok) {
                return magic;
            }
        }
    }
}
