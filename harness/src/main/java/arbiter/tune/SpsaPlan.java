package arbiter.tune;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;

/**
 * SPSA settings for a target precision, by the design rule of van den Bergh's SPSA simulator
 * (github.com/vdbergh/spsa_simul, {@code spsa.c} and its README). The user guesses,
 * per weight, a quadratic Elo curve on [min, max]: {@code elo} Elo lost at half the range from the
 * optimum. For a constant step c and rate r, the simulator's theory gives
 * <ul>
 * <li>{@code r = precision / (C chi2 (1 - drawRatio) / 8)}, C = 800/ln 10 the Elo scale and chi2 the
 *     {@code confidence} quantile of chi-squared with one degree per tuned weight: the noise left at
 *     the end then costs at most {@code precision} Elo with that confidence;</li>
 * <li>{@code c = cRatio (max - min)}, cRatio 1/6;</li>
 * <li>{@code lambda = C / (2 r c^2 |H|)} games, H = -2 elo / ((max - min)/2)^2 the curvature: the games
 *     that divide the Elo distance to the optimum by e^2; the plan plays {@code lambdaRatio} (3) of them,
 *     for the weight that needs most.</li>
 * </ul>
 * The simulator keeps c and r constant; this tuner's schedule (fishtest's) starts larger and ends at
 * cEnd and rEnd, so the plan's c and r are given as cEnd and rEnd: the early iterations then only
 * move faster than the theory assumes.
 */
public final class SpsaPlan {

    /** 800 / ln 10: Elo per unit of logistic score. */
    public static final double C = 800 / Math.log(10);
    public static final double C_RATIO = 1.0 / 6;
    public static final double LAMBDA_RATIO = 3;

    /** A weight's range and the guessed Elo loss at half the range from its optimum. */
    public record Weight(String name, double min, double max, double elo) {
    }

    /** The plan: the common rate r, c per weight, and the games (single games, not pairs). */
    public record Plan(double r, List<Double> c, long games) {
    }

    private SpsaPlan() {
    }

    public static Plan of(List<Weight> weights, double precision, double confidence, double drawRatio) {
        if (weights.isEmpty() || !(precision > 0) || !(confidence > 0 && confidence < 1)
                || !(drawRatio >= 0 && drawRatio < 1)) {
            throw new IllegalArgumentException("a plan needs weights, precision > 0, confidence in (0, 1), draw ratio in [0, 1)");
        }
        double chi2 = new ChiSquaredDistribution(weights.size()).inverseCumulativeProbability(confidence);
        double r = precision / (C * chi2 * (1 - drawRatio) / 8);
        List<Double> cs = new ArrayList<>();
        long games = 0;
        for (Weight w : weights) {
            if (!(w.elo() > 0) || !(w.max() > w.min())) {
                throw new IllegalArgumentException(w.name() + ": needs min < max and an Elo guess > 0");
            }
            double c = C_RATIO * (w.max() - w.min());
            double h = -2 * w.elo() / Math.pow((w.max() - w.min()) / 2, 2);
            double lambda = -C / (2 * r * c * c * h);
            games = Math.max(games, Math.round(LAMBDA_RATIO * lambda));
            cs.add(c);
        }
        return new Plan(r, cs, games);
    }
}
