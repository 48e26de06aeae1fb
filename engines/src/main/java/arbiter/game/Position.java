package arbiter.game;

import java.util.List;

/**
 * An immutable game position: everything the rules need to generate moves and to decide the result,
 * except the history needed for repetition (see {@link GameHistory}).
 */
public interface Position {

    Rules rules();

    /** Index of the player to move (see {@link Rules#playerName}). */
    int sideToMove();

    /**
     * The legal moves, each exactly once (draughts: capture paths that differ only in order are one
     * move). Empty when the game is over or, in backgammon, when the dice are still to be rolled.
     */
    List<Move> legalMoves();

    /** The position after a legal move; this position is unchanged. */
    Position play(Move move);

    /**
     * The result decided by this position alone (no legal move, checkmate, no-progress counters,
     * goal reached...), or {@code null} while the game goes on. Repetition is decided by
     * {@link GameHistory}, which knows the earlier positions.
     */
    Outcome outcome();

    /** Whether a move resets repetition history (captures, pawn or man moves...). */
    boolean isIrreversible(Move move);

    /**
     * Whether a move resets the count of moves without progress that draw adjudication keeps: in chess a
     * capture or a pawn move (the fifty-move rule's halfmove clock goes to 0; losing a castling right does
     * not reset it, though it ends a repetition), elsewhere an irreversible move.
     */
    default boolean resetsProgressCount(Move move) {
        return isIrreversible(move);
    }

    /**
     * The number of the move about to be played, as a FEN's fullmove field counts it (it goes up after
     * the second player's move); 1 where the position's text gives none.
     */
    default int moveNumber() {
        return 1;
    }

    /** The move in the family's standard notation, given this position (for disambiguation). */
    String formatMove(Move move);

    /**
     * Parses move text in any notation the family accepts and returns the matching legal move.
     *
     * @throws NotationException naming the text and why: unparsable, illegal or ambiguous
     */
    Move parseMove(String text) throws NotationException;

    /** Position text (FEN or the family's documented format); {@code parsePosition} reads it back. */
    String toText();

    /** 64-bit Zobrist hash of everything that makes two positions the same for repetition. */
    long hash();

    /** Number of leaf nodes of the legal move tree to the given depth (perft), by the fast path. */
    long perft(int depth);

    /** Backgammon: true when the dice for the next move are still to be supplied. */
    /**
     * The moves of {@code line} in this game's notation, each in the position the earlier ones lead
     * to, as far as they are legal and at most {@code max}: a principal variation for a record.
     * Games with a faster way than playing each move into a new position override this.
     */
    default List<String> formatLine(List<Move> line, int max) {
        List<String> out = new java.util.ArrayList<>();
        Position p = this;
        for (int i = 0; i < line.size() && i < max; i++) {
            Move m = line.get(i);
            if (p.needsDice() || !p.legalMoves().contains(m)) {
                break;
            }
            out.add(p.formatMove(m));
            p = p.play(m);
        }
        return out;
    }

    default boolean needsDice() {
        return false;
    }

    /**
     * Backgammon: this position with the dice rolled. In the opening position the first die is the
     * first player's and the second the other's; the higher starts and plays both.
     */
    default Position withDice(int first, int second) {
        throw new UnsupportedOperationException(rules().id() + " has no dice");
    }
}
