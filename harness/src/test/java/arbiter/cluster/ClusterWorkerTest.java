package arbiter.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.execute.LocalExecutor;
import arbiter.execute.PlayerFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Workers as separate JVMs: two in one folder, a refused one, one stopped while it waits, a busy port. */
class ClusterWorkerTest {
    @TempDir
    Path dir;

    /** Stockfish against itself at 20 ms a move, 6 short games. */
    private Path chessConfig() throws Exception {
        String json = """
                { "name": "two-workers", "game": { "variant": "chess" },
                  "players": [
                    { "name": "sf-a", "protocol": "uci", "command": ["stockfish"], "options": { "Threads": 1, "Hash": 16 } },
                    { "name": "sf-b", "extends": "sf-a", "options": { "Skill Level": 0 } } ],
                  "schedule": { "type": "match", "players": ["sf-a", "sf-b"], "games": 6 },
                  "openings": { "randomPlies": 4, "pairs": true },
                  "limits": { "moveTimeMs": 20, "marginMs": 500 },
                  "adjudication": { "maxPlies": 60 },
                  "concurrency": 1, "seed": 5, "output": "%s" }
                """.formatted(dir.resolve("out").toString());
        Path file = dir.resolve("two-workers.json");
        Files.writeString(file, json);
        return file;
    }

    @Test
    void twoWorkersStartedAsDocumentedInOneFolderKeepApartAndLoseNoGame() throws Exception {
        arbiter.external.TestEnginesAccess.stockfish();
        Path config = chessConfig();
        try (ClusterProcesses cluster = new ClusterProcesses(dir)) {
            Process coordinator = cluster.coordinator(config, "coordinator");
            Process w1 = cluster.plainWorker("w1", "--concurrency", "1", "--engines", config.toString());
            Path pdn = dir.resolve("out").resolve("games.pdn");
            cluster.await("a first game", 120, () -> ClusterProcesses.games(pdn) >= 1);
            // The second worker starts while the first is playing, its engines running.
            Process w2 = cluster.plainWorker("w2", "--concurrency", "1", "--engines", config.toString());
            assertTrue(coordinator.waitFor(180, TimeUnit.SECONDS), "the run ends");
            assertEquals(6, ClusterProcesses.games(pdn));
            String games = Files.readString(pdn);
            String log = Files.readString(dir.resolve("out").resolve("arbiter.log"));
            assertFalse(games.contains("exited") || log.contains("exited with code"), "no engine ended by the other worker:\n" + log);
            assertTrue(Files.exists(dir.resolve("results/worker-1.log")) && Files.exists(dir.resolve("results/worker-2.log")),
                    "each worker its own log");
            assertTrue(w1.isAlive() || w2.isAlive());
        }
    }

    @Test
    void aWorkerWithAnotherSecretIsToldWhyAndExits2() throws Exception {
        Signer signer = new Signer("0123456789abcdef0123456789abcdef-test".getBytes(StandardCharsets.UTF_8));
        try (ClusterProcesses processes = new ClusterProcesses(dir);
             ClusterExecutor coordinator = new ClusterExecutor(processes.join(), signer,
                     new LocalExecutor(0, new PlayerFactory(Map.of())), 0)) {
            Path other = dir.resolve("other.secret");
            Files.writeString(other, "another secret, of another run, long enough\n");
            Process w = processes.start("w", List.of("worker", "--join", processes.join(), "--secret-file", other.toString(),
                    "--log", dir.resolve("w.log").toString(), "--connect-timeout", "8"));
            assertTrue(w.waitFor(60, TimeUnit.SECONDS), "it gives up");
            String out = processes.output("w");
            assertEquals(2, w.exitValue(), out + processes.log("w"));
            assertTrue(out.contains("The coordinator refused this worker: bad signature"), out);
            assertTrue(out.contains("error: ") && out.contains("secret"), out);
            assertFalse(out.contains("Joined"), out);
            assertFalse(out.contains("\tat "), "no stack trace:\n" + out);
        }
    }

    @Test
    void sigtermEndsAWorkerThatWaitsForItsCoordinator() throws Exception {
        try (ClusterProcesses processes = new ClusterProcesses(dir)) {
            Process w = processes.worker("w");
            Thread.sleep(6000); // connecting: nothing listens on the port
            assertTrue(w.isAlive());
            w.destroy(); // SIGTERM
            assertTrue(w.waitFor(20, TimeUnit.SECONDS), "SIGTERM ends a waiting worker");
            String log = processes.log("w");
            long lines = log.lines().filter(l -> l.contains("WARN") || l.contains("waiting")).count();
            assertTrue(lines <= 2, "waiting is quiet (a line a minute):\n" + log);
        }
    }

