package arbiter.game;

/**
 * Bad input text: a malformed position (FEN), an unparsable or illegal move, an unknown variant or
 * rule. The message names what was wrong and where, in one line, fit to show a user as it is.
 */
public class NotationException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public NotationException(String message) {
        super(message);
    }
}
