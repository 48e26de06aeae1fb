package arbiter.stats;

import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * Logistic Elo conversions and the few constants every statistic here shares.
 *
 * <p>Expected score {@code s = 1 / (1 + 10^(-d/400))} for an Elo difference {@code d}; inverse
 * {@code d = -400 log10(1/s - 1)}. Normalized Elo (Van den Bergh, "normalized_elo_practical"):
 * {@code nElo = (s - 1/2) / sigma_per_game * 800 / ln 10}.
 */
public final class Elo {
    /** Two-sided 95% quantile of the standard normal law, Phi^-1(0.975). */
    public static final double Z95 = 1.959963984540054;

    /** {@code 800 / ln 10}: normalized Elo per unit of t-value (fishtest's {@code nelo_divided_by_nt}). */
    public static final double NELO_PER_T = 800.0 / Math.log(10.0);

    /** Scores are clamped to [0.001, 0.999] before conversion to Elo (as fishtest does), so |Elo| <= 1199.6. */
    public static final double SCORE_CLAMP = 1e-3;

    private static final NormalDistribution STANDARD_NORMAL = new NormalDistribution(null, 0.0, 1.0);

    private Elo() {
    }

    /** Expected score of a player {@code elo} points stronger: {@code 1/(1+10^(-elo/400))}. */
    public static double score(double elo) {
        return 1.0 / (1.0 + Math.pow(10.0, -elo / 400.0));
    }

    /** Exact inverse of {@link #score}: {@code -400 log10(1/s - 1)}; infinite for s = 0 or 1, NaN outside [0,1]. */
    public static double fromScore(double s) {
        if (!(s >= 0.0 && s <= 1.0)) {
            return Double.NaN;
        }
        return -400.0 * Math.log10(1.0 / s - 1.0);
    }

    /** {@link #fromScore} with the score clamped to [0.001, 0.999]: always finite (fishtest's {@code elo}). */
    public static double fromScoreClamped(double s) {
        if (Double.isNaN(s)) {
            return Double.NaN;
        }
        return fromScore(Math.min(1.0 - SCORE_CLAMP, Math.max(SCORE_CLAMP, s)));
    }

    /**
     * True for an Elo that {@link #fromScoreClamped} gave at the clamp (|elo| = 400 log10 999 = 1199.83): the
     * score was at or beyond 0.001 or 0.999, so the figure is the clamp, not an estimate.
     */
    public static boolean atClamp(double elo) {
        return Math.abs(elo) >= fromScore(1.0 - SCORE_CLAMP) - 1e-9;
    }

    /** Standard normal cumulative distribution function Phi. */
    public static double phi(double x) {
        return STANDARD_NORMAL.cumulativeProbability(x);
    }

    /** Standard normal quantile function Phi^-1. */
    public static double phiInverse(double p) {
        return STANDARD_NORMAL.inverseCumulativeProbability(p);
    }
}
