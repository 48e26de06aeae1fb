package arbiter.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** SprtEstimate against fishtest's sprt.py (vectors: resources arbiter/stats/fishtest/README.md). */
class SprtEstimateTest {

    @Test
    void matchesFishtestWithinATenthOfAnElo() throws IOException {
        String csv;
        try (InputStream in = SprtEstimateTest.class.getResourceAsStream("/arbiter/stats/fishtest/sprt-estimates.csv")) {
            csv = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        int rows = 0;
        int h0 = 0;
        int h1 = 0;
        for (String line : csv.strip().split("\n")) {
            if (line.startsWith("model")) {
                continue;
            }
            String[] f = line.split(",");
            Sprt.Model model = f[0].equals("normalized") ? Sprt.Model.NORMALIZED : Sprt.Model.LOGISTIC;
            double elo0 = Double.parseDouble(f[1]);
            double elo1 = Double.parseDouble(f[2]);
            double alpha = Double.parseDouble(f[3]);
            double beta = Double.parseDouble(f[4]);
            long[] counts = Arrays.stream(f[5].split(" ")).mapToLong(Long::parseLong).toArray();
            String what = line;
            // the counts did stop the test, by Arbiter's own SPRT
            Sprt.Result r = Sprt.test(counts, elo0, elo1, alpha, beta, model);
            assertEquals(Double.parseDouble(f[6]), r.llr(), 1e-6, what);
            assertTrue(r.verdict() != Sprt.Verdict.CONTINUE, what);
            if (r.verdict() == Sprt.Verdict.H0_ACCEPTED) {
                h0++;
            } else {
                h1++;
            }
            SprtEstimate.Estimate e = SprtEstimate.of(counts, elo0, elo1, alpha, beta, model);
            assertEquals(Double.parseDouble(f[7]), e.elo(), 0.1, "elo " + what);
            assertEquals(Double.parseDouble(f[8]), e.ciLower(), 0.1, "ci lower " + what);
            assertEquals(Double.parseDouble(f[9]), e.ciUpper(), 0.1, "ci upper " + what);
            assertEquals(Double.parseDouble(f[10]), e.los(), 1e-3, "los " + what);
            assertEquals(Double.parseDouble(f[11]), e.llr(), 1e-6, "llr " + what);
            assertEquals(Boolean.parseBoolean(f[12].strip().toLowerCase()), e.clamped(), "clamped " + what);
            rows++;
        }
        assertEquals(8, rows);
        assertTrue(h0 >= 2 && h1 >= 2, h0 + " H0, " + h1 + " H1");
    }
}
