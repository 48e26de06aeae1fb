package arbiter.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.tune.TuneRun;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SPSA over an external engine's UCI option: stockfish's Skill Level from a weak start. */
class StockfishTuneTest {
    @TempDir
    Path dir;

    @Test
    void spsaMovesAUciOptionTowardStrength() throws Exception {
        TestEngines.stockfish();
        Path f = dir.resolve("sf-tune.json");
        Files.writeString(f, """
                { "game": {"variant": "chess"},
                  "players": [ {"name": "sf", "protocol": "uci", "command": ["stockfish"],
                                "options": {"Threads": 1, "Hash": 16, "Skill Level": 1}} ],
                  "tune": { "player": "sf", "iterations": 8, "pairsPerIteration": 2,
                            "weights": { "Skill Level": {"start": 1, "min": 0, "max": 20, "cEnd": 2, "rEnd": 0.3, "integer": true} },
                            "validation": {"games": 4} },
                  "openings": {"randomPlies": 4}, "limits": {"nodes": 600, "marginMs": 1000},
                  "adjudication": {"resignScore": 400, "resignMoves": 2, "maxPlies": 160},
                  "concurrency": 2, "output": "%s", "seed": 3 }""".formatted(dir.resolve("out").toString().replace("\\", "/")));
        RunConfig c = ConfigLoader.load(f);
        StringWriter out = new StringWriter();
        TuneRun.Summary s = new TuneRun(c, new PrintWriter(out), new PrintWriter(new StringWriter())).run();
        assertEquals(8, s.history().size());
        JsonNode tuned = new ObjectMapper().readTree(Files.readString(c.output().resolve("tuned-weights.json")));
        assertTrue(tuned.get("Skill Level").isIntegralNumber(), tuned.toString());
        assertEquals(16, tuned.get("Hash").asInt(), "the other options are kept");
        assertTrue(tuned.get("Skill Level").asInt() > 1, "a higher skill wins: " + out);
        assertEquals(4, s.validation().games());
    }
}
