package arbiter.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.RunConfig;
import arbiter.pdn.GameRecord;
import arbiter.pdn.PdnReader;
import arbiter.play.GameTask;
import arbiter.results.Scoreboard;
import arbiter.service.protocol.Counts;
import arbiter.service.protocol.ServiceClient;
import arbiter.service.protocol.Wire;
import arbiter.stats.Sprt;
import com.fasterxml.jackson.core.type.TypeReference;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cheating worker among two honest ones: it plays nothing and reports every pair of its tasks as won
 * by the tested player (games whose tags, numbers and results pass every check of a report), taking
 * about a quarter of the pairs. The SPRT's bounds are wide enough (alpha and beta 0.001) that every
 * worker's row holds the five expected pairs a cell needs when it decides (at 0.01 a row was at times
 * left out untested, and the cheat escaped: 6 of 8 runs). The test's two players are the same engine (random movers of two
 * seeds), so the honest games say H0 of SPRT(0, 40); with the cheat's pairs counted the SPRT heads for
 * H1. When the SPRT decides, the server's check finds the cheat's residual far above the others',
 * purges its tasks (kept in the PDN, tagged {@code [Counted "purged"]}), and the test goes on with the
 * honest workers to their verdict: the test's counts are those of its PDN's untagged games, every one
 * of them an honest worker's, and its verdict is the SPRT's on them.
 */
class BadWorkerEndToEndTest {
    @TempDir
    Path dir;

    static final String SPRT = "{\"elo0\": 0, \"elo1\": 40, \"alpha\": 0.001, \"beta\": 0.001}";
    static final RunConfig.Sprt SPRT_CONFIG = new RunConfig.Sprt(0, 40, 0.001, 0.001, false);

    static String definition() {
        return "{\"name\": \"twins\", \"game\": {\"variant\": \"international\"},"
                + " \"players\": [{\"name\": \"new\", \"engine\": \"random\", \"options\": {\"seed\": 1}},"
                + " {\"name\": \"old\", \"engine\": \"random\", \"options\": {\"seed\": 2}}],"
                + " \"schedule\": {\"type\": \"match\", \"players\": [\"new\", \"old\"], \"games\": 4000, \"sprt\": " + SPRT + "},"
                + " \"openings\": {\"randomPlies\": 2}, \"limits\": {\"depth\": 1}, \"adjudication\": {\"maxPlies\": 200}}";
    }

    /**
     * Registers as a worker and reports every pair of each task it gets as won twice by "new", taking
     * tasks while its pairs are at most {@code share} of the test's: a worker with a share of the pool.
     */
    static final class Cheat implements Runnable {
        final ServiceClient client;
        final long test;
        final double share;
        final AtomicBoolean stop = new AtomicBoolean();
        final AtomicLong worker = new AtomicLong(-1);
        final AtomicLong reportedPairs = new AtomicLong();
        volatile String refused;

        Cheat(String url, String token, long test, double share) {
            this.client = new ServiceClient(url, token);
            this.test = test;
            this.share = share;
        }

        @Override
        public void run() {
            Wire.Welcome w = client.post("/api/workers", new Wire.Hello(Wire.PROTOCOL, "dev", "cheat", 1, Map.of(), false),
                    Wire.Welcome.class);
            worker.set(w.worker());
            while (!stop.get()) {
                if (reportedPairs.get() > share * client.get("/api/tests/" + test, Wire.TestView.class).counts().pairs()) {
                    pause(20);
                    continue;
                }
                Wire.TaskAnswer a = client.post("/api/workers/" + w.worker() + "/task", "{}", Wire.TaskAnswer.class);
                Wire.Grant g = a.task();
                if (g == null) {
                    pause(a.retryMillis());
                    continue;
                }
                StringBuilder pdn = new StringBuilder();
                for (int p = g.firstPair(); p < g.firstPair() + g.pairs(); p++) {
                    pdn.append(game(GameTask.FIRST_ID + 2 * p, "new", "old", "2-0")).append(game(GameTask.FIRST_ID + 2 * p + 1, "old", "new", "0-2"));
                }
                long n = g.pairs();
                Counts won = new Counts(n, 2 * n, 0, 0, new long[] {0, 0, 0, 0, n});
                try {
                    client.post("/api/tasks/" + g.task() + "/report", new Wire.Report(w.worker(), won, pdn.toString(), 0),
                            Wire.ReportAnswer.class);
                    reportedPairs.addAndGet(n);
                } catch (ServiceClient.Failed e) {
                    refused = e.getMessage();
                }
            }
        }

