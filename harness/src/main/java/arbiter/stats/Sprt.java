package arbiter.stats;


/**
 * The generalized sequential probability ratio test (GSPRT) as fishtest runs it.
 *
 * <p>H0: elo = elo0 against H1: elo = elo1. For each hypothesis the distribution of the outcomes
 * (trinomial L,D,W or pentanomial LL..WW) is the maximum-likelihood distribution p maximizing
 * {@code sum n_i log p_i} subject to the hypothesis; the log-likelihood ratio is
 * {@code LLR = sum n_i log(p1_i / p0_i)}. Bounds: {@code lower = log(beta/(1-alpha))},
 * {@code upper = log((1-beta)/alpha)}.
 *
 * <ul>
 *   <li>Logistic model (fishtest {@code LLR_logistic}): the hypothesis fixes the expected score
 *       {@code s = 1/(1+10^(-elo/400))}. By Van den Bergh, "support_MLE_multinomial", Prop. 1.1,
 *       {@code p_i = phat_i / (1 + theta (a_i - s))} where theta solves the secular equation
 *       {@code sum phat_i (a_i - s) / (1 + theta (a_i - s)) = 0} on the interval keeping every
 *       denominator positive (Newton's method kept inside a bracket; it converges to the last bits).
 *   <li>Normalized model (fishtest {@code LLR_normalized}): the hypothesis fixes the t-value
 *       {@code t = (mu - 1/2)/sigma} of one sample, {@code t = nElo / (800/ln 10)} for a game and
 *       {@code sqrt(2)} times that for a game pair. The MLE is the fixed point of Van den Bergh,
 *       "normalized_elo_practical", section 4.1: with mu, sigma of the current estimate, solve the
 *       secular equation for {@code a'_i = a_i - 1/2 - t sigma (1 + ((mu - a_i)/sigma)^2)/2}.
 * </ul>
 * Zero counts are replaced by 0.001 before anything else (fishtest {@code regularize}), so every
 * p_i is positive. No overshoot correction is applied (it needs the sequence of updates; the
 * verdict here is the plain comparison of the LLR with the bounds, inclusive).
 */
public final class Sprt {

    /** How elo0/elo1 are expressed. */
    public enum Model {
        LOGISTIC, NORMALIZED;

        /** NORMALIZED when {@code normalized} (a config's {@code sprt.normalized}), else LOGISTIC. */
        public static Model of(boolean normalized) {
            return normalized ? NORMALIZED : LOGISTIC;
        }

        /** How reports name the model's Elo. */
        public String label() {
            return this == NORMALIZED ? "normalized Elo" : "logistic Elo";
        }
    }

    /** Outcome of the test at the current counts. */
    public enum Verdict {
        H0_ACCEPTED("H0 accepted"), H1_ACCEPTED("H1 accepted"), CONTINUE("continue");

        private final String label;

