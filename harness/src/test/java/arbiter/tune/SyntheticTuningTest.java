package arbiter.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Both tuners on objectives with a known optimum. SPSA plays a noisy "game" whose outcome
 * probability depends on each side's distance to hidden true weights; Texel fits results drawn from
 * a known logistic model.
 */
class SyntheticTuningTest {
    private static final double[] TRUE = {3.0, -1.5, 8.0};
    private static final double[] SCALE = {2.0, 1.0, 4.0};

    /** Strength falls with the squared, scaled distance to the hidden optimum; in Elo-like units. */
    private static double strength(double[] theta) {
        double d = 0;
        for (int i = 0; i < theta.length; i++) {
            double x = (theta[i] - TRUE[i]) / SCALE[i];
            d += x * x;
        }
        return -0.5 * d;
    }

    /** Wins minus losses of plus over {@code pairs} colour-reversed pairs, with draws. */
    private static int play(double[] plus, double[] minus, int pairs, SplittableRandom random) {
        double diff = strength(plus) - strength(minus);
        double pPlus = 1 / (1 + Math.exp(-diff));
        int result = 0;
        for (int g = 0; g < 2 * pairs; g++) {
            double u = random.nextDouble();
            double draw = 0.3;
            if (u < draw) {
                continue;
            }
            result += random.nextDouble() < pPlus ? 1 : -1;
        }
        return result;
    }

    @Test
    void spsaConvergesToTheHiddenOptimum() {
        List<Spsa.Parameter> params = List.of(
                new Spsa.Parameter("a", -4, -20, 20, 0.8, 0.002, false),
                new Spsa.Parameter("b", 4, -20, 20, 0.4, 0.002, false),
                new Spsa.Parameter("c", 0, -20, 20, 1.6, 0.002, false));
        for (long seed = 1; seed <= 3; seed++) {
            int iterations = 4000;
            Spsa spsa = new Spsa(params, iterations, 0.1 * iterations, seed);
            SplittableRandom games = new SplittableRandom(100 + seed);
            double[] theta = spsa.start();
            for (int k = 0; k < iterations; k++) {
                Spsa.Step step = spsa.step(k, theta);
                theta = spsa.update(theta, step, play(step.plus(), step.minus(), 4, games));
            }
            for (int i = 0; i < theta.length; i++) {
                // Tolerance: 40% of the parameter's scale (a strength loss below 0.08 per parameter).
                assertEquals(TRUE[i], theta[i], 0.4 * SCALE[i], "seed " + seed + " parameter " + i
                        + " theta " + java.util.Arrays.toString(theta));
            }
        }
    }

    @Test
    void spsaRespectsBoundsAndIsReproducible() {
        List<Spsa.Parameter> params = List.of(new Spsa.Parameter("x", 0, -1, 1, 0.5, 0.5, true));
        Spsa spsa = new Spsa(params, 100, 10, 7);
        double[] theta = spsa.start();
        for (int k = 0; k < 100; k++) {
            Spsa.Step step = spsa.step(k, theta);
            assertEquals(step.delta()[0], new Spsa(params, 100, 10, 7).step(k, theta).delta()[0]);
            theta = spsa.update(theta, step, 1000);
            assertTrue(theta[0] >= -1 && theta[0] <= 1);
        }
        assertEquals(Math.rint(theta[0]), spsa.played(theta)[0]);
    }

    @Test
    void texelRecoversTheWeightsOfTheModelThatMadeTheResults() {
        double[] trueWeights = {1.0, 2.5, -0.7, 0.3};
        double trueK = 1.3;
        SplittableRandom random = new SplittableRandom(5);
        List<Texel.Sample> samples = new ArrayList<>();
        for (int n = 0; n < 30_000; n++) {
            double[] f = new double[trueWeights.length];
            for (int i = 0; i < f.length; i++) {
                f[i] = random.nextInt(-3, 4);
            }
            double p = Texel.sigmoid(trueK * Texel.dot(trueWeights, f));
            // Draws where the position is balanced; otherwise a decisive result drawn from p.
            double u = random.nextDouble();
            double result = Math.abs(p - 0.5) < 0.1 && u < 0.3 ? 0.5 : (random.nextDouble() < p ? 1.0 : 0.0);
            samples.add(new Texel.Sample(f, result));
        }
        double[] start = {1.0, 0.5, 0.5, 0.0};
        boolean[] tunable = {false, true, true, true};
        Texel.Fit fit = Texel.tune(samples, start, tunable, 8, 500);
        assertTrue(fit.error() < fit.startError(), fit.error() + " < " + fit.startError());
        assertEquals(trueK, fit.k(), 0.15);
        for (int i = 1; i < trueWeights.length; i++) {
            assertEquals(trueWeights[i], fit.weights()[i], 0.15, "weight " + i + ": " + java.util.Arrays.toString(fit.weights()));
        }
        assertEquals(1.0, fit.weights()[0]);
    }
}
