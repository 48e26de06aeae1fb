package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.service.InProcessService;
import arbiter.service.protocol.Wire;
import arbiter.tune.FinalEstimate;
import arbiter.tune.Spsa;
import arbiter.tune.SpsaGames;
import arbiter.tune.StartsVerdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Job kinds beyond a match, in the service's queue together and played by two workers to their end:
 * an SPSA tuning, whose answer meets that of the same config tuned here by {@code arbiter tune
 * --spsa-mode async} within their stated errors (mean ± sd of theta over the last quarter; two
 * answers meet when they differ by at most twice their combined sd, as {@code --starts} judges), and
 * a round robin of four engines, whose rating list is what {@code arbiter elo} prints for its PDN.
 */
class ServiceJobsTest {
    @TempDir
    Path dir;

    /** English draughts at depth 2: the king's value from 1.2, where a larger one wins (docs/tuning.md). */
    static String tuning(Path output) {
        return """
                { "name": "king", "game": {"variant": "english"},
                  "players": [ {"name": "p", "engine": "draughts-alphabeta"} ],
                  "tune": { "player": "p", "iterations": 60, "pairsPerIteration": 2, "mode": "async",
                            "weights": { "king": {"start": 1.2, "min": 0.5, "max": 6, "cEnd": 0.5, "rEnd": 0.2} } },
                  "openings": {"randomPlies": 6}, "limits": {"depth": 2}, "adjudication": {"maxPlies": 120},
                  "concurrency": 2, "seed": 300, "output": "%s" }""".formatted(output.toString().replace("\\", "/"));
    }

    static final String ROUND_ROBIN = """
            { "name": "four", "game": {"variant": "english"},
              "players": [ {"name": "d1", "engine": "draughts-alphabeta", "limits": {"depth": 1}},
                           {"name": "d2", "engine": "draughts-alphabeta", "limits": {"depth": 2}},
                           {"name": "d2-king2", "engine": "draughts-alphabeta", "weights": {"king": 2}, "limits": {"depth": 2}},
                           {"name": "d3", "engine": "draughts-alphabeta", "limits": {"depth": 3}} ],
              "schedule": {"type": "round-robin", "rounds": 4},
              "openings": {"randomPlies": 4, "pairs": true}, "adjudication": {"maxPlies": 150}, "seed": 11 }""";

    @Test
    void anSpsaTuningAndARoundRobinInTheQueueRunOnTwoWorkersToTheirEnd() throws Exception {
        Path local = dir.resolve("local.json");
        Files.writeString(local, tuning(dir.resolve("local")));
        CliRunner[] tuned = new CliRunner[1];
        Thread here = new Thread(() -> tuned[0] = CliRunner.run("tune", local.toString(), "--spsa-mode", "async"), "local tune");
        here.start();
        try (InProcessService s = new InProcessService(dir.resolve("service"))) {
            long spsa = s.admin().post("/api/tests", tuning(dir.resolve("ignored")), Wire.Submitted.class).id();
            long rr = s.admin().post("/api/tests", ROUND_ROBIN, Wire.Submitted.class).id();
            s.worker("w1", 1);
            s.worker("w2", 1);
            Wire.TestView tuning = s.awaitOver(spsa, 180);
            Wire.TestView four = s.awaitOver(rr, 180);
            here.join(180_000);

            // SPSA: every pair applied; its estimate is the one its history gives, and meets the local one
            assertEquals("finished", tuning.state());
            assertEquals("spsa", tuning.kind());
            Wire.SpsaView view = s.admin().get("/api/tests/" + spsa + "/spsa", Wire.SpsaView.class);
            assertEquals(120, view.applied());
            RunConfig config = ConfigLoader.load(local);
            Spsa method = SpsaGames.spsa(config);
            FinalEstimate served = FinalEstimate.of(view.names(), view.history(), j -> method.step(j, method.start()).delta());
            assertEquals(served.lines("pair"), view.estimate());
            assertTrue(tuning.result().endsWith(served.values()), tuning.result());
            assertEquals(0, tuned[0].exit(), tuned[0].err());
            FinalEstimate here1 = FinalEstimate.read(dir.resolve("local").resolve("tune-summary.json"));
            StartsVerdict.Verdict v = StartsVerdict.of(List.of(new StartsVerdict.Start("local", here1),
                    new StartsVerdict.Start("service", served)));
            System.out.println(String.join("\n", v.lines())); // the figures docs/service.md quotes
            assertTrue(v.meet(), String.join("\n", v.lines()));

            // the round robin: every pair played, its rating list arbiter elo's on its PDN
            assertEquals("finished", four.state());
            assertEquals("rating", four.kind());
            assertEquals(24, four.counts().pairs());
            Path pdn = dir.resolve("four.pdn");
            Files.writeString(pdn, s.admin().get("/api/tests/" + rr + "/pdn"));
            Wire.RatingsView ratings = s.admin().get("/api/tests/" + rr + "/ratings", Wire.RatingsView.class);
            CliRunner elo = CliRunner.run("elo", pdn.toString());
            assertEquals(0, elo.exit(), elo.err());
            assertEquals(elo.out(), ratings.text());
            assertEquals(4, ratings.players().size());
            assertEquals(96, ratings.players().stream().mapToLong(Wire.Rating::games).sum());
        }
    }
}
