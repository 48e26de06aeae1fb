package arbiter.search;

import arbiter.game.Move;

/**
 * A mutable board the generic searches drive: moves are referred to by (ply, index) into move lists
 * the board owns, so searching allocates nothing. One board per search, never shared between threads.
 * Scores are ints from the side to move's view.
 */
public interface SearchBoard {

    /** Sets the board to the game's current position, remembering its earlier positions for repetition. */
    void load(arbiter.game.GameHistory game);

    /** Fills the move list of {@code ply} with every legal move and returns how many there are. */
    int generateMoves(int ply);

    /**
     * Fills the move list of {@code ply} with the moves quiescence must look at and returns how many:
     * the forced captures in draughts, captures and promotions in chess (all evasions when in check).
     */
    int generateQuiescenceMoves(int ply);

    /** Whether the static evaluation may stand for this position in quiescence (no forced capture, not in check). */
    boolean canStandPat();

    /** Whether the search may extend here without reducing depth (draughts: the side to move must capture). */
    boolean isForcing();

    /** A key that identifies a move within its position (for the transposition table and killers). */
    int moveKey(int ply, int index);

    /** History-table slot of a move, in {@code [0, historySize())}, e.g. from * 64 + to. */
    int historySlot(int ply, int index);

    int historySize();

    /**
     * The operator a move applies, in a program that makes one operator object per kind of step and
     * square when it starts and keeps a history value on each (AutoCheckers, S2:
     * {@link HistoryScheme#S2}), in {@code [0, historySize())}. By default the history slot.
     */
    default int operatorSlot(int ply, int index) {
        return historySlot(ply, index);
    }

    /**
     * Where the move stands in that program's list of usable operators (lower first; equal ranks keep
     * generation order). By default generation order.
     */
    default int operatorRank(int ply, int index) {
        return index;
    }

    /** Captures and promotions: ordered first, never killers or history. */
    boolean isTactical(int ply, int index);

    /** Order among tactical moves, higher first (e.g. pieces captured, MVV-LVA). */
    int tacticalOrder(int ply, int index);

    void makeMove(int ply, int index);

    /** Undoes the last move made at {@code ply}. */
    void unmakeMove(int ply);

    /** Zobrist hash of the current position. */
    long hash();

    /** Static evaluation from the side to move's view. */
    int evaluate();

    /**
     * Score of a position with no legal move, {@code ply} plies from the root: a loss by distance in
     * draughts and for checkmate, 0 for stalemate.
     */
    int noMoveScore(int ply);

    /** Whether the current position is drawn by rule (repetition since the root or in the game, no progress). */
    boolean isDrawByRule();

    /** The move as a game-API value, for results and principal variations. */
    Move toMove(int ply, int index);

    /** Leaf count by make/unmake through this board: checks the search's path against the game's perft. */
    default long perft(int depth) {
        return perftFrom(this, depth, 0);
    }

    private static long perftFrom(SearchBoard board, int depth, int ply) {
        int count = board.generateMoves(ply);
        if (depth <= 1) {
            return depth <= 0 ? 1 : count;
        }
        long leaves = 0;
        for (int i = 0; i < count; i++) {
            board.makeMove(ply, i);
            leaves += perftFrom(board, depth - 1, ply + 1);
            board.unmakeMove(ply);
        }
        return leaves;
    }
}
