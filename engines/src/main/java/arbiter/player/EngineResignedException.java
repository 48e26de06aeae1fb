package arbiter.player;

/**
 * An external engine gave up the game when it was its turn (DXP {@code GAMEEND} with reason
 * "I give up"). Not a failure: the engine is not restarted. The referee scores the game as lost by
 * resignation.
 */
public class EngineResignedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public EngineResignedException(String message) {
        super(message);
    }
}
