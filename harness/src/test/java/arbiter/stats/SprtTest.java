package arbiter.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * GSPRT log-likelihood ratios against reference values.
 *
 * <p>The expected LLRs were computed once by {@code src/test/resources/arbiter/stats/sprt_reference.py}
 * (mpmath, 50 digits) with the formulas of fishtest's public stats code ({@code LLRcalc.LLR_logistic}
 * and {@code LLRcalc.LLR_normalized}: zero counts regularized to 0.001, MLE under the constrained
 * expectation by the secular equation, t-value MLE by the fixed-point iteration of
 * "normalized_elo_practical" 4.1). A float64 re-run with scipy's brentq following fishtest's code
 * path step by step (10 t-value iterations, 1e-9 stop) agreed with these values to 1e-11.
 * The first counts are the example in fishtest's {@code stat_util.py} ({@code __main__}).
 */
class SprtTest {

    private static final double TOL = 1e-6;

    @Test
    void logisticPentanomialFishtestExample() {
        long[] penta = {10789, 19328, 33806, 19402, 10543};
        assertEquals(2.13106781178789, Sprt.llrLogistic(-3, 1, penta), TOL);
    }

    @Test
    void logisticTrinomialFishtestExample() {
        long[] ldw = {65804, 56553, 65388}; // wins 65388, draws 56553, losses 65804
        assertEquals(2.04904261797672, Sprt.llrLogistic(-3, 1, ldw), TOL);
    }

    @Test
    void logisticAndNormalizedSmallBounds() {
        long[] penta = {39, 2226, 31451, 2412, 40};
        assertEquals(2.16254258004691, Sprt.llrLogistic(0.2, 0.9, penta), TOL);
        assertEquals(2.16294086958356, Sprt.llrNormalized(0.764, 3.439, penta), TOL);
    }

    @Test
    void normalizedTrinomialAndPentanomial() {
        assertEquals(-1.72875362218323, Sprt.llrNormalized(0, 2, new long[] {1187, 7410, 13475, 7378, 1164}), TOL);
        assertEquals(-1.72049770551826, Sprt.llrNormalized(0, 2, new long[] {13624, 34333, 13543}), TOL);
    }

    @Test
    void zeroCountsAreRegularized() {
        assertEquals(0.214284914531084, Sprt.llrLogistic(0, 5, new long[] {0, 5, 10}), TOL);
        assertEquals(0.045362118909763, Sprt.llrNormalized(0, 2, new long[] {0, 3, 10, 7, 0}), TOL);
    }

    @Test
    void boundsAndVerdicts() {
        assertEquals(Math.log(0.05 / 0.95), Sprt.lowerBound(0.05, 0.05), 1e-15);
        assertEquals(Math.log(0.95 / 0.05), Sprt.upperBound(0.05, 0.05), 1e-15);
        assertEquals(-2.944438979166440, Sprt.lowerBound(0.05, 0.05), 1e-12);
        Sprt.Result cont = Sprt.test(new long[] {10789, 19328, 33806, 19402, 10543}, -3, 1, 0.05, 0.05,
                Sprt.Model.LOGISTIC);
        assertEquals(Sprt.Verdict.CONTINUE, cont.verdict());
        Sprt.Result h1 = Sprt.test(new long[] {100, 1000, 300}, 0, 5, 0.05, 0.05, Sprt.Model.LOGISTIC);
        assertEquals(Sprt.Verdict.H1_ACCEPTED, h1.verdict());
        Sprt.Result h0 = Sprt.test(new long[] {300, 1000, 100}, 0, 5, 0.05, 0.05, Sprt.Model.LOGISTIC);
        assertEquals(Sprt.Verdict.H0_ACCEPTED, h0.verdict());
    }

    @Test
    void emptyCountsGiveZeroLlr() {
        // all counts regularized to 0.001: the empirical distribution is uniform with mean 1/2
        double llr = Sprt.llrLogistic(0, 5, new long[] {0, 0, 0});
        assertEquals(0.0, llr, 1e-3);
    }

    @Test
    void rejectsBadParameters() {
        long[] c = {1, 1, 1};
        assertThrows(IllegalArgumentException.class, () -> Sprt.test(c, 5, 0, 0.05, 0.05, Sprt.Model.LOGISTIC));
        assertThrows(IllegalArgumentException.class, () -> Sprt.test(c, 0, 5, 0, 0.05, Sprt.Model.LOGISTIC));
        assertThrows(IllegalArgumentException.class, () -> Sprt.test(new long[] {1, 1}, 0, 5, 0.05, 0.05,
                Sprt.Model.LOGISTIC));
    }
}
