package arbiter.execute;

import arbiter.play.PlayedMove;

/** What an executor tells about a game while it is played; called on the worker's thread. */
public interface GameObserver {
    GameObserver NONE = new GameObserver() { };

    /** A worker took the game; {@code worker} names it (a thread here, a member of the cluster). */
    default void started(String worker) {
    }

    /** True to be told every move (it costs a position text per move). */
    default boolean wantsMoves() {
        return false;
    }

    /** With {@link #wantsMoves}: the least time between two moves told of one game (0: every move). */
    default long moveIntervalMillis() {
        return 0;
    }

    /** A move was played; {@code position} is the position text after it. Executors may skip moves (a cluster sends the latest few per second). */
    default void moved(PlayedMove move, String position) {
    }

    /** As {@link #moved(PlayedMove, String)}, with the game's ply after the move (opening moves included), as in its record. */
    default void moved(PlayedMove move, String position, int ply) {
        moved(move, position);
    }
}