    /**
     * Issue 38 item 9: a SIGTERM in the worker's first second or so, once its stop hook is in place (its
     * log file is there) but before the worker exists, was lost, and later ones ignored. Three workers,
     * each stopped at another moment of its start.
     */
    @Test
    void sigtermWhileTheWorkerStartsEndsIt() throws Exception {
        try (ClusterProcesses processes = new ClusterProcesses(dir)) {
            List<Process> workers = new java.util.ArrayList<>();
            for (int i = 0; i < 3; i++) {
                workers.add(processes.worker("start" + i));
            }
            for (int i = 0; i < 3; i++) {
                Path log = dir.resolve("start" + i + ".log");
                processes.await("the log of worker " + i, 60, () -> Files.exists(log));
                Thread.sleep(i * 400L);
                workers.get(i).destroy(); // SIGTERM
            }
            for (int i = 0; i < 3; i++) {
                assertTrue(workers.get(i).waitFor(20, TimeUnit.SECONDS), "SIGTERM " + i * 400 + " ms after worker " + i
                        + "'s log appeared ends it:\n" + processes.log("start" + i));
            }
        }
    }

    @Test
    void sigtermEndsAPlayingWorkerAtOnceAndItsGameIsPlayedElsewhere() throws Exception {
        Signer signer = new Signer("0123456789abcdef0123456789abcdef-test".getBytes(StandardCharsets.UTF_8));
        try (ClusterProcesses processes = new ClusterProcesses(dir);
             ClusterExecutor coordinator = new ClusterExecutor(processes.join(), signer,
                     new LocalExecutor(0, new PlayerFactory(Map.of())), 0)) {
            Process w1 = processes.worker("w1");
            processes.await("w1 joined", 60, () -> coordinator.workers().size() == 1);
            java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);
            // A long game: depth 7 on both sides for up to 200 plies.
            arbiter.play.GameTask task = new arbiter.play.GameTask(0, 1, 0, "a", "b", arbiter.play.Opening.start(), 3);
            arbiter.play.GameSpec spec = new arbiter.play.GameSpec("sig", task, "international", Map.of(),
                    ClusterSecurityTest.builtIn("a", 7), ClusterSecurityTest.builtIn("b", 7),
                    new arbiter.play.Adjudication(0, 0, 0, 0, 0, 200));
            var result = coordinator.submit(spec, new arbiter.execute.GameObserver() {
                @Override
                public void started(String worker) {
                    started.countDown();
                }
            });
            assertTrue(started.await(60, TimeUnit.SECONDS));
            long t0 = System.nanoTime();
            w1.destroy(); // SIGTERM while playing
            assertTrue(w1.waitFor(20, TimeUnit.SECONDS), "SIGTERM ends a playing worker");
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertFalse(result.isDone(), "the abandoned game is not recorded");
            processes.await("the game back in the queue", 20, () -> coordinator.workers().isEmpty());
            processes.worker("w2");
            assertTrue(result.get(300, TimeUnit.SECONDS) != null, "another worker plays it");
            assertTrue(seconds < 20, "ended in " + seconds + " s");
        }
    }

    @Test
    void aPortInUseAndABadListenAreOneLineErrors() throws Exception {
        try (ClusterProcesses processes = new ClusterProcesses(dir);
             java.net.ServerSocket busy = new java.net.ServerSocket(processes.port, 1, java.net.InetAddress.getLoopbackAddress())) {
            Path config = chessConfig();
            Process c = processes.coordinator(config, "busy");
            assertTrue(c.waitFor(60, TimeUnit.SECONDS));
            String out = processes.output("busy");
            assertEquals(2, c.exitValue(), out);
            assertEquals(1, out.lines().filter(l -> !l.isBlank()).count(), out);
            assertTrue(out.startsWith("error: ") && out.contains("in use"), out);
            Process bad = processes.start("bad", List.of("run", config.toString(), "--cluster", "--listen", "192.0.2.7:5701",
                    "--secret-file", processes.secret.toString(), "--concurrency", "0"));
            assertTrue(bad.waitFor(60, TimeUnit.SECONDS));
            String badOut = processes.output("bad");
            assertEquals(2, bad.exitValue(), badOut);
            assertEquals(1, badOut.lines().filter(l -> !l.isBlank()).count(), badOut);
            assertTrue(badOut.contains("not an address of this machine"), badOut);
        }
    }
}
