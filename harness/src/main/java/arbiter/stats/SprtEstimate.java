package arbiter.stats;

import java.util.function.DoubleUnaryOperator;
import org.apache.commons.math3.analysis.solvers.BrentSolver;

/**
 * Median-unbiased Elo estimate and confidence interval after an SPRT stop, as fishtest computes
 * them (server/fishtest/stats/sprt.py with brownian.py and LLRcalc.py,
 * https://github.com/official-stockfish/fishtest; the theory:
 * https://www.cantate.be/Fishtest/GSPRT_approximation.pdf).
 *
 * <p>An SPRT stops early when the LLR crosses a bound, so the plain Elo of the counts is biased
 * (a test that stops early stops on a lucky or unlucky run). fishtest models the LLR as a Brownian
 * motion with drift {@code mu(s) = (s - (s0+s1)/2)(s1-s0)/v} and variance {@code (s1-s0)^2/v} per
 * game or pair ({@code v} the observed variance of the score, {@code s0, s1} the scores of the
 * bounds), takes the observed path as stopped at {@code (T, llr)} (an LLR beyond a bound is
 * clamped to it, and {@code T} shortened in proportion), and for each Elo asks the probability of
 * an outcome at least as bad: an earlier H0 stop or a later H1 stop. The estimate is the Elo that
 * makes this probability 1/2; the {@code 1-p} interval the Elos that make it {@code p/2} and
 * {@code 1-p/2}; LOS is the probability at Elo 0. The probability has a closed form (series) for
 * the Brownian motion between two barriers, with Siegmund's approximation where the series
 * converges slowly.
 *
 * <p>The estimate is in logistic Elo for both models (fishtest's {@code lower_cb}); with the
 * normalized model the bounds are converted to scores with the observed per-game (or per-pair
 * over two) standard deviation. Like fishtest, it is meant for small Elo differences.
 */
public final class SprtEstimate {
    private static final double PRIOR = 1e-3;
    private static final double NELO_DIVIDED_BY_NT = 800 / Math.log(10);

    /**
     * The estimate.
     *
     * @param elo median-unbiased Elo (logistic)
     * @param ciLower lower end of the interval
     * @param ciUpper upper end of the interval
     * @param los probability that the Elo is above 0, given the stop
     * @param llr the LLR of fishtest's Brownian approximation, clamped to the bounds
     * @param clamped whether the approximate LLR overshot a bound by more than 3%
     */
    public record Estimate(double elo, double ciLower, double ciUpper, double los, double llr, boolean clamped) {
    }

    private final double a;
    private final double b;
    private final double[] value;
    private final double[] prob;
    private final double s0;
    private final double s1;
    private final double variance;
    private final double elo0;
    private final double elo1;
    private double llr;
    private double t;
    private boolean clamped;

    private SprtEstimate(long[] counts, double elo0, double elo1, double alpha, double beta, Sprt.Model model) {
        this.elo0 = elo0;
        this.elo1 = elo1;
        a = Math.log(beta / (1 - alpha));
        b = Math.log((1 - beta) / alpha);
        int k = counts.length;
        double[] r = new double[k];
        double n = 0;
        for (int i = 0; i < k; i++) {
            r[i] = counts[i] == 0 ? PRIOR : counts[i];
            n += r[i];
        }
        value = new double[k];
        prob = new double[k];
        for (int i = 0; i < k; i++) {
            value[i] = i / (double) (k - 1);
            prob[i] = r[i] / n;
        }
        double mean = 0;
        for (int i = 0; i < k; i++) {
            mean += prob[i] * value[i];
        }
        double var = 0;
        for (int i = 0; i < k; i++) {
            var += prob[i] * (value[i] - mean) * (value[i] - mean);
        }
        variance = var;
        if (model == Sprt.Model.NORMALIZED) {
            double sigmaPg = k == 5 ? Math.sqrt(2 * var) : Math.sqrt(var);
            s0 = elo0 / NELO_DIVIDED_BY_NT * sigmaPg + 0.5;
            s1 = elo1 / NELO_DIVIDED_BY_NT * sigmaPg + 0.5;
        } else {
            s0 = score(elo0);
            s1 = score(elo1);
        }
        double muLlr = drift(mean);
        llr = n * muLlr;
        t = n;
        double slope = llr / n;
        if (llr > 1.03 * b || llr < 1.03 * a) {
            clamped = true;
        }
        if (llr < a) {
            t = a / slope;
            llr = a;
        } else if (llr > b) {
            t = b / slope;
            llr = b;
        }
    }

    /**
     * fishtest's estimate for counts low to high (3: L, D, W per game; 5: LL, LD, LW+DD+WL, DW, WW
     * per pair) of a test with bounds elo0 &lt; elo1 (in the model's units) and error rates alpha,
     * beta, with a {@code level} interval (0.95 in fishtest).
     *
     * @throws IllegalArgumentException for counts not of length 3 or 5 or without any game
     */
    public static Estimate of(long[] counts, double elo0, double elo1, double alpha, double beta, Sprt.Model model,
            double level) {
        if (counts.length != 3 && counts.length != 5) {
            throw new IllegalArgumentException("counts must be trinomial or pentanomial, got " + counts.length);
        }
        long total = 0;
        for (long c : counts) {
            if (c < 0) {
                throw new IllegalArgumentException("negative count");
            }
            total += c;
        }
        if (total == 0) {
            throw new IllegalArgumentException("no games");
        }
        SprtEstimate e = new SprtEstimate(counts, elo0, elo1, alpha, beta, model);
        double p = 1 - level;
        return new Estimate(e.lowerCb(0.5), e.lowerCb(p / 2), e.lowerCb(1 - p / 2), e.outcomeProb(0), e.llr, e.clamped);
    }

