package arbiter.external;

import arbiter.game.GameHistory;

/**
 * Told about every search of an external player, on the worker thread that ran it; used to measure
 * the harness's own cost per move ({@code arbiter bench uci-overhead}). A player without an
 * observer pays one null check per move.
 */
@FunctionalInterface
public interface SearchObserver {
    /**
     * One search.
     *
     * @param game        the game searched (the same object for both players throughout a game)
     * @param goNanos     {@link System#nanoTime()} just before the search command ({@code go}) was written
     * @param answerNanos {@link System#nanoTime()} just after the answer ({@code bestmove}) was read
     * @param reportedMs  the search time the engine reported last ({@code info ... time}), -1 when none
     */
    void searched(GameHistory game, long goNanos, long answerNanos, long reportedMs);
}
