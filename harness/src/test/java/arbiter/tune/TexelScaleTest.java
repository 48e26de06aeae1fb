package arbiter.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Texel on weights of very different scales, as in S2's evaluation (man 100, king about 1.7 men, a
 * rank-squared term summing to tens, K about 0.005): results drawn from a known logistic model must
 * give back its K and weights from a start far from them. Unscaled conjugate gradient stopped where
 * it started here (gradients of the king and rank-squared weights orders of magnitude apart, and K
 * fitted in turn with the weights).
 */
class TexelScaleTest {

    @Test
    void recoversWeightsOfDifferentScalesFromAFarStart() {
        double[] trueWeights = {100, 130, 2.0, -20};
        double trueK = 0.01;
        SplittableRandom random = new SplittableRandom(27);
        List<Texel.Sample> samples = new ArrayList<>();
        for (int n = 0; n < 40_000; n++) {
            double[] f = {random.nextInt(-3, 4), random.nextInt(-2, 3), random.nextInt(-60, 61), random.nextInt(-1, 2)};
            double p = Texel.sigmoid(trueK * Texel.dot(trueWeights, f));
            // Draws where the position is about even, as in real games; otherwise a result drawn from p.
            double result = Math.abs(p - 0.5) < 0.2 && random.nextDouble() < 0.5 ? 0.5 : (random.nextDouble() < p ? 1.0 : 0.0);
            samples.add(new Texel.Sample(f, result));
        }
        // K alone, for the true weights: the error is flat where the sigmoid saturates (K near 1 at
        // these weights), so a search started there must not stop there.
        assertEquals(trueK, Texel.fitK(samples, trueWeights, 1e-6, 100), 0.002);
        double kFar = Texel.fitK(samples, new double[] {100, 250, 0, 0}, 1e-6, 100);
        for (double k = 1e-4; k < 100; k *= 1.1) {
            assertTrue(Texel.error(samples, new double[] {100, 250, 0, 0}, kFar)
                    <= Texel.error(samples, new double[] {100, 250, 0, 0}, k) + 1e-9, "K " + kFar + " is beaten by " + k);
        }
        double[] start = {100, 170, 0.5, 0};
        boolean[] tunable = {false, true, true, true};
        Texel.Fit fit = Texel.tune(samples, start, tunable, 6, 1000);
        String got = "K " + fit.k() + ", weights " + Arrays.toString(fit.weights());
        assertTrue(fit.error() < fit.startError(), got);
        assertEquals(100, fit.weights()[0], 0.0, got);
        assertEquals(trueK, fit.k(), 0.001, got);
        assertEquals(trueWeights[1], fit.weights()[1], 10, got);
        assertEquals(trueWeights[2], fit.weights()[2], 0.2, got);
        assertEquals(trueWeights[3], fit.weights()[3], 8, got);
    }
}
