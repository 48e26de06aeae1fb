package arbiter.stats;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How to compute a rating list.
 *
 * @param anchors players whose ratings are fixed (name to rating, in the given order); every other
 *     player of their groups is fitted against them jointly. Empty: no player is fixed
 * @param mean the mean rating of each group that has no anchor (0 by default)
 * @param bootstrap number of parametric bootstrap samples for the error bars; 0 uses the curvature
 *     (inverse Fisher information) of the likelihood instead
 * @param seed seed of the bootstrap's random numbers (same seed, same error bars)
 * @param whiteAdvantage estimate a colour advantage for White (the first player) as one more parameter
 * @param drawModel how draws enter the likelihood
 */
public record RatingOptions(Map<String, Double> anchors, double mean, int bootstrap, long seed,
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
        if (!Double.isFinite(mean)) {
            throw new IllegalArgumentException("mean rating must be finite");
        }
        for (Map.Entry<String, Double> a : anchors.entrySet()) {
            if (a.getKey() == null || a.getValue() == null || !Double.isFinite(a.getValue())) {
                throw new IllegalArgumentException("anchor " + a.getKey() + ": rating must be finite, got " + a.getValue());
            }
        }
        anchors = Collections.unmodifiableMap(new LinkedHashMap<>(anchors));
    }

    /** No anchor, mean 0, 1000 bootstrap samples, seed 1, no colour advantage, draws as half points. */
    public static RatingOptions defaults() {
        return new RatingOptions(Map.of(), 0.0, 1000, 1L, false, DrawModel.HALF_POINT);
    }

    /** One anchor (replacing any others); groups without it are centred on the same rating. */
    public RatingOptions withAnchor(String name, double rating) {
        return new RatingOptions(Map.of(name, rating), rating, bootstrap, seed, whiteAdvantage, drawModel);
    }

    /**
     * Several anchors fitted jointly (replacing any others); groups without one are centred on the
     * anchors' average. An empty map removes the anchors and keeps the mean.
     */
    public RatingOptions withAnchors(Map<String, Double> fixed) {
        double average = fixed.values().stream().mapToDouble(Double::doubleValue).average().orElse(mean);
        return new RatingOptions(fixed, average, bootstrap, seed, whiteAdvantage, drawModel);
    }

    /** The mean rating of groups without an anchor (no anchor: of every group). */
    public RatingOptions withMean(double rating) {
        return new RatingOptions(anchors, rating, bootstrap, seed, whiteAdvantage, drawModel);
    }

    public RatingOptions withBootstrap(int samples, long seed) {
        return new RatingOptions(anchors, mean, samples, seed, whiteAdvantage, drawModel);
    }

    public RatingOptions withWhiteAdvantage(boolean estimate) {
        return new RatingOptions(anchors, mean, bootstrap, seed, estimate, drawModel);
    }

    public RatingOptions withDrawModel(DrawModel model) {
        return new RatingOptions(anchors, mean, bootstrap, seed, whiteAdvantage, model);
    }

    /** True when at least one player's rating is fixed. */
    public boolean anchored() {
        return !anchors.isEmpty();
    }
}