    /** {@link #of} with fishtest's 95% interval. */
    public static Estimate of(long[] counts, double elo0, double elo1, double alpha, double beta, Sprt.Model model) {
        return of(counts, elo0, elo1, alpha, beta, model, 0.95);
    }

    private static double score(double elo) {
        return 1 / (1 + Math.pow(10, -elo / 400));
    }

    private double drift(double s) {
        return (s - (s0 + s1) / 2) * (s1 - s0) / variance;
    }

    /** Probability of an outcome worse than the observed one when the true (logistic) Elo is {@code elo}. */
    double outcomeProb(double elo) {
        double mu = drift(score(elo));
        double sigma2 = (s1 - s0) * (s1 - s0) / variance;
        return outcomeCdf(a, b, mu, sigma2, t, llr);
    }

    /** Largest Elo whose probability of the observed outcome is below {@code p} (fishtest's lower_cb). */
    double lowerCb(double p) {
        double avg = (elo0 + elo1) / 2;
        double delta = elo1 - elo0;
        double nn = 30;
        DoubleUnaryOperator f = elo -> outcomeProb(elo) - (1 - p);
        while (true) {
            double lo = Math.max(avg - nn * delta, -1000);
            double hi = Math.min(avg + nn * delta, 1000);
            double flo = f.applyAsDouble(lo);
            double fhi = f.applyAsDouble(hi);
            if (flo * fhi > 0) {
                if (lo > -1000 || hi < 1000) {
                    nn *= 2;
                    continue;
                }
                return flo > 0 ? hi : lo;
            }
            if (flo == 0) {
                return lo;
            }
            if (fhi == 0) {
                return hi;
            }
            // scipy's brentq tolerances: xtol 2e-12, rtol 4 * machine epsilon
            return new BrentSolver(4 * Math.ulp(1.0), 2e-12).solve(1000, f::applyAsDouble, lo, hi);
        }
    }

    // ---------------------------------------------------------------- brownian.py

    static double outcomeCdf(double a, double b, double mu, double sigma2, double t, double y) {
        double gamma = mu / sigma2;
        double width = b - a;
        if (sigma2 * t / (width * width) < 1e-2 || Math.abs(gamma * width) > 15) {
            return siegmund(a, b, mu, sigma2, t, y);
        }
        return series(a, b, mu, sigma2, t, y);
    }

    private static double u(int n, double gamma, double width, double y) {
        return (2 * width * gamma * Math.sin(Math.PI * n * y / width) - 2 * Math.PI * n * Math.cos(Math.PI * n * y / width))
                / (width * width * gamma * gamma + Math.PI * Math.PI * n * n);
    }

    private static double series(double a, double b, double mu, double sigma2, double t, double yIn) {
        double width = b - a;
        double x = -a;
        double y = yIn - a;
        double gamma = mu / sigma2;
        double s = 0;
        double lambda1 = Math.pow(Math.PI / width, 2) * sigma2 / 2 + (mu * mu / sigma2) / 2;
        double t0 = Math.exp(-lambda1 * t - x * gamma + y * gamma);
        for (int n = 1; n < 100_000; n++) {
            double lambdaN = Math.pow(n * Math.PI / width, 2) * sigma2 / 2 + (mu * mu / sigma2) / 2;
            double t1 = Math.exp(-(lambdaN - lambda1) * t);
            double t3 = u(n, gamma, width, y);
            double t4 = Math.sin(n * Math.PI * x / width);
            s += t1 * t3 * t4;
            if (Math.abs(t0 * t1 * t3) <= 1e-9) {
                break;
            }
        }
        double pre;
        if (gamma * width > 30) {
            pre = Math.exp(-2 * gamma * x);
        } else if (Math.abs(gamma * width) < 1e-8) {
            pre = (width - x) / width;
        } else {
            pre = (1 - Math.exp(2 * gamma * (width - x))) / (1 - Math.exp(2 * gamma * width));
        }
        return pre + t0 * s;
    }

    private static double siegmund(double a, double b, double mu, double sigma2, double t, double y) {
        double denom = Math.sqrt(t * sigma2);
        double offset = mu * t;
        double gamma = mu / sigma2;
        double z = (y - offset) / denom;
        double za = (-y + offset + 2 * a) / denom;
        double zb = (y - offset - 2 * b) / denom;
        double t1 = Elo.phi(z);
        double t2 = gamma * a >= 5
                ? -Math.exp(-(za * za) / 2 + 2 * gamma * a) / Math.sqrt(2 * Math.PI) * (1 / za - 1 / (za * za * za))
                : Math.exp(2 * gamma * a) * Elo.phi(za);
        double t3 = gamma * b >= 5
                ? -Math.exp(-(zb * zb) / 2 + 2 * gamma * b) / Math.sqrt(2 * Math.PI) * (1 / zb - 1 / (zb * zb * zb))
                : Math.exp(2 * gamma * b) * Elo.phi(zb);
        return t1 + t2 - t3;
    }
}
