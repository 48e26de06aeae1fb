package arbiter.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.pdn.GameRecord;
import arbiter.tournament.StandingsReporter;
import arbiter.tournament.Tournament;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cluster with real separate JVMs on loopback: a coordinator ({@code arbiter run --cluster
 * --concurrency 0}, so workers play every game) and {@code arbiter worker} processes.
 */
class ClusterTest {
    @TempDir
    Path dir;

    /** Three built-in players under depth and node limits: every game replays to the same moves anywhere. */
    private Path config(String name, int rounds, int depth) throws Exception {
        String json = """
                { "name": "%s", "game": { "variant": "international" },
                  "players": [
                    { "name": "deep", "engine": "draughts-alphabeta", "limits": { "depth": %d } },
                    { "name": "shallow", "engine": "draughts-alphabeta", "limits": { "depth": 2 } },
                    { "name": "nodes", "engine": "draughts-alphabeta", "limits": { "nodes": 3000 } } ],
                  "schedule": { "type": "round-robin", "rounds": %d },
                  "openings": { "randomPlies": 4, "pairs": true },
                  "adjudication": { "maxPlies": 160 },
                  "concurrency": 2, "seed": 11, "output": "%s" }
                """.formatted(name, depth, rounds, dir.resolve(name).toString());
        Path file = dir.resolve(name + ".json");
        Files.writeString(file, json);
        return file;
    }

    @Test
    void gamesThroughTheClusterEqualALocalRun() throws Exception {
        Path file = config("same", 2, 3);
        RunConfig local = ConfigLoader.load(file).withOutput(dir.resolve("local"));
        new Tournament(local, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
                new StandingsReporter()).run();
        try (ClusterProcesses cluster = new ClusterProcesses(dir)) {
            // Workers first (they wait for a coordinator), so both are there when the games are given out.
            Process w1 = cluster.worker("w1");
            cluster.worker("w2");
            Process coordinator = cluster.coordinator(file, "coordinator");
            cluster.await("the coordinator listening", 60, () -> {
                try {
                    return !ClusterProcesses.listening(coordinator).isEmpty();
                } catch (java.io.IOException e) {
                    return false;
                }
            });
            // Nothing binds beyond loopback: the coordinator listens on its --listen address only, workers on nothing.
            assertEquals(List.of("127.0.0.1:" + cluster.port), ClusterProcesses.listening(coordinator));
            assertEquals(List.of(), ClusterProcesses.listening(w1));
            assertTrue(coordinator.waitFor(120, TimeUnit.SECONDS), "the run ends: " + cluster.output("coordinator"));
            assertEquals(0, coordinator.exitValue(), cluster.output("coordinator"));
            // Both workers played (each logs its games), so games really crossed process boundaries.
            assertTrue(cluster.log("w1").contains(" of same/"), cluster.log("w1"));
            assertTrue(cluster.log("w2").contains(" of same/"), cluster.log("w2"));
        }
        Map<String, GameRecord> here = byId(ClusterProcesses.read(dir.resolve("local/games.pdn")));
        Map<String, GameRecord> there = byId(ClusterProcesses.read(dir.resolve("same/games.pdn")));
        assertEquals(12, here.size());
        assertEquals(here.keySet(), there.keySet());
        for (String id : here.keySet()) {
            GameRecord a = here.get(id);
            GameRecord b = there.get(id);
            for (String tag : List.of("White", "Black", "Result", "Round", "Opening", "Termination")) {
                assertEquals(a.tag(tag), b.tag(tag), "game " + id + " tag " + tag);
            }
            assertEquals(a.moves(), b.moves(), "game " + id + " moves");
        }
    }

    @Test
    void killedWorkerLosesNoGameAndDuplicatesNone() throws Exception {
        Path file = config("killworker", 2, 6);
        Path pdn = dir.resolve("killworker/games.pdn");
        try (ClusterProcesses cluster = new ClusterProcesses(dir)) {
            Process doomed = cluster.worker("w1");
            cluster.worker("w2");
            Process coordinator = cluster.coordinator(file, "coordinator");
            cluster.await("two games recorded", 120, () -> ClusterProcesses.games(pdn) >= 2);
            // Mid-game: wait until the doomed worker has started a game it has not finished.
            cluster.await("w1 playing", 60, () -> started(cluster, "w1") > finished(cluster, "w1"));
            doomed.destroyForcibly();
            doomed.waitFor();
            assertTrue(coordinator.waitFor(180, TimeUnit.SECONDS), "the run ends: " + cluster.output("coordinator"));
            String log = Files.readString(dir.resolve("killworker/arbiter.log"));
            Matcher back = Pattern.compile("worker left \\(disconnected\\): \\S+ on \\S+; (\\d+) games back in the queue").matcher(log);
            assertTrue(back.find(), log);
            assertTrue(Integer.parseInt(back.group(1)) >= 1, back.group());
        }
        assertEachGameOnce(pdn, 12);
    }

