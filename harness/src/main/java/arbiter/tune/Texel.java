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

    /** The K that minimises the error for fixed weights, searched in [kMin, kMax]. */
    public static double fitK(List<Sample> samples, double[] weights, double kMin, double kMax) {
        UnivariateOptimizer brent = new BrentOptimizer(1e-10, 1e-12);
        UnivariateFunction f = k -> error(samples, weights, k);
        return brent.optimize(new MaxEval(500), new UnivariateObjectiveFunction(f), GoalType.MINIMIZE,
                new SearchInterval(kMin, kMax, Math.min(kMax, Math.max(kMin, 1.0)))).getPoint();
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
        ObjectiveFunction value = new ObjectiveFunction(x -> error(samples, full.apply(x), k));
        ObjectiveFunctionGradient gradient = new ObjectiveFunctionGradient(x -> {
            double[] w = full.apply(x);
            double[] g = new double[free.length];
            for (Sample s : samples) {
                double p = sigmoid(k * dot(w, s.features()));
                double common = -2 * (s.result() - p) * p * (1 - p) * k;
                for (int j = 0; j < free.length; j++) {
                    g[j] += common * s.features()[free[j]];
                }
            }
            for (int j = 0; j < g.length; j++) {
                g[j] /= samples.size();
            }
            return g;
        });
        double[] x0 = new double[free.length];
        for (int j = 0; j < free.length; j++) {
            x0[j] = start[free[j]];
        }
        NonLinearConjugateGradientOptimizer optimizer = new NonLinearConjugateGradientOptimizer(
                NonLinearConjugateGradientOptimizer.Formula.POLAK_RIBIERE, new SimpleValueChecker(1e-12, 1e-14));
        PointValuePair best = optimizer.optimize(new MaxEval(100_000), new MaxIter(maxIterations), value, gradient,
                GoalType.MINIMIZE, new InitialGuess(x0));
        double[] w = full.apply(best.getPoint());
        return new Fit(k, w, startError, best.getValue(), optimizer.getIterations());
    }

    /**
     * Alternates fitting K and the weights until the error stops improving (at most {@code rounds}
     * rounds): with one weight fixed as the scale, K then settles where the weights agree with it.
     */
    public static Fit tune(List<Sample> samples, double[] start, boolean[] tunable, int rounds, int maxIterations) {
        double[] w = start.clone();
        double startError = Double.NaN;
        Fit fit = null;
        int iterations = 0;
        for (int round = 0; round < rounds; round++) {
            double k = fitK(samples, w, 1e-6, 100);
            Fit next = fit(samples, w, tunable, k, maxIterations);
            if (round == 0) {
                startError = next.startError();
            }
            iterations += next.iterations();
            boolean converged = fit != null && fit.error() - next.error() < 1e-9;
            fit = next;
            w = next.weights();
            if (converged) {
                break;
            }
        }
        return new Fit(fit.k(), fit.weights(), startError, fit.error(), iterations);
    }

    static double dot(double[] w, double[] f) {
        double s = 0;
        for (int i = 0; i < w.length; i++) {
            s += w[i] * f[i];
        }
        return s;
    }
}
