package arbiter.stats;

/**
 * What an SPRT will cost before it runs: at a true Elo, the probability that it accepts H1 and the
 * games it is expected to play — fishtest's SPRT calculator ({@code tests.stockfishchess.org/sprt_calc}),
 * which approximates the LLR by a Brownian motion with drift (M. Van den Bergh, "Some properties of
 * the SPRT", {@code hardy.uhasselt.be/Fishtest/sprta.pdf}): with bounds {@code a < 0 < b} and a
 * drift-to-variance ratio {@code h}, the exit at {@code b} has probability
 * {@code (1 - e^{-ha}) / (e^{-hb} - e^{-ha})} and the expected time is {@code (2/h)(b P + a (1 - P))}
 * (and {@code -ab} as {@code h} goes to 0), in units of {@code 1/w²} games, {@code w²} being the
 * squared distance of the hypotheses' scores over a game's score variance.
 *
 * <p>The variance of a game's score comes from the draw ratio, less the square of the openings'
 * RMS bias (in Elo) — what pairing colour-reversed games takes away, as fishtest reckons it. In the
 * normalized model elo0 and elo1 are nElo (score distances in units of that deviation) and are
 * turned into logistic Elo first; {@link #at} always takes logistic Elo.
 *
 * @param elo0     H0 in logistic Elo
 * @param elo1     H1 in logistic Elo
 * @param variance a game's score variance
 */
public record SprtForecast(double alpha, double beta, double elo0, double elo1, double drawRatio, double rmsBias,
                           double variance) {
    /** At a true (logistic) Elo: the probability of accepting H1 and the expected number of games. */
    public record Point(double elo, double pass, double games) {
    }

    /**
     * @throws IllegalArgumentException for bounds out of (0, 1), elo1 not above elo0, a draw ratio out
     *                                  of [0, 1), or a bias that leaves no variance
     */
    public static SprtForecast of(double alpha, double beta, double elo0, double elo1, double drawRatio, double rmsBias,
                                  Sprt.Model model) {
        if (!(alpha > 0 && alpha < 1 && beta > 0 && beta < 1 && alpha + beta < 1)) {
            throw new IllegalArgumentException("alpha and beta are in (0, 1) with alpha + beta < 1");
        }
        if (!(elo1 > elo0)) {
            throw new IllegalArgumentException("elo1 must be above elo0");
        }
        if (!(drawRatio >= 0 && drawRatio < 1) || !(rmsBias >= 0)) {
            throw new IllegalArgumentException("the draw ratio is in [0, 1) and the RMS bias at least 0");
        }
        double biasScore = Elo.score(rmsBias) - 0.5;
        double variance = (1 - drawRatio) / 4 - biasScore * biasScore;
        if (!(variance > 0)) {
            throw new IllegalArgumentException("this draw ratio and RMS bias leave no variance: lower one of them");
        }
        double e0 = elo0;
        double e1 = elo1;
        if (model == Sprt.Model.NORMALIZED) {
            double sigma = Math.sqrt(variance);
            e0 = Elo.fromScore(0.5 + elo0 / Elo.NELO_PER_T * sigma);
            e1 = Elo.fromScore(0.5 + elo1 / Elo.NELO_PER_T * sigma);
        }
        return new SprtForecast(alpha, beta, e0, e1, drawRatio, rmsBias, variance);
    }

    /** The probability of accepting H1, and the games expected, when the true difference is {@code elo} (logistic). */
    public Point at(double elo) {
        double s0 = Elo.score(elo0);
        double s1 = Elo.score(elo1);
        double w2 = (s1 - s0) * (s1 - s0) / variance;
        double a = Sprt.lowerBound(alpha, beta);
        double b = Sprt.upperBound(alpha, beta);
        double h = (2 * Elo.score(elo) - (s0 + s1)) / (s1 - s0);
        double pass;
        double time;
        if (Math.abs(h * (a - b)) < 1e-6) { // no drift: the limits as h goes to 0
            pass = -a / (b - a);
            time = -a * b;
        } else {
            double ea = Math.exp(-h * a);
            double eb = Math.exp(-h * b);
            pass = (1 - ea) / (eb - ea);
            time = 2 / h * (b * pass + a * (1 - pass));
        }
        return new Point(elo, pass, time / w2);
    }
}
