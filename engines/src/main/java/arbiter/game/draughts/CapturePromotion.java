package arbiter.game.draughts;

/** What happens to a man that reaches the promotion row in the middle of a capture. */
public enum CapturePromotion {
    /** It stays a man and goes on capturing as a man; it is crowned only if it ends there (International). */
    PASS_THROUGH("passThrough"),
    /** It is crowned at once and goes on capturing as a king (Russian). */
    CONTINUE_AS_KING("continueAsKing"),
    /** It is crowned and the move ends there (English checkers). */
    STOP("stop");

    private final String id;

    CapturePromotion(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    static CapturePromotion byId(String id) {
        for (CapturePromotion p : values()) {
            if (p.id.equalsIgnoreCase(id)) {
                return p;
            }
        }
        return null;
    }
}