        Verdict(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** LLR with the bounds and the decision. */
    public record Result(double llr, double lower, double upper, Verdict verdict) {
    }

    private static final double EPSILON = 1e-9;
    private static final double PRIOR = 1e-3;
    private static final int MAX_T_ITERATIONS = 100;

    private final double elo0;
    private final double elo1;
    private final double alpha;
    private final double beta;
    private final Model model;

    private Sprt(double elo0, double elo1, double alpha, double beta, Model model) {
        this.elo0 = elo0;
        this.elo1 = elo1;
        this.alpha = alpha;
        this.beta = beta;
        this.model = model;
    }

    /**
     * A test with its hypotheses, error rates and model fixed once (e.g. from a config); checked
     * here, so {@link #test(long[])} only counts.
     *
     * @throws IllegalArgumentException as {@link #test(long[], double, double, double, double, Model)}
     */
    public static Sprt of(double elo0, double elo1, double alpha, double beta, Model model) {
        test(new long[3], elo0, elo1, alpha, beta, model); // the checks, on no games
        return new Sprt(elo0, elo1, alpha, beta, model);
    }

    /** The test at these counts, low to high (3 = L,D,W per game; 5 = LL,LD,DD,DW,WW per pair). */
    public Result test(long[] countsLowToHigh) {
        return test(countsLowToHigh, elo0, elo1, alpha, beta, model);
    }

    public double elo0() {
        return elo0;
    }

    public double elo1() {
        return elo1;
    }

    public double alpha() {
        return alpha;
    }

    public double beta() {
        return beta;
    }

    public Model model() {
        return model;
    }

    /**
     * Runs the test on counts low to high (3 = L,D,W per game; 5 = LL,LD,DD,DW,WW per pair).
     *
     * @throws IllegalArgumentException for alpha/beta outside (0,1), elo0 >= elo1, or bad counts
     */
    public static Result test(long[] countsLowToHigh, double elo0, double elo1, double alpha, double beta,
            Model model) {
        if (!(alpha > 0 && alpha < 1) || !(beta > 0 && beta < 1) || alpha + beta >= 1) {
            throw new IllegalArgumentException("alpha and beta must be in (0,1) with alpha + beta < 1, got alpha "
                    + alpha + ", beta " + beta);
        }
        if (!(elo0 < elo1)) {
            throw new IllegalArgumentException("elo0 must be less than elo1, got " + elo0 + " and " + elo1);
        }
        double llr = model == Model.LOGISTIC ? llrLogistic(elo0, elo1, countsLowToHigh)
                : llrNormalized(elo0, elo1, countsLowToHigh);
        double lower = lowerBound(alpha, beta);
        double upper = upperBound(alpha, beta);
        Verdict verdict = llr <= lower ? Verdict.H0_ACCEPTED : llr >= upper ? Verdict.H1_ACCEPTED : Verdict.CONTINUE;
        return new Result(llr, lower, upper, verdict);
    }

    /** {@code log(beta / (1 - alpha))}: at or below it H0 is accepted. */
    public static double lowerBound(double alpha, double beta) {
        return Math.log(beta / (1 - alpha));
    }

    /** {@code log((1 - beta) / alpha)}: at or above it H1 is accepted. */
    public static double upperBound(double alpha, double beta) {
        return Math.log((1 - beta) / alpha);
    }

    /** Generalized LLR with logistic Elo bounds (fishtest {@code LLR_logistic}). */
    public static double llrLogistic(double elo0, double elo1, long[] counts) {
        double[] x = regularize(counts);
        double n = sum(x);
        double[] phat = divide(x, n);
        double[] a = values(x.length);
        double[] p0 = mleExpected(a, phat, Elo.score(elo0));
        double[] p1 = mleExpected(a, phat, Elo.score(elo1));
        return n * meanLogRatio(phat, p0, p1);
    }

    /** Generalized LLR with normalized Elo bounds (fishtest {@code LLR_normalized}). */
    public static double llrNormalized(double nelo0, double nelo1, long[] counts) {
        double[] x = regularize(counts);
        double scale = x.length == 5 ? Math.sqrt(2.0) : 1.0;
        double t0 = nelo0 / Elo.NELO_PER_T * scale;
        double t1 = nelo1 / Elo.NELO_PER_T * scale;
        double n = sum(x);
        double[] phat = divide(x, n);
        double[] a = values(x.length);
        double[] p0 = mleTValue(a, phat, 0.5, t0);
        double[] p1 = mleTValue(a, phat, 0.5, t1);
        return n * meanLogRatio(phat, p0, p1);
    }

    /**
     * MLE of a distribution on the values {@code a} with expectation {@code s}, given the empirical
     * probabilities {@code phat} (support_MLE_multinomial, Prop. 1.1).
     */
    public static double[] mleExpected(double[] a, double[] phat, double s) {
        double[] shifted = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            shifted[i] = a[i] - s;
        }
        double theta = secular(shifted, phat);
        double[] p = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            p[i] = phat[i] / (1 + theta * shifted[i]);
        }
        return p;
    }

