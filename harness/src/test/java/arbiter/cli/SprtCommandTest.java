package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SprtCommandTest {

    @Test
    void pentanomialFishtestExample() {
        CliRunner r = CliRunner.run("sprt", "--elo0", "-3", "--elo1", "1", "--penta", "10789,19328,33806,19402,10543");
        assertEquals(0, r.exit(), r.err());
        String[] lines = r.out().split("\n");
        assertEquals("llr: 2.1311", lines[0]); // SprtTest: 2.13106781178789
        assertEquals("lower: -2.9444", lines[1]);
        assertEquals("upper: 2.9444", lines[2]);
        assertEquals("verdict: continue", lines[3]);
        assertTrue(lines[4].matches("elo: -?\\d+\\.\\d\\d \\+- \\d+\\.\\d\\d"), lines[4]);
    }

    @Test
    void trinomialVerdictsAndNormalized() {
        CliRunner h1 = CliRunner.run("sprt", "--elo0", "0", "--elo1", "5", "--wdl", "300,1000,100");
        assertTrue(h1.out().contains("verdict: H1 accepted"), h1.out());
        CliRunner h0 = CliRunner.run("sprt", "--elo0", "0", "--elo1", "5", "--wdl", "100,1000,300", "--alpha", "0.01");
        assertTrue(h0.out().contains("verdict: H0 accepted"), h0.out());
        assertTrue(h0.out().contains("upper: " + String.format(java.util.Locale.ROOT, "%.4f", Math.log(0.95 / 0.01))));
        CliRunner n = CliRunner.run("sprt", "--elo0", "0", "--elo1", "2", "--normalized", "--wdl", "13543,34333,13624");
        assertTrue(n.out().startsWith("llr: -1.7205\n"), n.out()); // SprtTest: -1.72049770551826
    }

    @Test
    void degenerateCountsDoNotFail() {
        CliRunner empty = CliRunner.run("sprt", "--elo0", "0", "--elo1", "5", "--wdl", "0,0,0");
        assertEquals(0, empty.exit(), empty.err());
        assertTrue(empty.out().contains("elo: n/a"));
        CliRunner wins = CliRunner.run("sprt", "--elo0", "0", "--elo1", "5", "--wdl", "10,0,0");
        assertEquals(0, wins.exit(), wins.err());
        assertTrue(wins.out().contains("verdict: continue"), wins.out());
        // A perfect score has no finite Elo or nElo (they were printed as -1199.83 and -5671.71).
        CliRunner lost = CliRunner.run("sprt", "--elo0", "0", "--elo1", "5", "--penta", "4,0,0,0,0");
        assertEquals(0, lost.exit(), lost.err());
        double bound = -400 * Math.log10(1 / (1 - Math.pow(0.025, 0.25)) - 1); // 4 pairs: p^4 = 0.025 from above
        assertTrue(lost.out().contains(String.format(java.util.Locale.ROOT, "elo: all lost (95%% bound <= %.1f)%n", bound)),
                lost.out());
        assertTrue(lost.out().contains("nelo: n/a (all lost)\n"), lost.out());
        assertTrue(wins.out().contains("elo: all won (95% bound >= "), wins.out());
    }

    @Test
    void badInputExitsTwoWithOneLine() {
        CliRunner r = CliRunner.run("sprt", "--elo0", "5", "--elo1", "0", "--wdl", "1,2,3");
        assertEquals(2, r.exit());
        assertEquals("error: --elo0 must be less than --elo1, got 5.0 and 0.0", r.err().trim());
        assertEquals(2, CliRunner.run("sprt", "--elo0", "0", "--elo1", "5", "--penta", "1,2,3").exit());
        assertEquals(2, CliRunner.run("sprt", "--elo0", "0", "--elo1", "5", "--wdl", "1,-2,3").exit());
        assertEquals(2, CliRunner.run("sprt", "--elo0", "0", "--elo1", "5", "--wdl", "1,x,3").exit());
        assertEquals(2, CliRunner.run("sprt", "--elo0", "0", "--elo1", "5").exit());
        assertEquals(2, CliRunner.run("sprt", "--elo0", "0", "--elo1", "5", "--wdl", "1,1,1", "--alpha", "1.5").exit());
    }

    @Test
    void stoppedTestPrintsFishtestsMedianUnbiasedEstimate() {
        // first row of resources arbiter/stats/fishtest/sprt-estimates.csv: elo 9.6464, [2.1854, 17.0143], LOS 99.42%
        CliRunner r = CliRunner.run("sprt", "--elo0", "0", "--elo1", "5", "--wdl", "810,2171,699");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("verdict: H1 accepted"), r.out());
        assertTrue(r.out().contains("unbiased elo: 9.65 [2.19, 17.01]"), r.out());
        assertTrue(r.out().contains("unbiased los: 99.42%"), r.out());
        CliRunner open = CliRunner.run("sprt", "--elo0", "0", "--elo1", "5", "--wdl", "81,217,69");
        assertTrue(!open.out().contains("unbiased"), open.out());
    }
}
