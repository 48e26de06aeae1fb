package arbiter.tune;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the starts are derived from one config (nothing is played). */
class MultiStartTest {
    @TempDir
    Path dir;

    private RunConfig config() throws Exception {
        Path f = dir.resolve("tune.json");
        Files.writeString(f, """
                { "game": {"variant": "english"},
                  "players": [ {"name": "p", "engine": "draughts-alphabeta"} ],
                  "tune": { "player": "p", "iterations": 8,
                            "weights": { "king": {"start": 1.2, "min": 1, "max": 5, "cEnd": 0.3, "rEnd": 0.05},
                                         "man": {"start": 1, "min": 0.5, "max": 1.5, "cEnd": 0.1, "rEnd": 0.05} },
                            "validation": {"games": 10} },
                  "limits": {"depth": 2}, "output": "%s", "seed": 5 }"""
                .formatted(dir.resolve("out").toString().replace("\\", "/")));
        return ConfigLoader.load(f);
    }

    @Test
    void eachStartHasItsValuesFolderAndSeedAndNoValidation() throws Exception {
        RunConfig c = config();
        MultiStart m = new MultiStart(c, List.of(new double[] {2, 0.5}, new double[] {4.5, 1.5}),
                new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
        RunConfig first = m.forRun(0, 0, new double[] {2, 0.5});
        RunConfig second = m.forRun(1, 0, new double[] {4.5, 1.5});
        assertEquals(c.output().resolve("start-1-king2-man0.5"), first.output());
        assertEquals(c.output().resolve("start-2-king4.5-man1.5"), second.output());
        assertEquals(c.seed(), first.seed(), "the first start plays a plain run's games");
        assertNotEquals(first.seed(), second.seed(), "independent starts");
        assertEquals(4.5, second.tune().weights().get(0).start());
        assertEquals(1.5, second.tune().weights().get(1).start());
        assertEquals(0, second.tune().validationGames());
        assertEquals(4.5, second.json().get("tune").get("weights").get("king").get("start").asDouble(),
                "the checkpoint's identity names the start");
        assertNotEquals(first.json(), second.json());
    }

    @Test
    void spreadStartsAreTheMidpointsOfEqualSlices() throws Exception {
        List<double[]> s = MultiStart.spread(config().tune().weights(), 2);
        assertArrayEquals(new double[] {2, 0.75}, s.get(0), 1e-12);
        assertArrayEquals(new double[] {4, 1.25}, s.get(1), 1e-12);
    }
}
