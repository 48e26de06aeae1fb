package arbiter.game.chess;

import arbiter.game.Move;

/**
 * A chess move as UCI identifies it: start square, end square and the promotion piece. Squares are
 * 0..63 with a1 = 0, b1 = 1, ..., h8 = 63. Castling is the king's move ({@code e1g1}).
 *
 * @param from      start square
 * @param to        end square
 * @param promotion {@link #NONE}, or the piece a pawn becomes: {@link #KNIGHT}, {@link #BISHOP},
 *                  {@link #ROOK} or {@link #QUEEN}
 */
public record ChessMove(int from, int to, int promotion) implements Move {
    public static final int NONE = Piece.NONE;
    public static final int KNIGHT = Piece.KNIGHT;
    public static final int BISHOP = Piece.BISHOP;
    public static final int ROOK = Piece.ROOK;
    public static final int QUEEN = Piece.QUEEN;

    public ChessMove {
        if (from < 0 || from > 63 || to < 0 || to > 63) {
            throw new IllegalArgumentException("squares must be 0..63, got " + from + " and " + to);
        }
        if (promotion != NONE && (promotion < KNIGHT || promotion > QUEEN)) {
            throw new IllegalArgumentException("promotion must be NONE, KNIGHT, BISHOP, ROOK or QUEEN, got " + promotion);
        }
    }

    /** A move without promotion. */
    public ChessMove(int from, int to) {
        this(from, to, NONE);
    }

    static ChessMove of(int packed) {
        return new ChessMove(PackedMove.from(packed), PackedMove.to(packed), PackedMove.promotion(packed));
    }

    /** The move in UCI long algebraic notation, e.g. {@code e2e4}, {@code e7e8q}. */
    public String uci() {
        String text = ChessNotation.squareName(from) + ChessNotation.squareName(to);
        return promotion == NONE ? text : text + Character.toLowerCase(Piece.letter(promotion));
    }

    @Override
    public String toString() {
        return uci();
    }

    // Written out rather than the record's generated ones (an invokedynamic call through method handles):
    // the referee compares moves for every move a game records, in a process that may stop at C1.
    @Override
    public boolean equals(Object o) {
        return o instanceof ChessMove m && m.from == from && m.to == to && m.promotion == promotion;
    }

    @Override
    public int hashCode() {
        return (from << 9) | (to << 3) | promotion;
    }
}
