package arbiter.game.chess;

import java.util.SplittableRandom;

/** Zobrist keys: random 64-bit numbers xored together to hash a position. */
final class Zobrist {
    /** Index {@code piece * 64 + square}, piece as in {@link Piece} (1..14). */
    static final long[] PIECE_SQUARE = new long[16 * 64];
    static final long BLACK_TO_MOVE;
    /** Index: castling rights as a 4-bit set. */
    static final long[] CASTLING = new long[16];
    static final long[] EN_PASSANT_FILE = new long[8];

    static {
        SplittableRandom random = new SplittableRandom(0x5EED_C4E5_0001L);
        for (int i = 0; i < PIECE_SQUARE.length; i++) {
            PIECE_SQUARE[i] = random.nextLong();
        }
        BLACK_TO_MOVE = random.nextLong();
        for (int i = 1; i < CASTLING.length; i++) {
            CASTLING[i] = random.nextLong();
        }
        for (int i = 0; i < EN_PASSANT_FILE.length; i++) {
            EN_PASSANT_FILE[i] = random.nextLong();
        }
    }

    private Zobrist() {
    }
}
