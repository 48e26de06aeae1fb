package arbiter.stats;

/**
 * How to compute a rating list.
 *
 * @param anchor player whose rating is fixed to {@code anchorRating}; null to set the mean of the
 *     ratings to {@code anchorRating} (0 by default)
 * @param anchorRating the anchor's rating, or the mean when there is no anchor
 * @param bootstrap number of parametric bootstrap samples for the error bars; 0 uses the curvature
 *     (inverse Fisher information) of the likelihood instead
 * @param seed seed of the bootstrap's random numbers (same seed, same error bars)
 * @param whiteAdvantage estimate a colour advantage for White (the first player) as one more parameter
 * @param drawModel how draws enter the likelihood
 */
public record RatingOptions(String anchor, double anchorRating, int bootstrap, long seed,
        boolean whiteAdvantage, DrawModel drawModel) {

    /** Draws in the likelihood. */
    public enum DrawModel {
        /** A draw is half a win and half a loss (Ordo); ratings are logistic Elo. */
        HALF_POINT,
        /**
         * BayesElo's model: P(win) = L(d - drawElo), P(loss) = L(-d - drawElo), P(draw) the rest, with
         * drawElo fitted; ratings are on BayesElo's scale (wider than logistic Elo when draws are many).
         */
        DRAW_ELO
    }

    public RatingOptions {
        if (bootstrap < 0) {
            throw new IllegalArgumentException("bootstrap count must be >= 0, got " + bootstrap);
        }
        if (!Double.isFinite(anchorRating)) {
            throw new IllegalArgumentException("anchor rating must be finite");
        }
    }

    /** Mean 0, 1000 bootstrap samples, seed 1, no colour advantage, draws as half points. */
    public static RatingOptions defaults() {
        return new RatingOptions(null, 0.0, 1000, 1L, false, DrawModel.HALF_POINT);
    }

    public RatingOptions withAnchor(String name, double rating) {
        return new RatingOptions(name, rating, bootstrap, seed, whiteAdvantage, drawModel);
    }

    public RatingOptions withBootstrap(int samples, long seed) {
        return new RatingOptions(anchor, anchorRating, samples, seed, whiteAdvantage, drawModel);
    }

    public RatingOptions withWhiteAdvantage(boolean estimate) {
        return new RatingOptions(anchor, anchorRating, bootstrap, seed, estimate, drawModel);
    }

    public RatingOptions withDrawModel(DrawModel model) {
        return new RatingOptions(anchor, anchorRating, bootstrap, seed, whiteAdvantage, model);
    }
}
