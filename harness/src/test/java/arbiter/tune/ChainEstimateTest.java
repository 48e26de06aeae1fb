package arbiter.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ChainEstimate} on numbers worked by hand: four chains ending at 6.0, 6.5, 5.9 and 6.4 have
 * centre 6.2 and sample sd sqrt(0.26/3) = 0.294392; Student's t for 3 degrees at 99.95% is 12.923979
 * (scipy.stats.t.ppf(0.9995, 3), or a table of t); the 99.9% interval for another run's centre is
 * 6.2 ± 12.923979 · 0.294392 · sqrt(2/4) = ± 2.690341.
 */
class ChainEstimateTest {

    /** A finished run whose last quarter has mean m (and some signal). */
    private static FinalEstimate ending(double m) {
        List<double[]> history = new ArrayList<>();
        for (int k = 0; k < 8; k++) {
            history.add(new double[] {k, m + (k % 2 == 0 ? 0.1 : -0.1), k % 2 == 0 ? 1 : -1});
        }
        return FinalEstimate.of(List.of("king"), history, k -> new int[] {1});
    }

    private static ChainEstimate of(String label, double... means) {
        List<FinalEstimate> chains = new ArrayList<>();
        for (double m : means) {
            chains.add(ending(m));
        }
        return ChainEstimate.of(label, chains);
    }

    @Test
    void centreSpreadAndIntervalAreTheHandWorkedOnes() {
        ChainEstimate e = of("king=3", 6.0, 6.5, 5.9, 6.4);
        ChainEstimate.Param p = e.params().get(0);
        assertEquals(6.2, p.centre(), 1e-12);
        assertEquals(0.294392, p.sd(), 1e-6);
        assertEquals(2.690341, p.halfWidth(), 1e-6);
        assertEquals("king=6.20 [3.51, 8.89]", e.values());
        assertTrue(e.lines().get(0).startsWith("estimate: king=6.20 [3.51, 8.89] (mean of 4 chains' estimates; 99.9% interval"), e.lines().get(0));
        assertEquals("chains: king 6.00, 6.50, 5.90, 6.40 (sd 0.29 between chains)", e.lines().get(1));
    }

    @Test
    void startsMeetWhenEachIntervalHoldsTheOthersCentre() {
        ChainEstimate low = of("king=3", 6.0, 6.5, 5.9, 6.4);
        ChainEstimate near = of("king=15", 8.4, 8.9, 8.3, 8.8); // centre 8.6, inside 6.2 ± 2.69
        ChainEstimate far = of("king=15", 9.4, 9.9, 9.3, 9.8); // centre 9.6, outside
        assertTrue(low.covers(near) && near.covers(low));
        assertTrue(ChainEstimate.verdict(List.of(low, near)).meet());
        assertFalse(low.covers(far));
        StartsVerdict.Verdict v = ChainEstimate.verdict(List.of(low, far));
        assertFalse(v.meet());
        assertEquals("verdict: the starts do not meet", v.lines().get(0));
        assertTrue(v.lines().contains("king: start king=3's interval [3.51, 8.89] misses start king=15's 9.60"), v.lines().toString());
    }
}
