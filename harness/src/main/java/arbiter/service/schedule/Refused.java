package arbiter.service.schedule;

/**
 * A request the rules refuse, with why in one line; nothing was changed. {@link Kind} says how the
 * HTTP layer answers it.
 */
public final class Refused extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** What kind of refusal: malformed or impossible input, not allowed, unknown, or in conflict with what is held. */
    public enum Kind { BAD, FORBIDDEN, UNKNOWN, CONFLICT, GONE }

    private final Kind kind;

    public Refused(Kind kind, String message) {
        super(message, null, false, false);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
