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

    /**
     * The game is over, whatever ended it (the rules, adjudication, a forfeit): {@code game} holds
     * every move, the last one too. A player that mirrors the game to another program (a DXP peer)
     * tells it the moves it has not seen and the result; others ignore it.
     *
     * @param firstPlayerScore 1 when the first player (White) won, 0.5 for a draw, 0 when it lost
     */
    default void gameOver(GameHistory game, double firstPlayerScore) {
    }

    /** Releases resources; built-in players hold none, external ones hold a process. */
    @Override
    default void close() {
    }
}
