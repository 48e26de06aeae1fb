package arbiter.tune;

import java.util.List;
import org.apache.commons.math3.analysis.UnivariateFunction;
import org.apache.commons.math3.optim.InitialGuess;
import org.apache.commons.math3.optim.MaxEval;
import org.apache.commons.math3.optim.MaxIter;
import org.apache.commons.math3.optim.PointValuePair;
import org.apache.commons.math3.optim.SimpleValueChecker;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;
import org.apache.commons.math3.optim.nonlinear.scalar.ObjectiveFunction;
import org.apache.commons.math3.optim.nonlinear.scalar.ObjectiveFunctionGradient;
import org.apache.commons.math3.optim.nonlinear.scalar.gradient.NonLinearConjugateGradientOptimizer;
import org.apache.commons.math3.optim.univariate.BrentOptimizer;
import org.apache.commons.math3.optim.univariate.SearchInterval;
import org.apache.commons.math3.optim.univariate.UnivariateObjectiveFunction;
import org.apache.commons.math3.optim.univariate.UnivariateOptimizer;

/**
 * Texel tuning of a linear evaluation: positions from recorded games, each with its feature vector
 * (White minus Black) and the game's result for White (1, 1/2, 0). The evaluation is e = w . f and
 * the predicted result sigmoid(K e) = 1 / (1 + exp(-K e)). First K is fitted for the starting weights
 * (Brent's method), then the mean squared error mean((result - sigmoid(K w . f))^2) is minimised over
 * the tunable weights with K fixed (nonlinear conjugate gradient with the exact gradient), both from
 * Commons Math.
 */
public final class Texel {

    /** One position: its features and its game's result for White. */
    public record Sample(double[] features, double result) {
    }

    /** The outcome of a fit. */
    public record Fit(double k, double[] weights, double startError, double error, int iterations) {
    }

    private Texel() {
    }

    static double sigmoid(double x) {
        return 1.0 / (1.0 + Math.exp(-x));
    }

    /** Mean squared error of the prediction sigmoid(K w . f). */
    public static double error(List<Sample> samples, double[] weights, double k) {
        double sum = 0;
        for (Sample s : samples) {
            double d = s.result() - sigmoid(k * dot(weights, s.features()));
            sum += d * d;
        }
        return sum / samples.size();
    }

    /**
     * The K that minimises the error for fixed weights, searched in [kMin, kMax]: first on a grid of
     * 8 points per factor of 10, then by Brent's method between the best point's neighbours. Brent
     * alone, started at 1, stopped on the plateau where sigmoid(K w . f) is saturated (the error is
     * flat there): for weights of hundreds, as S2's, K = 1 was returned where the best K is 0.01.
     */
    public static double fitK(List<Sample> samples, double[] weights, double kMin, double kMax) {
        UnivariateFunction f = k -> error(samples, weights, k);
        int steps = (int) Math.ceil(8 * Math.log10(kMax / kMin));
        double ratio = Math.pow(kMax / kMin, 1.0 / steps);
        int best = 0;
        double bestError = Double.POSITIVE_INFINITY;
        for (int i = 0; i <= steps; i++) {
            double e = f.value(kMin * Math.pow(ratio, i));
            if (e < bestError) {
                bestError = e;
                best = i;
            }
        }
        double lo = kMin * Math.pow(ratio, Math.max(0, best - 1));
        double hi = Math.min(kMax, kMin * Math.pow(ratio, Math.min(steps, best + 1)));
        double mid = kMin * Math.pow(ratio, best);
        UnivariateOptimizer brent = new BrentOptimizer(1e-10, 1e-12);
        return brent.optimize(new MaxEval(500), new UnivariateObjectiveFunction(f), GoalType.MINIMIZE,
                new SearchInterval(lo, hi, Math.min(hi, Math.max(lo, mid)))).getPoint();
    }

