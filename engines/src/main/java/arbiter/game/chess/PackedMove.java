package arbiter.game.chess;

/**
 * Moves inside the generator are ints: {@code from | to << 6 | promotion << 12 | kind << 15}, where
 * promotion is a piece type (0 for none) and kind marks the moves that do more than move one piece.
 * Castling is written as the king's move (e1g1), as UCI does.
 */
final class PackedMove {
    static final int NORMAL = 0;
    static final int CASTLING = 1;
    static final int EN_PASSANT = 2;
    static final int DOUBLE_PUSH = 3;

    private PackedMove() {
    }

    static int of(int from, int to, int promotion, int kind) {
        return from | to << 6 | promotion << 12 | kind << 15;
    }

    static int from(int move) {
        return move & 63;
    }

    static int to(int move) {
        return (move >>> 6) & 63;
    }

    static int promotion(int move) {
        return (move >>> 12) & 7;
    }

    static int kind(int move) {
        return move >>> 15;
    }
}
