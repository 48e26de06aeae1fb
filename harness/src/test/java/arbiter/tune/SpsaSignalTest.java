package arbiter.tune;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The settings configs/tune-s0-spsa.json shipped with before the range-based defaults (kept as
 * configs/tune-s0-spsa-small-steps.json: S0's search at depth 3, cEnd 0.6) started from king 15: the
 * plus and minus kings choose the same moves, every pair splits and the tuner must say so, not print
 * king=15.000 for hundreds of iterations. Started from king 3 the same settings carry signal.
 */
class SpsaSignalTest {
    @TempDir
    Path dir;

    private String tune(double kingStart, int iterations) throws Exception {
        Path f = dir.resolve("king" + kingStart + ".json");
        Files.writeString(f, """
                { "game": { "variant": "international" },
                  "players": [
                    { "name": "s0", "engine": "draughts-alphabeta", "weights": { "man": 2, "king": %s },
                      "options": { "preset": "s0-damaq", "tt": false, "iterativeDeepening": false, "pvs": false,
                                   "aspiration": false, "killers": false, "history": "s0", "quiescence": false,
                                   "captureExtension": true } } ],
                  "tune": { "method": "spsa", "player": "s0", "iterations": %d, "pairsPerIteration": 4,
                            "weights": { "king": { "start": %s, "min": 1, "max": 20, "cEnd": 0.6, "rEnd": 0.05 } } },
                  "openings": { "randomPlies": 10 }, "limits": { "depth": 3 }, "adjudication": { "maxPlies": 300 },
                  "concurrency": 2, "seed": 99, "output": "%s" }"""
                .formatted(kingStart, iterations, kingStart, dir.resolve("out-" + kingStart).toString().replace("\\", "/")));
        RunConfig c = ConfigLoader.load(f);
        StringWriter out = new StringWriter();
        new TuneRun(c, new PrintWriter(out), new PrintWriter(new StringWriter())).run();
        return out.toString();
    }

    @Test
    void aFlatObjectiveIsReportedWithItsRemedy() throws Exception {
        String out = tune(15, TuneRun.FLAT_ITERATIONS + 2);
        assertTrue(out.contains("warning: iterations 1-10 carried no signal"), out);
        assertTrue(out.contains("raise cEnd"), out);
    }

    @Test
    void iterationsWithSignalGiveNoWarning() throws Exception {
        String out = tune(3, TuneRun.FLAT_ITERATIONS + 2);
        assertFalse(out.contains("carried no signal"), out);
    }
}
