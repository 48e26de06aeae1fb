package arbiter.game.draughts;

/**
 * The playable squares of a square draughts board and their bit layout.
 *
 * <p>Squares are numbered 1..N row by row from the top (Black's side), as PDN does: on 10x10 square 1
 * is b10, 5 is j10, 6 is a9 and 46 is a1. In a bitboard, square {@code s} (0-based index
 * {@code s-1}) sits at bit {@code index + index / width}: after every pair of rows one "ghost" bit
 * is left empty. With that padding the four diagonal steps are plain shifts for every square: up-left
 * {@code -(half+1)}, up-right {@code -half}, down-left {@code +half}, down-right {@code +half+1},
 * where {@code half = width/2}; a step off the board lands on a ghost bit or outside the mask. This is
 * the layout of Scan and most fast draughts programs (10x10: 54 bits, 8x8: 35 bits).
 */
public final class Geometry {
    public final int width;
    public final int half;
    public final int squares;
    /** Bits of all playable squares. */
    public final long board;
    /** White promotes on the top row, Black on the bottom row. */
    public final long topRow;
    public final long bottomRow;
    /** Step shifts: up-left, up-right, down-left, down-right. Up is toward square 1. */
    public final int[] steps;
    private final int[] bitOfIndex;
    private final int[] indexOfBit;

    private static final Geometry EIGHT = new Geometry(8);
    private static final Geometry TEN = new Geometry(10);

    public static Geometry of(int width) {
        return switch (width) {
            case 8 -> EIGHT;
            case 10 -> TEN;
            default -> throw new IllegalArgumentException("board width must be 8 or 10, got " + width);
        };
    }

    private Geometry(int width) {
        this.width = width;
        this.half = width / 2;
        this.squares = width * half;
        this.steps = new int[] {-(half + 1), -half, half, half + 1};
        this.bitOfIndex = new int[squares];
        this.indexOfBit = new int[64];
        java.util.Arrays.fill(indexOfBit, -1);
        long all = 0;
        long top = 0;
        long bottom = 0;
        for (int i = 0; i < squares; i++) {
            int bit = i + i / width;
            bitOfIndex[i] = bit;
            indexOfBit[bit] = i;
            all |= 1L << bit;
            if (i < half) {
                top |= 1L << bit;
            }
            if (i >= squares - half) {
                bottom |= 1L << bit;
            }
        }
        this.board = all;
        this.topRow = top;
        this.bottomRow = bottom;
    }

    /** Bit position of a square number 1..N. */
    public int bit(int square) {
        return bitOfIndex[square - 1];
    }

    /** Square number 1..N of a bit position, or 0 for a ghost bit. */
    public int square(int bit) {
        return indexOfBit[bit] + 1;
    }

    /** Row from the top, 0-based, of a square number. */
    public int row(int square) {
        return (square - 1) / half;
    }

    /** Column from the left, 0-based (a = 0), of a square number. */
    public int column(int square) {
        int index = square - 1;
        int row = index / half;
        int pos = index % half;
        return (row % 2 == 0) ? 2 * pos + 1 : 2 * pos;
    }

    /** Square number of a column and row (both 0-based, row from the top), or 0 if not playable. */
    public int squareAt(int column, int row) {
        if (column < 0 || column >= width || row < 0 || row >= width) {
            return 0;
        }
        boolean dark = (row % 2 == 0) ? (column % 2 == 1) : (column % 2 == 0);
        return dark ? row * half + column / 2 + 1 : 0;
    }

    /** Algebraic name of a square: column letter and rank from White's side, e.g. {@code c3}. */
    public String algebraic(int square) {
        return (char) ('a' + column(square)) + Integer.toString(width - row(square));
    }

    /** Converts a bitboard to a bitboard over 0-based square indices (square s at bit s-1). */
    public long toSquareMask(long bits) {
        long mask = 0;
        for (long b = bits; b != 0; b &= b - 1) {
            mask |= 1L << indexOfBit[Long.numberOfTrailingZeros(b)];
        }
        return mask;
    }

    /** Converts a mask over 0-based square indices back to the bit layout. */
    public long fromSquareMask(long mask) {
        long bits = 0;
        for (long m = mask; m != 0; m &= m - 1) {
            bits |= 1L << bitOfIndex[Long.numberOfTrailingZeros(m)];
        }
        return bits;
    }
}
