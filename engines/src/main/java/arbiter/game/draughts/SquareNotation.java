package arbiter.game.draughts;

/** How squares are written: numbers 1..N (International, English) or algebraic c3 (Czech, Russian). */
public enum SquareNotation {
    NUMERIC("numeric"), ALGEBRAIC("algebraic");

    private final String id;

    SquareNotation(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    static SquareNotation byId(String id) {
        for (SquareNotation n : values()) {
            if (n.id.equalsIgnoreCase(id)) {
                return n;
            }
        }
        return null;
    }
}
