package arbiter.player;

import arbiter.game.GameHistory;
import java.util.function.BooleanSupplier;

/**
 * A player: created from (engine id, options, weights) by {@link EngineRegistry}, told about each new
 * game, then asked for moves. Not shared between threads: each worker owns its players.
 */
public interface Player extends AutoCloseable {

    /** The engine id, e.g. {@code draughts-alphabeta}. */
    String engineId();

    /**
     * A new game begins: forget per-game state (history tables, trees).
     *
     * @param gameSeed the game's seed (both games of a colour-reversed pair share it); players with a
     *                 seeded randomness option mix it in, so each game varies yet replays exactly
     */
    void newGame(long gameSeed);

    /**
     * Chooses a legal move for the side to move in {@code game.current()} (with dice rolled for
     * backgammon), within the limits, stopping early when {@code stop} turns true.
     *
     * @param game the game so far; the player may use its history (repetitions)
     */
    SearchResult chooseMove(GameHistory game, Limits limits, BooleanSupplier stop);

    /** Releases resources; built-in players hold none, external ones hold a process. */
    @Override
    default void close() {
    }
}
