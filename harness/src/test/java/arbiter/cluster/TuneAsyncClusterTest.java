package arbiter.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.pdn.GameLog;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Barrier-free SPSA through a real cluster (worker JVMs on loopback): every pair is played by the
 * workers and applied once, and the tune reports how busy each worker's slots were.
 */
class TuneAsyncClusterTest {
    @TempDir
    Path dir;

    @Test
    void asyncTuningKeepsEveryWorkerPlayingAndReportsItsUtilisation() throws Exception {
        Path config = dir.resolve("tune.json");
        Files.writeString(config, """
                { "game": {"variant": "english"},
                  "players": [ {"name": "p", "engine": "draughts-alphabeta", "weights": {"king": 1.2}} ],
                  "tune": { "player": "p", "iterations": 6, "pairsPerIteration": 2,
                            "weights": { "king": {"start": 1.2, "min": 0.5, "max": 6, "cEnd": 0.3, "rEnd": 0.05} } },
                  "openings": {"randomPlies": 6}, "limits": {"depth": 4}, "adjudication": {"maxPlies": 120},
                  "concurrency": 1, "output": "%s", "seed": 5 }""".formatted(dir.resolve("out").toString()));
        try (ClusterProcesses cluster = new ClusterProcesses(dir)) {
            cluster.worker("w1");
            cluster.worker("w2");
            Process coordinator = cluster.start("coordinator", List.of("tune", config.toString(), "--cluster",
                    "--listen", cluster.join(), "--secret-file", cluster.secret.toString(), "--concurrency", "0",
                    "--spsa-mode", "async"));
            assertTrue(coordinator.waitFor(180, TimeUnit.SECONDS), "the tuning ends: " + cluster.output("coordinator"));
            assertEquals(0, coordinator.exitValue(), cluster.output("coordinator"));
            String out = cluster.output("coordinator");
            assertTrue(out.contains("utilisation: "), out);
            assertTrue(cluster.log("w1").contains("-pair-"), "w1 played pairs");
            assertTrue(cluster.log("w2").contains("-pair-"), "w2 played pairs");
        }
        JsonNode summary = new ObjectMapper().readTree(Files.readString(dir.resolve("out/tune-summary.json")));
        assertEquals("async", summary.get("mode").asText());
        JsonNode workers = summary.get("utilisation").get("workers");
        assertEquals(2, workers.size(), summary.toString());
        for (JsonNode w : workers) {
            assertEquals(1, w.get("slots").asInt(), summary.toString());
            assertTrue(w.get("busySlotSeconds").asDouble() > 0, summary.toString());
        }
        for (int j = 0; j < 12; j++) {
            assertEquals(2, GameLog.read(dir.resolve("out/pairs/" + j + "/games.pdn"), w -> { }).size(), "pair " + j);
        }
    }
}