    /**
     * MLE of a distribution on the values {@code a} with t-value {@code (mu - ref)/sigma = t}, given
     * the empirical probabilities {@code phat} (normalized_elo_practical, section 4.1), iterated from
     * the uniform distribution to a fixed point (change below 1e-15).
     */
    public static double[] mleTValue(double[] a, double[] phat, double ref, double t) {
        int k = a.length;
        double[] p = new double[k];
        java.util.Arrays.fill(p, 1.0 / k);
        double[] shifted = new double[k];
        for (int iter = 0; iter < MAX_T_ITERATIONS; iter++) {
            double mu = 0;
            for (int i = 0; i < k; i++) {
                mu += p[i] * a[i];
            }
            double var = 0;
            for (int i = 0; i < k; i++) {
                var += p[i] * (a[i] - mu) * (a[i] - mu);
            }
            double sigma = Math.sqrt(var);
            for (int i = 0; i < k; i++) {
                double z = (mu - a[i]) / sigma;
                shifted[i] = a[i] - ref - t * sigma * (1 + z * z) / 2;
            }
            double theta = secular(shifted, phat);
            double change = 0;
            for (int i = 0; i < k; i++) {
                double next = phat[i] / (1 + theta * shifted[i]);
                change = Math.max(change, Math.abs(next - p[i]));
                p[i] = next;
            }
            if (change < 1e-15) {
                break;
            }
        }
        return p;
    }

    /**
     * Solves {@code sum p_i a_i / (1 + x a_i) = 0} for x in the interval where every {@code 1 + x a_i}
     * is positive: {@code (-1/max a, -1/min a)}, shrunk by 1e-9 at both ends as fishtest does.
     */
    static double secular(double[] a, double[] p) {
        double v = Double.POSITIVE_INFINITY;
        double w = Double.NEGATIVE_INFINITY;
        for (double ai : a) {
            v = Math.min(v, ai);
            w = Math.max(w, ai);
        }
        if (!(v < 0 && w > 0)) {
            throw new IllegalArgumentException("the hypothesis lies outside the range of outcomes");
        }
        // f(x) = sum p_i a_i / (1 + x a_i) falls strictly on the interval (f' = -sum p_i a_i^2 / (1 + x a_i)^2),
        // so Newton's method from 0, kept inside a bracket that every step narrows (bisection when a step
        // would leave it), finds its one root to the last bits in a handful of steps: the run's SPRT
        // computes this after every game pair, so it must cost little (bench/sprt-overhead.sh).
        double lo = -1 / w + EPSILON;
        double hi = -1 / v - EPSILON;
        double x = 0;
        for (int iter = 0; iter < 200; iter++) {
            double fx = 0;
            double dfx = 0;
            for (int i = 0; i < a.length; i++) {
                double d = 1 / (1 + x * a[i]);
                double t = p[i] * a[i] * d;
                fx += t;
                dfx -= t * a[i] * d;
            }
            if (fx == 0) {
                return x;
            }
            if (fx > 0) {
                lo = x;
            } else {
                hi = x;
            }
            double next = x - fx / dfx;
            if (!(next > lo && next < hi)) {
                next = (lo + hi) / 2;
            }
            if (Math.abs(next - x) <= 1e-15 * Math.max(1, Math.abs(x)) || hi - lo <= 1e-16) {
                return next;
            }
            x = next;
        }
        return x;
    }

    static double[] regularize(long[] counts) {
        if (counts.length != 3 && counts.length != 5) {
            throw new IllegalArgumentException("expected 3 or 5 counts, got " + counts.length);
        }
        double[] x = new double[counts.length];
        for (int i = 0; i < x.length; i++) {
            if (counts[i] < 0) {
                throw new IllegalArgumentException("negative count " + counts[i]);
            }
            x[i] = counts[i] == 0 ? PRIOR : counts[i];
        }
        return x;
    }

    private static double[] values(int k) {
        double[] a = new double[k];
        for (int i = 0; i < k; i++) {
            a[i] = MatchStats.value(i, k);
        }
        return a;
    }

    private static double sum(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return s;
    }

    private static double[] divide(double[] x, double n) {
        double[] r = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = x[i] / n;
        }
        return r;
    }

    private static double meanLogRatio(double[] phat, double[] p0, double[] p1) {
        double s = 0;
        for (int i = 0; i < phat.length; i++) {
            s += phat[i] * (Math.log(p1[i]) - Math.log(p0[i]));
        }
        return s;
    }
}
