package arbiter.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigException;
import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.pdn.GameLog;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TuneRunTest {
    @TempDir
    Path dir;

    private Path write(String tuneBlock, int iterations) throws Exception {
        Path f = dir.resolve("tune.json");
        Files.writeString(f, """
                { "game": {"variant": "english"},
                  "players": [ {"name": "p", "engine": "draughts-alphabeta", "weights": {"king": 1.2}} ],
                  "tune": { "player": "p", "iterations": %d, "pairsPerIteration": 1, "weights": %s },
                  "openings": {"randomPlies": 6}, "limits": {"depth": 2}, "adjudication": {"maxPlies": 120},
                  "concurrency": 2, "output": "%s", "seed": 5 }"""
                .formatted(iterations, tuneBlock, dir.resolve("out").toString().replace("\\", "/")));
        return f;
    }

    @Test
    void badTuningBlocksAreRefusedBeforeAnythingIsPlayed() throws Exception {
        ConfigException e = assertThrows(ConfigException.class, () -> ConfigLoader.load(write("""
                { "queen": {"start": 9, "min": 1, "max": 20, "cEnd": 1},
                  "king": {"start": 3, "min": 10, "max": 2, "cEnd": 1},
                  "man": {"start": 30, "min": 0, "max": 2, "cEnd": 1} }""", 5)));
        String all = String.join("\n", e.problems());
        assertTrue(all.contains("$.tune.weights.queen: unknown weight 'queen'; known weights: man, king"), all);
        assertTrue(all.contains("$.tune.weights.king: bounds reversed: min 10.0 must be below max 2.0"), all);
        assertTrue(all.contains("$.tune.weights.man.start: start 30.0 is outside [0.0, 2.0]"), all);
        assertFalse(Files.exists(dir.resolve("out")), "nothing played");
    }

    @Test
    void texelRoundsRaiseAnUndervaluedKingAndStopWhenSettled() throws Exception {
        Path f = dir.resolve("texel.json");
        Files.writeString(f, """
                { "game": {"variant": "english"},
                  "players": [ {"name": "p", "engine": "draughts-alphabeta", "weights": {"man": 1, "king": 0.3},
                                "options": {"random": 3}} ],
                  "tune": { "method": "texel", "player": "p", "rounds": 4, "gamesPerRound": 80, "threshold": 0.05,
                            "weights": { "king": {"start": 0.3, "min": 0.1, "max": 5} } },
                  "openings": {"randomPlies": 8}, "limits": {"depth": 3}, "adjudication": {"maxPlies": 160},
                  "concurrency": 2, "output": "%s", "seed": 21 }""".formatted(dir.resolve("texel").toString().replace("\\", "/")));
        RunConfig c = ConfigLoader.load(f);
        StringWriter out = new StringWriter();
        TuneRun.Summary s = new TuneRun(c, new PrintWriter(out), new PrintWriter(new StringWriter())).run();
        assertTrue(s.tuned()[0] > 1.0, "a king is worth more than a man: " + out);
        assertTrue(s.history().size() >= 1 && s.history().size() <= 4, out.toString());
        assertTrue(out.toString().contains("round 1/4:"), out.toString());
        assertTrue(Files.readString(c.output().resolve("weights-history.csv")).startsWith("round,king,largestChange,mse"));
        // A rerun of a finished tuning does not play again.
        TuneRun.Summary again = new TuneRun(c, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter())).run();
        assertEquals(s.history().size(), again.history().size());
        assertEquals(s.tuned()[0], again.tuned()[0]);
    }

    @Test
    void killedTunerResumesWithoutLosingOrRepeatingAnIteration() throws Exception {
        int iterations = 12;
        Path config = write("{ \"king\": {\"start\": 1.2, \"min\": 0.5, \"max\": 6, \"cEnd\": 0.3, \"rEnd\": 0.05} }", iterations);
        Path state = dir.resolve("out").resolve("tune-state.json");
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "arbiter.cli.Main", "tune", config.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
        ObjectMapper json = new ObjectMapper();
        long deadline = System.currentTimeMillis() + 60_000;
        int done = 0;
        while (System.currentTimeMillis() < deadline && child.isAlive() && done < 3) {
            Thread.sleep(20);
            if (Files.exists(state)) {
                try {
                    done = json.readTree(Files.readString(state)).get("next").asInt();
                } catch (Exception partial) {
                    // the file is replaced atomically; a read can only race with nothing
                    done = 0;
                }
            }
        }
        assertTrue(child.isAlive(), "tuner still running: " + Files.readString(dir.resolve("child.log")));
        child.destroyForcibly();
        child.waitFor();
        int before = json.readTree(Files.readString(state)).get("next").asInt();
        assertTrue(before >= 3 && before < iterations, "killed after " + before);

        RunConfig c = ConfigLoader.load(config);
        TuneRun.Summary s = new TuneRun(c, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter())).run();
        assertEquals(iterations, s.history().size());
        for (int k = 0; k < iterations; k++) {
            assertEquals(k, (int) s.history().get(k)[0], "iteration " + k + " recorded once, in order");
            List<?> games = GameLog.read(c.output().resolve("iterations").resolve(Integer.toString(k)).resolve("games.pdn"), w -> { });
            assertEquals(2, games.size(), "iteration " + k + " has exactly its games");
        }
        JsonNode tuned = json.readTree(Files.readString(c.output().resolve("tuned-weights.json")));
        assertEquals(s.tuned()[0], tuned.get("king").asDouble(), 1e-9);
        assertTrue(Files.readString(c.output().resolve("weights-history.csv")).lines().count() == iterations + 1);
        assertTrue(Files.readString(c.output().resolve("weights-history.svg")).startsWith("<svg"));
    }
}
