package arbiter.search;

/** The history heuristic: how moves are rewarded in the history table, and when. */
public enum HistoryScheme {
    OFF("off"),
    /** S0 (Damaq): a quiet move causing a cutoff gains 2^depth remaining; the table is halved before each search. */
    S0("s0"),
    /**
     * S2 (AutoCheckers): the best move of every interior node, cut or not, gains 2^(plies from the root),
     * larger deeper (the reverse of the usual scheme), and the moves are sorted by these values alone
     * before each child; see {@link AutoCheckersOrder}.
     */
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
