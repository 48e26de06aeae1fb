package arbiter.search;

/** How a quiet move that causes a cutoff is rewarded in the history table. */
public enum HistoryScheme {
    OFF("off"),
    /** S0 (Damaq): 2^depth remaining; the table is halved before each search. */
    S0("s0"),
    /** S2 (AutoCheckers): 2^(plies from the root), larger deeper — the reverse of the usual scheme. */
    S2("s2"),
    /** The common modern bonus: depth remaining squared. */
    DEPTH_SQUARED("depthSquared");

    private final String id;

    HistoryScheme(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public static HistoryScheme byId(String id) {
        for (HistoryScheme h : values()) {
            if (h.id.equalsIgnoreCase(id)) {
                return h;
            }
        }
        throw new IllegalArgumentException(id);
    }
}
