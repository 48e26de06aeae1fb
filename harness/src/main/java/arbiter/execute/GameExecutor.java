package arbiter.execute;

import arbiter.play.GameSpec;
import arbiter.play.PlayedGame;
import java.util.concurrent.CompletableFuture;

/**
 * Plays games somewhere: worker threads here ({@link LocalExecutor}) or members of a cluster. The
 * coordinator submits specs and records what comes back; it does not know where a game was played.
 */
public interface GameExecutor extends AutoCloseable {

    /**
     * Queues a game. The future completes with the played game, with null when the game was abandoned
     * (cancelled or the executor closed: not a result, the game is to be played again on resume), or
     * exceptionally when the spec cannot be played here (e.g. names an engine the worker lacks).
     */
    CompletableFuture<PlayedGame> submit(GameSpec spec, GameObserver observer);

    default CompletableFuture<PlayedGame> submit(GameSpec spec) {
        return submit(spec, GameObserver.NONE);
    }

    /** How many games the coordinator should keep submitted to keep every worker busy; may change. */
    int capacity();

    /** Abandons every queued and running game: their futures complete with null. The executor stays usable. */
    void cancelAll();

    /** Cancels everything, stops the workers and closes their players. */
    @Override
    void close();
}
