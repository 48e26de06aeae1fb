package arbiter.execute;

/**
 * The executor can play no more games (a cluster coordinator whose member stopped under the run):
 * every game it held fails with it, and the run ends with its message, one line.
 */
public final class ExecutorStoppedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ExecutorStoppedException(String message) {
        super(message);
    }
}
