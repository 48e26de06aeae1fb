package arbiter.player;

/** A player did not answer in time and was given up on; it loses the game. */
public class EngineStalledException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final long waitedMs;

    public EngineStalledException(long waitedMs, String message) {
        super(message);
        this.waitedMs = waitedMs;
    }

    public long waitedMs() {
        return waitedMs;
    }
}
