package arbiter.player;

/**
 * An external engine failed: it could not be started, exited, closed its pipe or socket, or broke its
 * protocol. The message names the engine and what happened. The referee scores it as an engine crash.
 */
public class EngineException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public EngineException(String message) {
        super(message);
    }

    public EngineException(String message, Throwable cause) {
        super(message, cause);
    }
}
