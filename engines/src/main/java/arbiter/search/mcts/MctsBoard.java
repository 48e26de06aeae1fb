package arbiter.search.mcts;

import arbiter.game.GameHistory;
import arbiter.game.Move;
import arbiter.game.Position;

/**
 * A mutable two-player board for {@link Uct}: moves are int codes (below {@link #moveCodeLimit()},
 * identifying a move within its position), made and unmade on a stack, so the tree stores ints and
 * playouts allocate nothing. Player 0 ("White") and player 1 alternate; results are White's score
 * (1 win, 0.5 draw, 0 loss). One board per search, never shared between threads.
 */
public interface MctsBoard {

    /** Sets the board to the game's current position (the make stack is emptied). */
    void load(GameHistory game);

    int sideToMove();

    /** Zobrist hash of the current position. */
    long hash();

    /** Whether the game is over in the current position. */
    boolean isOver();

    /** White's result in a finished position: 1, 0.5 or 0. */
    double result();

    /** Every legal move of the current position (not over): a new array. */
    int[] legalMoves();

    /** How many legal moves the current position has (0 when over). */
    int legalMoveCount();

    /** Exclusive upper bound of move codes. */
    int moveCodeLimit();

    /**
     * A uniformly random legal move whose code is not set in {@code tried} (a bit set by code), or
     * any uniformly random legal move when {@code tried} is null. At least one must qualify.
     */
    int randomMove(Rng rng, long[] tried);

    /** The move of a "smart" playout ply (Quoridor: a shortest-path pawn step); else a random move. */
    int greedyMove(Rng rng);

    /** A legal move that wins at once for the side to move, or -1 (may ignore non-obvious ones). */
    int winningMove();

    void make(int code);

    /** Undoes the last move made. */
    void unmake();

    /** White's winning chances, in [0, 1], in a position where a playout is cut off. */
    double playoutValue();

    /** A win chance of the side to move, mapped to a search score in the engine's units. */
    int score(double winChance);

    /** The move of a code in the current position, as a game-API value. */
    Move toMove(int code);

    /** The code of a legal move of {@code position} (a position of the loaded game). */
    int codeOf(Position position, Move move);
}
