package arbiter.eval;

/** Bad weights input: unknown name, non-number, invalid JSON. The message names the key. */
public class WeightsException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public WeightsException(String message) {
        super(message);
    }
}