        private static String game(int number, String white, String black, String result) {
            return "[Event \"cheat\"]\n[White \"" + white + "\"]\n[Black \"" + black + "\"]\n[Result \"" + result + "\"]\n"
                    + "[GameType \"20\"]\n[Game \"" + number + "\"]\n\n" + result + "\n\n";
        }

        private void pause(long ms) {
            try {
                Thread.sleep(ms);
            } catch (InterruptedException e) {
                stop.set(true);
            }
        }
    }

    @Test
    void aCheatIsFlaggedAndPurgedAndTheVerdictIsTheHonestWorkers() throws Exception {
        try (InProcessService s = new InProcessService(dir)) {
            long id = s.admin().post("/api/tests", definition(), Wire.Submitted.class).id();
            s.worker("honest-1", 1);
            s.worker("honest-2", 1);
            Cheat cheat = new Cheat(s.url(), s.workerToken(), id, 0.25);
            Thread t = new Thread(cheat, "cheat");
            t.start();
            Wire.TestView v;
            try {
                v = s.awaitOver(id, 120);
            } finally {
                cheat.stop.set(true);
                t.join(10_000);
            }

            Wire.WorkersView workers = s.admin().get("/api/tests/" + id + "/workers", Wire.WorkersView.class);
            Set<Long> purged = new HashSet<>();
            for (Wire.WorkerView w : workers.workers()) {
                if (w.purged()) {
                    purged.add(w.worker());
                }
            }
            assertEquals(Set.of(cheat.worker.get()), purged, "only the cheat is purged: " + workers);
            List<Wire.TaskView> tasks = s.get("/api/tests/" + id + "/tasks", new TypeReference<List<Wire.TaskView>>() { });
            long cheatPairs = 0;
            for (Wire.TaskView task : tasks) {
                assertEquals(task.worker() == cheat.worker.get(), task.purged(), "task " + task.id());
                if (task.purged()) {
                    cheatPairs += task.counts().pairs();
                    assertTrue(task.reason().startsWith("purged: automatic: residual"), task.reason());
                } else {
                    assertTrue(task.residual() == null || task.residual() < workers.threshold(), "honest task " + task);
                }
            }
            assertTrue(cheatPairs > 0 && cheatPairs == cheat.reportedPairs.get(), cheatPairs + " pairs of the cheat purged, "
                    + cheat.reportedPairs.get() + " taken from it");

            // the PDN: the cheat's games tagged, the rest once each and the test's counts
            List<GameRecord> games = new ArrayList<>();
            new PdnReader(new StringReader(s.admin().get("/api/tests/" + id + "/pdn")), "test " + id, x -> {
                throw new AssertionError(x.toString());
            }).forEachRemaining(games::add);
            Scoreboard honest = new Scoreboard(List.of("new", "old"), "new", "old", true, null);
            Set<String> counted = new HashSet<>();
            long tagged = 0;
            for (GameRecord g : games) {
                if ("purged".equals(g.tag("Counted"))) {
                    tagged++;
                    assertEquals("cheat", g.tag("Event"));
                } else if (g.tag("Counted") == null) {
                    assertTrue(counted.add(g.tag("Game")), "game " + g.tag("Game") + " counted twice");
                    assertFalse("cheat".equals(g.tag("Event")), "a cheat's game counts");
                    honest.add(g.tag("White"), g.tag("Black"), g.result(), (Integer.parseInt(g.tag("Game")) - GameTask.FIRST_ID) / 2);
                }
            }
            assertEquals(2 * cheatPairs, tagged);
            long[] penta = honest.pentanomial("new", "old");
            long[] wdl = honest.wdl("new", "old");
            assertEquals(v.counts(), new Counts(Arrays.stream(penta).sum(), wdl[0], wdl[1], wdl[2], penta));
            Sprt.Result verdict = Scoreboard.sprt(SPRT_CONFIG).test(penta);
            assertTrue(v.result().startsWith("SPRT " + verdict.verdict()), v.result() + " against " + verdict.verdict());
            assertEquals(Sprt.Verdict.H0_ACCEPTED, verdict.verdict(), "the honest games of two equal engines: " + v.result());
        }
    }
}
