package arbiter.execute;

/** What an executor tells about a game while it is played; called on the worker's thread. */
public interface GameObserver {
    GameObserver NONE = new GameObserver() { };

    /** A worker took the game; {@code worker} names it (a thread here, a member of the cluster). */
    default void started(String worker) {
    }
}
