package arbiter.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The test of homogeneity against fishtest's own {@code get_chi2} (server/fishtest/util.py at
 * b8eecff, run with NumPy 2.4.6 and SciPy 1.17.1 on tasks whose pentanomial puts the three counts of
 * each row in its ahead, level and behind cells): the table's chi-squared, degrees of freedom, p and
 * each worker's residual, for tables with and without an outlier and with rows too small to test.
 */
class HomogeneityTest {
    /** rows, then fishtest's chi2, dof, p and residuals (NaN: the row was left out). */
    private record Vector(long[][] rows, double chi2, int dof, double p, double[] residual) {
    }

    private static final double NONE = Double.NaN;

    private static final Vector[] FISHTEST = {
        new Vector(new long[][] {{30, 40, 30}, {28, 45, 27}, {35, 33, 32}}, 3.1131335966728306, 4, 0.5390744808002554,
                new double[] {0, 0.3470153831712414, 0.5965923214133095}),
        new Vector(new long[][] {{30, 40, 30}, {28, 45, 27}, {90, 5, 5}}, 100.02324905550711, 4, 0.0,
                new double[] {4.2269578292209244, 4.790485489624813, 9.641437508988389}),
        new Vector(new long[][] {{300, 400, 300}, {280, 450, 270}, {350, 330, 320}, {310, 390, 300}, {60, 30, 10}},
                72.21650641025641, 8, 1.776689906307638e-12,
                new double[] {0.22606806487068415, 3.933188341367055, 3.9373622874821956, 0, 5.962912017183948}),
        new Vector(new long[][] {{100, 800, 100}, {120, 780, 100}, {90, 820, 90}, {10, 80, 10}, {2, 3, 1}}, 6.23125, 6,
                0.3977903248980854, new double[] {0, 1.3695876205423845, 1.082631937471645, 0, NONE}),
        new Vector(new long[][] {{1000, 2000, 1000}, {1100, 1900, 1000}, {0, 0, 500}}, 1282.7838827838827, 4, 0.0,
                new double[] {8.487802006505843, 8.487802006505841, 35.58113145080515}),
        new Vector(new long[][] {{12, 10, 8}, {9, 14, 7}, {15, 6, 9}, {11, 11, 11}, {7, 9, 14}, {40, 1, 0}},
                60.82964950726874, 10, 2.523971920354029e-09,
                new double[] {0, 2.120638871446169, 0, 0.9906457812484085, 2.6864197531664695, 6.676473307939661}),
    };

    @Test
    void theStatisticAndEveryResidualAreFishtests() {
        for (Vector v : FISHTEST) {
            Homogeneity h = Homogeneity.of(v.rows());
            assertEquals(v.chi2(), h.chi2(), 1e-9 * v.chi2());
            assertEquals(v.dof(), h.dof());
            // fishtest's p is 1 - cdf, which is 0 below about 1e-16; ours is the tail itself
            assertEquals(v.p(), h.p(), Math.max(1e-15, 1e-6 * v.p()));
            for (int i = 0; i < v.residual().length; i++) {
                if (Double.isNaN(v.residual()[i])) {
                    assertTrue(Double.isNaN(h.z(i)), "row " + i + " is left out");
                } else {
                    assertEquals(v.residual()[i], h.z(i), 1e-7, "row " + i);
                }
            }
        }
    }

    @Test
    void aTailBeyondDoublePrecisionStillGivesItsDeviate() {
        // SciPy: norm.sf(10) = 7.61985302416047e-24, norm.isf of it 10.000000000000002
        assertEquals(10, Homogeneity.upperQuantile(7.61985302416047e-24), 1e-9);
        assertEquals(Homogeneity.MAX_Z, Homogeneity.upperQuantile(0), 0);
        // chi-squared with 2 degrees of freedom: the tail is exp(-x/2)
        assertEquals(Math.exp(-300), Homogeneity.chiSquaredTail(600, 2), 1e-12 * Math.exp(-300));
    }

    @Test
    void fewerThanTwoRowsWithEnoughPairsIsNoTest() {
        assertFalse(Homogeneity.of(new long[][] {{30, 40, 30}}).tested());
        assertFalse(Homogeneity.of(new long[][] {{30, 40, 30}, {1, 2, 1}}).tested());
        assertFalse(Homogeneity.of(new long[0][]).tested());
    }
}
