package arbiter.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.tune.Spsa;
import arbiter.tune.SpsaPlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tuned weight without cEnd / rEnd gets defaults from its range: cEnd a sixth of it (the step of
 * van den Bergh's SPSA simulator, as SpsaPlan designs), and the rEnd at which SPSA's own schedule,
 * played by {@link Spsa}, would carry the weight across DEFAULT_RANGES_PER_RUN ranges were W - L +1 in
 * every iteration.
 */
class TuneDefaultsTest {
    @TempDir
    Path dir;

    @Test
    void theDefaultStepIsThePlansStep() {
        assertEquals(SpsaPlan.C_RATIO, TuneReader.DEFAULT_C_FRACTION, 0);
    }

    @Test
    void theDefaultRateCrossesTheRangeTheStatedNumberOfTimes() {
        for (int n : new int[] {1, 50, 150, 300, 1000}) {
            double bigA = 0.1 * n;
            double min = 1, max = 20;
            Spsa spsa = new Spsa(List.of(new Spsa.Parameter("king", min, min, max + 1e9,
                    TuneReader.defaultCEnd(min, max), TuneReader.defaultREnd(n, bigA), false)), n, bigA, 7);
            // Unbounded above, W - L = +1 each time: theta climbs by the sum of the steps.
            double[] theta = spsa.start();
            for (int k = 0; k < n; k++) {
                Spsa.Step s = spsa.step(k, theta);
                theta = spsa.update(theta, s, s.delta()[0]);
            }
            assertEquals(TuneReader.DEFAULT_RANGES_PER_RUN * (max - min), theta[0] - min, 1e-6 * (max - min), "N " + n);
        }
        // The figures docs/tuning.md quotes.
        assertEquals(0.081, TuneReader.defaultREnd(300, 30), 0.0005);
        assertEquals(0.162, TuneReader.defaultREnd(150, 15), 0.0005);
    }

    /** A tuning config of english draughts with these tuned weights (the body of "weights"). */
    private Path config(int iterations, String weights) throws Exception {
        Path f = dir.resolve("t.json");
        Files.writeString(f, """
                { "game": { "variant": "english" },
                  "players": [ { "name": "p", "engine": "draughts-alphabeta" } ],
                  "tune": { "method": "spsa", "player": "p", "iterations": %d, "weights": { %s } },
                  "limits": { "depth": 2 } }""".formatted(iterations, weights));
        return f;
    }

    @Test
    void aWeightWithoutStepOrRateGetsTheDefaults() throws Exception {
        RunConfig c = ConfigLoader.load(config(300, """
                "king": { "start": 3, "min": 1, "max": 20 },
                "man": { "start": 1, "min": 0, "max": 2, "cEnd": 0.5, "rEnd": 0.01 }"""));
        RunConfig.TuneWeight king = c.tune().weights().get(0);
        assertEquals(19.0 / 6, king.cEnd(), 1e-12);
        assertEquals(TuneReader.defaultREnd(300, 30), king.rEnd(), 1e-12);
        RunConfig.TuneWeight man = c.tune().weights().get(1);
        assertEquals(0.5, man.cEnd(), 0);
        assertEquals(0.01, man.rEnd(), 0);
    }

    /** A weight on a log scale steps in its logarithm: default cEnd a sixth of ln(max/min); min must be above 0. */
    @Test
    void aLogScaleWeightStepsInFactors() throws Exception {
        RunConfig.TuneWeight king = ConfigLoader.load(config(150,
                "\"king\": { \"start\": 3, \"min\": 1, \"max\": 20, \"scale\": \"log\" }")).tune().weights().get(0);
        assertEquals(true, king.log());
        assertEquals(Math.log(20) / 6, king.cEnd(), 1e-12);
        Spsa spsa = new Spsa(List.of(new Spsa.Parameter("king", 3, 1, 20, king.cEnd(), king.rEnd(), false, true)), 150, 15, 7);
        Spsa.Step s = spsa.step(0, spsa.start());
        assertEquals(9, s.plus()[0] * s.minus()[0], 1e-9, "theta+ and theta- are a factor apart either way");
        assertEquals(Math.exp(2 * s.c()[0]), Math.max(s.plus()[0], s.minus()[0]) / Math.min(s.plus()[0], s.minus()[0]), 1e-9);
        double[] next = spsa.update(spsa.start(), s, 1);
        assertEquals(3 * Math.exp(s.r()[0] * s.c()[0] * s.delta()[0]), next[0], 1e-9);

        Path zero = config(150, "\"king\": { \"start\": 3, \"min\": 0, \"max\": 20, \"scale\": \"log\" }");
        ConfigException e = org.junit.jupiter.api.Assertions.assertThrows(ConfigException.class, () -> ConfigLoader.load(zero));
        assertTrue(e.getMessage().contains("$.tune.weights.king.min") && e.getMessage().contains("scale log"), e.getMessage());
    }
}
