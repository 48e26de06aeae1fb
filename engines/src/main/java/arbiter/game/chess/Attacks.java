package arbiter.game.chess;

/**
 * Attack sets for evaluations outside this package: the generator's precomputed tables and magic
 * sliding attacks, as square sets (bit {@code s} is square {@code s}, a1 = 0, h8 = 63).
 */
public final class Attacks {
    private Attacks() {
    }

    public static long knight(int square) {
        return Bitboards.KNIGHT_ATTACKS[square];
    }

    public static long king(int square) {
        return Bitboards.KING_ATTACKS[square];
    }

    public static long bishop(int square, long occupied) {
        return SlidingAttacks.bishop(square, occupied);
    }

    public static long rook(int square, long occupied) {
        return SlidingAttacks.rook(square, occupied);
    }

    public static long queen(int square, long occupied) {
        return SlidingAttacks.bishop(square, occupied) | SlidingAttacks.rook(square, occupied);
    }

    /** Squares attacked by a set of pawns of a colour (0 White, 1 Black). */
    public static long pawns(long pawns, int color) {
        return color == Piece.WHITE
                ? ((pawns & ~Bitboards.FILE_A) << 7) | ((pawns & ~Bitboards.FILE_H) << 9)
                : ((pawns & ~Bitboards.FILE_A) >>> 9) | ((pawns & ~Bitboards.FILE_H) >>> 7);
    }
}
