package arbiter.player;

/** A bad engine option: unknown name, wrong type or out of range. The message names the option. */
public class OptionException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public OptionException(String message) {
        super(message);
    }
}
