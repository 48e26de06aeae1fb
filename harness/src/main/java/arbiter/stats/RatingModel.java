package arbiter.stats;

import java.util.Locale;

/** Which program's rating list to reproduce. */
public enum RatingModel {
    /** Maximum likelihood as Ordo computes it ({@link RatingList}); the default. */
    ORDO("ordo"),
    /** BayesElo's default list ({@code elo; mm; exactdist; ratings}, {@link BayesElo}). */
    BAYESELO("bayeselo");

    private final String key;

    RatingModel(String key) {
        this.key = key;
    }

    /** The name used by {@code elo --model} and the config key {@code ratingModel}. */
    public String key() {
        return key;
    }

    /** The model of this name (case-insensitive), or null. */
    public static RatingModel parse(String name) {
        for (RatingModel m : values()) {
            if (m.key.equals(name == null ? null : name.toLowerCase(Locale.ROOT))) {
                return m;
            }
        }
        return null;
    }

    /** The rating list of these counts under this model. */
    public Ratings compute(GameCounts counts, RatingOptions options) {
        return this == BAYESELO ? BayesElo.compute(counts, options) : RatingList.compute(counts, options);
    }
}
