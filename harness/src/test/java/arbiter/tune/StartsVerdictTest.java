package arbiter.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The estimate of one SPSA run and the verdict over several starts, on synthetic numbers worked by hand. */
class StartsVerdictTest {

    private static FinalEstimate estimate(double mean, double sd, boolean flat) {
        return new FinalEstimate(100, 25, flat ? 0.4 : 0.8, flat ? 0 : 0.7,
                List.of(new FinalEstimate.Param("king", mean, mean, sd, 0, 0.3, 3, 0, 0)));
    }

    private static StartsVerdict.Start start(String label, double mean, double sd) {
        return new StartsVerdict.Start(label, estimate(mean, sd, false));
    }

    @Test
    void theWindowIsTheLastQuarterAndItsSpreadTheSampleSd() {
        // 8 iterations: the window is the last 2, theta 4 then 6: mean 5, sample sd sqrt(2), drift +2.
        List<double[]> history = new ArrayList<>();
        double[] theta = {1, 2, 3, 3, 3, 3, 4, 6};
        double[] result = {2, 1, 0, 0, 0, 0, 1, -2};
        for (int k = 0; k < 8; k++) {
            history.add(new double[] {k, theta[k], result[k]});
        }
        // Delta +1 on even iterations, -1 on odd ones: gradients g = 2, -1, 0, 0, 0, 0, 1, 2.
        FinalEstimate e = FinalEstimate.of(List.of("king"), history, k -> new int[] {k % 2 == 0 ? 1 : -1});
        assertEquals(2, e.window());
        FinalEstimate.Param p = e.params().get(0);
        assertEquals(5, p.mean(), 1e-12);
        assertEquals(Math.sqrt(2), p.sd(), 1e-12);
        assertEquals(2, p.drift(), 1e-12);
        assertEquals(6, p.last(), 1e-12);
        assertEquals(4.0 / 8, e.signalShare(), 1e-12);
        assertEquals(1.0, e.windowSignalShare(), 1e-12);
        // g over the run: mean 0.5, sample sd sqrt(6/7) (sum of squares 10 - 8*0.25 = 8, /7).
        double sd = Math.sqrt(8.0 / 7);
        assertEquals(0.5 / sd, p.snrRun(), 1e-12);
        assertEquals(0.5 / sd * Math.sqrt(8), p.zRun(), 1e-12);
        // in the window g = 1, 2: mean 1.5, sd sqrt(0.5).
        assertEquals(1.5 / Math.sqrt(0.5), p.snrWindow(), 1e-12);
        assertFalse(e.flat());
        assertFalse(e.drifting(p), "drift 2 is within twice sd 1.41");
        assertTrue(e.lines().get(0).startsWith("estimate: king=5.00 ± 1.41 (mean ± sd of theta over the last 2 of 8 iterations)"),
                e.lines().get(0));        // A tuning without a barrier counts pairs where the barrier mode counts iterations.
        assertTrue(e.lines("pair").get(0).endsWith("over the last 2 of 8 pairs)"), e.lines("pair").get(0));
        assertTrue(e.lines("pair").get(1).startsWith("signal: W-L not 0 in 50% of pairs"), e.lines("pair").get(1));
    }

    @Test
    void aFlatEndIsSaidAndItsZeroSpreadIsNotAPrecision() {
        List<double[]> history = new ArrayList<>();
        for (int k = 0; k < 12; k++) {
            history.add(new double[] {k, k < 4 ? 14 + 0.25 * k : 15, k < 4 ? 1 : 0});
        }
        FinalEstimate e = FinalEstimate.of(List.of("king"), history, k -> new int[] {1});
        assertTrue(e.flat());
        assertEquals(0, e.params().get(0).sd(), 0);
        assertTrue(String.join("\n", e.lines()).contains("warning: no iteration of the last 3 carried a signal"), e.lines().toString());
    }

    @Test
    void estimatesRoundTripThroughTheSummaryFile(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        FinalEstimate e = estimate(4.71, 0.12, false);
        java.nio.file.Files.writeString(dir.resolve("s.json"), e.toJson());
        assertEquals(e, FinalEstimate.read(dir.resolve("s.json")));
    }

    @Test
    void startsMeetWhenEveryPairIsWithinTwoCombinedSpreads() {
        // |4.7 - 4.9| = 0.2 <= 2 * sqrt(0.1^2 + 0.1^2) = 0.283
        StartsVerdict.Verdict v = StartsVerdict.of(List.of(start("king=3", 4.7, 0.1), start("king=15", 4.9, 0.1)));
        assertTrue(v.meet(), v.lines().toString());
        assertEquals("verdict: the starts meet", v.lines().get(0));
        assertTrue(v.lines().get(1).contains("difference 0.20 <= 0.28"), v.lines().toString());
    }

    @Test
    void startsDoNotMeetWhenOnePairIsFurtherAndTheGapIsGiven() {
        // |4.7 - 5.0| = 0.3 > 0.283: apart by 0.017 beyond it; the third start meets the first but not the second.
        StartsVerdict.Verdict v = StartsVerdict.of(List.of(start("a", 4.7, 0.1), start("b", 5.0, 0.1), start("c", 4.8, 0.05)));
        assertFalse(v.meet(), v.lines().toString());
        assertEquals("verdict: the starts do not meet", v.lines().get(0));
        String all = String.join("\n", v.lines());
        assertTrue(all.contains("a 4.70 ± 0.10 vs b 5.00 ± 0.10: difference 0.30 > 0.28 (2 combined sd), apart by 0.02 beyond it"), all);
        assertTrue(all.contains("a 4.70 ± 0.10 vs c 4.80 ± 0.05: difference 0.10 <= 0.22"), all);
        // b vs c: 0.2 <= 2 * sqrt(0.01 + 0.0025) = 0.224
        assertTrue(all.contains("b 5.00 ± 0.10 vs c 4.80 ± 0.05: difference 0.20 <= 0.22"), all);
    }

    @Test
    void aFlatStartNeverMeetsEvenAtTheSameValue() {
        StartsVerdict.Verdict v = StartsVerdict.of(List.of(start("king=3", 15, 0.5),
                new StartsVerdict.Start("king=15", estimate(15, 0, true))));
        assertFalse(v.meet());
        assertTrue(v.lines().get(1).startsWith("start king=15: no signal in its last 25 iterations"), v.lines().toString());
    }

    @Test
    void everyParameterMustMeet() {
        FinalEstimate a = new FinalEstimate(40, 10, 1, 1, List.of(
                new FinalEstimate.Param("king", 5, 5, 0.2, 0, 0, 0, 0, 0),
                new FinalEstimate.Param("man", 1, 1, 0.01, 0, 0, 0, 0, 0)));
        FinalEstimate b = new FinalEstimate(40, 10, 1, 1, List.of(
                new FinalEstimate.Param("king", 5.1, 5.1, 0.2, 0, 0, 0, 0, 0),
                new FinalEstimate.Param("man", 1.1, 1.1, 0.01, 0, 0, 0, 0, 0)));
        StartsVerdict.Verdict v = StartsVerdict.of(List.of(new StartsVerdict.Start("a", a), new StartsVerdict.Start("b", b)));
        assertFalse(v.meet(), "king meets, man (0.1 > 0.028) does not: " + v.lines());
    }
}