    /**
     * Fits the tunable weights with K fixed.
     *
     * @param tunable which weights may move; the others keep their start value (fix at least one, e.g.
     *                the man or pawn value, or K and the weights' scale are not both identifiable)
     */
    public static Fit fit(List<Sample> samples, double[] start, boolean[] tunable, double k, int maxIterations) {
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("Texel fitting needs positions");
        }
        int n = start.length;
        int[] free = java.util.stream.IntStream.range(0, n).filter(i -> tunable[i]).toArray();
        double startError = error(samples, start, k);
        if (free.length == 0) {
            return new Fit(k, start.clone(), startError, startError, 0);
        }
        java.util.function.Function<double[], double[]> full = x -> {
            double[] w = start.clone();
            for (int j = 0; j < free.length; j++) {
                w[free[j]] = x[j];
            }
            return w;
        };
        // The optimiser works on scaled weights x_j = w_j * scale_j, scale_j = K * rms(feature_j): one unit
        // of x moves the logit by about one for a typical position, whatever the feature's range. Unscaled,
        // weights whose features are small (a king count) next to large ones (a sum of squared ranks) get
        // gradients orders of magnitude apart, and conjugate gradient stops near the start (S2's weights at
        // man = 100, K = 0.005 did not move at all).
        double[] scale = new double[free.length];
        for (int j = 0; j < free.length; j++) {
            double sq = 0;
            for (Sample s : samples) {
                double f = s.features()[free[j]];
                sq += f * f;
            }
            double rms = Math.sqrt(sq / samples.size());
            scale[j] = rms > 0 && k > 0 ? k * rms : 1;
        }
        java.util.function.Function<double[], double[]> unscaled = x -> {
            double[] y = new double[x.length];
            for (int j = 0; j < x.length; j++) {
                y[j] = x[j] / scale[j];
            }
            return full.apply(y);
        };
        ObjectiveFunction value = new ObjectiveFunction(x -> error(samples, unscaled.apply(x), k));
        ObjectiveFunctionGradient gradient = new ObjectiveFunctionGradient(x -> {
            double[] w = unscaled.apply(x);
            double[] g = new double[free.length];
            for (Sample s : samples) {
                double p = sigmoid(k * dot(w, s.features()));
                double common = -2 * (s.result() - p) * p * (1 - p) * k;
                for (int j = 0; j < free.length; j++) {
                    g[j] += common * s.features()[free[j]];
                }
            }
            for (int j = 0; j < g.length; j++) {
                g[j] /= samples.size() * scale[j];
            }
            return g;
        });
        double[] x0 = new double[free.length];
        for (int j = 0; j < free.length; j++) {
            x0[j] = start[free[j]] * scale[j];
        }
        NonLinearConjugateGradientOptimizer optimizer = new NonLinearConjugateGradientOptimizer(
                NonLinearConjugateGradientOptimizer.Formula.POLAK_RIBIERE, new SimpleValueChecker(1e-12, 1e-14));
        PointValuePair best = optimizer.optimize(new MaxEval(100_000), new MaxIter(maxIterations), value, gradient,
                GoalType.MINIMIZE, new InitialGuess(x0));
        double[] w = unscaled.apply(best.getPoint());
        return new Fit(k, w, startError, best.getValue(), optimizer.getIterations());
    }

    /**
     * Fits K and the tunable weights together: K is first fitted for the start weights (Brent), then
     * conjugate gradient minimises the error over K and the weights at once, in the scaled coordinates
     * u_0 = K * rms(c) and u_j = K * w_j * rms(f_j), where c = the fixed weights' part of w . f. In these
     * the logit K w . f is linear and one unit of every coordinate moves it by about one for a typical
     * position, so the problem is as well conditioned as the features' correlations allow. (Fitting K and
     * the weights in turn, as earlier builds did, crawls along the valley where K and the weights' scale
     * trade off: on S2's data six such rounds stopped at a king of 108 where the optimum is 100.) The
     * fit is restarted from its result up to {@code rounds} times, until the error stops falling.
     * With no fixed nonzero weight there is no scale, and K stays at its first fit.
     */
    public static Fit tune(List<Sample> samples, double[] start, boolean[] tunable, int rounds, int maxIterations) {
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("Texel fitting needs positions");
        }
        double k0 = fitK(samples, start, 1e-6, 100);
        double startError = error(samples, start, k0);
        int n = start.length;
        int[] free = java.util.stream.IntStream.range(0, n).filter(i -> tunable[i]).toArray();
        int m = samples.size();
        double[] fixedPart = new double[m];
        double sq0 = 0;
        for (int s = 0; s < m; s++) {
            double[] f = samples.get(s).features();
            double c = 0;
            for (int i = 0; i < n; i++) {
                if (!tunable[i]) {
                    c += start[i] * f[i];
                }
            }
            fixedPart[s] = c;
            sq0 += c * c;
        }
        if (free.length == 0 || sq0 == 0) {
            Fit f = fit(samples, start, tunable, k0, maxIterations);
            return new Fit(k0, f.weights(), startError, f.error(), f.iterations());
        }
        double[] scale = new double[free.length + 1];
        scale[0] = Math.sqrt(sq0 / m);
        for (int j = 0; j < free.length; j++) {
            double sq = 0;
            for (Sample s : samples) {
                double f = s.features()[free[j]];
                sq += f * f;
            }
            double rms = Math.sqrt(sq / m);
            scale[j + 1] = rms > 0 ? rms : 1;
        }
        ObjectiveFunction value = new ObjectiveFunction(x -> {
            double sum = 0;
            for (int s = 0; s < m; s++) {
                double d = samples.get(s).result() - sigmoid(logit(x, scale, free, fixedPart[s], samples.get(s).features()));
                sum += d * d;
            }
            return sum / m;
        });
        ObjectiveFunctionGradient gradient = new ObjectiveFunctionGradient(x -> {
            double[] g = new double[x.length];
            for (int s = 0; s < m; s++) {
                double[] f = samples.get(s).features();
                double p = sigmoid(logit(x, scale, free, fixedPart[s], f));
                double common = -2 * (samples.get(s).result() - p) * p * (1 - p);
                g[0] += common * fixedPart[s];
                for (int j = 0; j < free.length; j++) {
                    g[j + 1] += common * f[free[j]];
                }
            }
            for (int j = 0; j < g.length; j++) {
                g[j] /= m * scale[j];
            }
            return g;
        });
        double[] x = new double[free.length + 1];
        x[0] = k0 * scale[0];
        for (int j = 0; j < free.length; j++) {
            x[j + 1] = k0 * start[free[j]] * scale[j + 1];
        }
        double error = startError;
        int iterations = 0;
        for (int round = 0; round < rounds; round++) {
            NonLinearConjugateGradientOptimizer optimizer = new NonLinearConjugateGradientOptimizer(
                    NonLinearConjugateGradientOptimizer.Formula.POLAK_RIBIERE, new SimpleValueChecker(1e-12, 1e-14));
            PointValuePair best = optimizer.optimize(new MaxEval(100_000), new MaxIter(maxIterations), value, gradient,
                    GoalType.MINIMIZE, new InitialGuess(x));
            iterations += optimizer.getIterations();
            boolean converged = error - best.getValue() < 1e-9;
            if (best.getValue() <= error) {
                x = best.getPoint();
                error = best.getValue();
            }
            if (converged) {
                break;
            }
        }
        double k = x[0] / scale[0];
        double[] w = start.clone();
        for (int j = 0; j < free.length; j++) {
            w[free[j]] = x[j + 1] / scale[j + 1] / k;
        }
        return new Fit(k, w, startError, error, iterations);
    }

    /** K w . f in the scaled coordinates of {@link #tune}. */
    private static double logit(double[] x, double[] scale, int[] free, double fixedPart, double[] f) {
        double z = x[0] / scale[0] * fixedPart;
        for (int j = 0; j < free.length; j++) {
            z += x[j + 1] / scale[j + 1] * f[free[j]];
        }
        return z;
    }

    static double dot(double[] w, double[] f) {
        double s = 0;
        for (int i = 0; i < w.length; i++) {
            s += w[i] * f[i];
        }
        return s;
    }
}