    /**
     * A worker joined through a forwarding port (as through an SSH tunnel) loses its network silently
     * mid-game: after the heartbeat timeout its games go back to the queue and the run completes.
     */
    @Test
    void workerBehindATunnelThatGoesSilentIsGivenUpAndItsGamesReplayed() throws Exception {
        Path file = config("netloss", 1, 6);
        Path pdn = dir.resolve("netloss/games.pdn");
        try (ClusterProcesses cluster = new ClusterProcesses(dir); Forwarder tunnel = new Forwarder(cluster.port)) {
            Process coordinator = cluster.coordinator(file, "coordinator");
            cluster.start("w1", List.of("worker", "--join", "127.0.0.1:" + tunnel.port(), "--secret-file",
                    cluster.secret.toString(), "--concurrency", "1", "--log", dir.resolve("w1.log").toString()));
            // The second worker only once the first has joined, or it may play every game alone.
            cluster.await("w1 joined through the tunnel", 120, () -> cluster.outputContains("w1", "Joined "));
            cluster.worker("w2");
            cluster.await("w1 playing through the tunnel", 120, () -> started(cluster, "w1") > finished(cluster, "w1")
                    && finished(cluster, "w1") >= 1);
            tunnel.pause();
            long paused = System.nanoTime();
            cluster.await("w1 given up", 60, () -> {
                try {
                    return Files.readString(dir.resolve("netloss/arbiter.log")).contains("worker left (disconnected)");
                } catch (java.io.IOException e) {
                    return false;
                }
            });
            double seconds = (System.nanoTime() - paused) / 1e9;
            assertTrue(seconds >= 10 && seconds < 40, "given up after " + seconds + " s (heartbeat timeout 15 s)");
            assertTrue(coordinator.waitFor(180, TimeUnit.SECONDS), "the run ends: " + cluster.output("coordinator"));
            String log = Files.readString(dir.resolve("netloss/arbiter.log"));
            Matcher back = Pattern.compile("worker left \\(disconnected\\): \\S+ on \\S+; (\\d+) games back in the queue").matcher(log);
            assertTrue(back.find() && Integer.parseInt(back.group(1)) >= 1, log);
        }
        assertEachGameOnce(pdn, 6);
    }

    @Test
    void killedCoordinatorResumesWithNothingLostOrDuplicated() throws Exception {
        Path file = config("killcoordinator", 2, 5);
        Path pdn = dir.resolve("killcoordinator/games.pdn");
        try (ClusterProcesses cluster = new ClusterProcesses(dir)) {
            Process first = cluster.coordinator(file, "first");
            cluster.worker("w1");
            cluster.worker("w2");
            cluster.await("three games recorded", 120, () -> ClusterProcesses.games(pdn) >= 3);
            first.destroyForcibly();
            first.waitFor();
            int before = ClusterProcesses.games(pdn);
            assertTrue(before < 12, "killed before the end");
            // The same command again; the workers reconnect to the new coordinator by themselves.
            Process second = cluster.coordinator(file, "second");
            assertTrue(second.waitFor(180, TimeUnit.SECONDS), "the resumed run ends: " + cluster.output("second"));
            assertEquals(0, second.exitValue(), cluster.output("second"));
            assertTrue(cluster.output("second").contains("Resuming killcoordinator: " + before + " of 12 games already played."),
                    cluster.output("second"));
        }
        assertEachGameOnce(pdn, 12);
    }

