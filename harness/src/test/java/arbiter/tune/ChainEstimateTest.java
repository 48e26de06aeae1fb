package arbiter.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ChainEstimate} on numbers worked by hand: four chains ending at 6.0, 6.5, 5.9 and 6.4 have
 * centre 6.2 and sample sd sqrt(0.26/3) = 0.294392; Student's t for 3 degrees at 97.5% is 3.182446 (any
 * table of t); the interval for another run's centre is 6.2 ± 3.182446 · 0.294392 · sqrt(2/4) = ± 0.662479.
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
        assertEquals(0.662479, p.halfWidth(), 1e-6);
        assertEquals("king=6.20 [5.54, 6.86]", e.values());
        assertTrue(e.lines().get(0).startsWith("estimate: king=6.20 [5.54, 6.86] (mean of 4 chains' estimates"), e.lines().get(0));
        assertEquals("chains: king 6.00, 6.50, 5.90, 6.40 (sd 0.29 between chains)", e.lines().get(1));
    }

    @Test
    void startsMeetWhenEachIntervalHoldsTheOthersCentre() {
        ChainEstimate low = of("king=3", 6.0, 6.5, 5.9, 6.4);
        ChainEstimate near = of("king=15", 6.4, 6.9, 6.3, 6.8); // centre 6.6, inside 6.2 ± 0.66
        ChainEstimate far = of("king=15", 7.4, 7.9, 7.3, 7.8); // centre 7.6, outside
        assertTrue(low.covers(near) && near.covers(low));
        assertTrue(ChainEstimate.verdict(List.of(low, near)).meet());
        assertFalse(low.covers(far));
        StartsVerdict.Verdict v = ChainEstimate.verdict(List.of(low, far));
        assertFalse(v.meet());
        assertEquals("verdict: the starts do not meet", v.lines().get(0));
        assertTrue(v.lines().contains("king: start king=3's interval [5.54, 6.86] misses start king=15's 7.60"), v.lines().toString());
    }
}