    @Test
    void sprtVerdictStopsTheWholeCluster() throws Exception {
        String json = """
                { "name": "sprt", "game": { "variant": "international" },
                  "players": [
                    { "name": "engine", "engine": "draughts-alphabeta", "limits": { "depth": 3 } },
                    { "name": "random", "engine": "random", "limits": { "depth": 1 } } ],
                  "schedule": { "type": "match", "players": ["engine", "random"], "games": 400,
                                "sprt": { "elo0": 0, "elo1": 200, "alpha": 0.05, "beta": 0.05 } },
                  "openings": { "pairs": true, "randomPlies": 2 },
                  "concurrency": 1, "seed": 5, "output": "%s" }
                """.formatted(dir.resolve("sprt").toString());
        Path file = dir.resolve("sprt.json");
        Files.writeString(file, json);
        try (ClusterProcesses cluster = new ClusterProcesses(dir)) {
            cluster.worker("w1");
            cluster.worker("w2");
            Process coordinator = cluster.coordinator(file, "coordinator");
            assertTrue(coordinator.waitFor(120, TimeUnit.SECONDS), "the run ends: " + cluster.output("coordinator"));
            String out = cluster.output("coordinator");
            assertTrue(out.contains("Stopped: SPRT H1"), out);
            int games = ClusterProcesses.games(dir.resolve("sprt/games.pdn"));
            assertTrue(games < 60, games + " games");
            assertTrue(out.contains(games + " games in "), out);
            cluster.await("both workers told to cancel", 10, () -> {
                try {
                    return cluster.log("w1").contains("cancelled its games") && cluster.log("w2").contains("cancelled its games");
                } catch (java.io.IOException e) {
                    return false;
                }
            });
        }
    }

    /** SPSA through the cluster: every iteration's games are played by a worker, and the tuning equals a local one. */
    @Test
    void tuningThroughTheClusterEqualsALocalTuning() throws Exception {
        String json = """
                { "game": {"variant": "english"},
                  "players": [ {"name": "p", "engine": "draughts-alphabeta", "weights": {"king": 1.2}} ],
                  "tune": { "player": "p", "iterations": 5, "pairsPerIteration": 1,
                            "weights": { "king": {"start": 1.2, "min": 0.5, "max": 6, "cEnd": 0.3, "rEnd": 0.05} } },
                  "openings": {"randomPlies": 6}, "limits": {"depth": 2}, "adjudication": {"maxPlies": 120},
                  "concurrency": 1, "output": "%s", "seed": 5 }""";
        Path localFile = dir.resolve("tune-local.json");
        Files.writeString(localFile, json.formatted(dir.resolve("tune-local").toString()));
        Path clusterFile = dir.resolve("tune-cluster.json");
        Files.writeString(clusterFile, json.formatted(dir.resolve("tune-cluster").toString()));
        new arbiter.tune.TuneRun(ConfigLoader.load(localFile), new PrintWriter(new StringWriter()),
                new PrintWriter(new StringWriter())).run();
        try (ClusterProcesses cluster = new ClusterProcesses(dir)) {
            cluster.worker("w1");
            Process coordinator = cluster.start("coordinator", List.of("tune", clusterFile.toString(), "--cluster",
                    "--listen", cluster.join(), "--secret-file", cluster.secret.toString(), "--concurrency", "0"));
            assertTrue(coordinator.waitFor(120, TimeUnit.SECONDS), "the tuning ends: " + cluster.output("coordinator"));
            assertEquals(0, coordinator.exitValue(), cluster.output("coordinator"));
            assertTrue(cluster.log("w1").contains("-iteration-4/"), "the worker played the last iteration");
        }
        assertEquals(Files.readString(dir.resolve("tune-local/weights-history.csv")),
                Files.readString(dir.resolve("tune-cluster/weights-history.csv")));
        assertEquals(Files.readString(dir.resolve("tune-local/tuned-weights.json")),
                Files.readString(dir.resolve("tune-cluster/tuned-weights.json")));
    }

    private static int started(ClusterProcesses cluster, String worker) {
        try {
            return count(cluster.log(worker), "playing game ");
        } catch (java.io.IOException e) {
            return 0;
        }
    }

    private static int finished(ClusterProcesses cluster, String worker) {
        try {
            return count(cluster.log(worker), "Worker - game ");
        } catch (java.io.IOException e) {
            return 0;
        }
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    private static void assertEachGameOnce(Path pdn, int scheduled) throws Exception {
        List<GameRecord> games = ClusterProcesses.read(pdn);
        Map<String, Integer> seen = new HashMap<>();
        for (GameRecord g : games) {
            seen.merge(g.tag("Game"), 1, Integer::sum);
        }
        assertEquals(scheduled, games.size(), "games in the log: " + seen);
        assertEquals(scheduled, seen.size());
        assertFalse(seen.containsValue(2));
    }

    private static Map<String, GameRecord> byId(List<GameRecord> games) {
        Map<String, GameRecord> m = new TreeMap<>();
        for (GameRecord g : games) {
            m.put(g.tag("Game"), g);
        }
        return m;
    }
}
