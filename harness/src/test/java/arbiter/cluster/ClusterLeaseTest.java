package arbiter.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.execute.GameObserver;
import arbiter.execute.LocalExecutor;
import arbiter.execute.PlayerFactory;
import arbiter.play.Adjudication;
import arbiter.play.GameSpec;
import arbiter.play.GameTask;
import arbiter.play.Opening;
import arbiter.play.PlayedGame;
import arbiter.play.PlayerSpec;
import arbiter.play.TimeLimits;
import com.hazelcast.core.HazelcastInstance;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Leases with deadlines and run-bound messages against a peer without the secret on the wire: specs
 * lost on the way to a worker, a cancel recorded in another run replayed.
 */
class ClusterLeaseTest {
    @TempDir
    Path dir;

    private static final byte[] SECRET = "0123456789abcdef0123456789abcdef-test".getBytes(StandardCharsets.UTF_8);

    /** A built-in player with 5 ms a move: with a 60-ply cap, a game's bound is 60 x 5 ms. */
    static PlayerSpec quick(String name) {
        return new PlayerSpec(name, "draughts-alphabeta", null, Map.of(), Map.of(), new TimeLimits(0, 0, 5, 0, 0, 0, 0));
    }

    static GameSpec spec(String run, int id) {
        GameTask task = new GameTask(id, 1, id, "a", "b", Opening.start(), 7 + id);
        return new GameSpec(run, task, "international", Map.of(), quick("a"), quick("b"), new Adjudication(0, 0, 0, 0, 0, 60));
    }

    @Test
    void deadlineIsTheGamesOwnBoundPlusMargin() {
        Leases leases = new Leases();
        // 30 moves a side at 5 ms: 300 ms, plus a quarter, plus the margin.
        assertEquals(300 + 75 + Leases.MARGIN_MS, leases.deadlineMs(spec("r", 1)));
        // 40 moves in 60 s + 1 s increment, 100 moves a side (200 plies): 3 periods of 60 s + 100 s + 50 ms margin.
        assertEquals(3 * 60_000 + 100_000 + 50, Leases.sideMs(new TimeLimits(0, 0, 0, 60_000, 1000, 40, 50), 100));
        // Depth only: no bound of its own, the generous default.
        GameSpec deep = new GameSpec("r", spec("r", 1).task(), "international", Map.of(), ClusterSecurityTest.builtIn("a", 3),
                quick("b"), new Adjudication(0, 0, 0, 0, 0, 60));
        assertEquals(Leases.UNLIMITED_MS + Leases.UNLIMITED_MS / 4 + Leases.MARGIN_MS, leases.deadlineMs(deep));
    }

    @Test
    void sequenceNumbersAreTakenOnceWithinTheWindow() {
        Sequence s = new Sequence(5);
        assertTrue(s.take(3));
        assertTrue(!s.take(5) && !s.take(3));
        assertTrue(s.take(5 + Sequence.WINDOW));
        assertTrue(!s.take(5), "below the window: a replay");
        assertTrue(s.take(6 + Sequence.WINDOW) && !s.take(6 + Sequence.WINDOW));
        // A number far ahead would move the window past every real one to come (issue 38 item 5): refused.
        assertTrue(!s.take(1_000_000_000_000L) && !s.take(6 + 2L * Sequence.WINDOW + 1), "far ahead: refused");
        assertTrue(s.take(6 + 2L * Sequence.WINDOW), "one window ahead is taken");
    }

    private static int freePort() throws java.io.IOException {
        try (java.net.ServerSocket free = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return free.getLocalPort();
        }
    }

    /**
     * A stand-in coordinator: a bare member on loopback {@code port} whose queues the test reads and
     * fills itself; its results queue holds at most {@code resultsMax} messages (0: no bound).
     */
    private static HazelcastInstance standIn(String name, int port, int resultsMax) {
        com.hazelcast.config.Config config = new com.hazelcast.config.Config().setClusterName(Hazelcasts.CLUSTER_NAME)
                .setInstanceName(name + "-" + port);
        config.setProperty("hazelcast.logging.type", "log4j2");
        config.setProperty("hazelcast.phone.home.enabled", "false");
        config.getJetConfig().setEnabled(false);
        if (resultsMax > 0) {
            config.getQueueConfig(ClusterExecutor.RESULTS).setMaxSize(resultsMax).setBackupCount(0);
        }
        // Joins nobody, as the coordinator's member does (Hazelcasts.member): left on, auto-detection fell back to
        // multicast and merged two stand-ins of test runs side by side on this machine into one cluster, each
        // then reading the other's queues (and with no backups, a member's leaving emptied them).
        com.hazelcast.config.JoinConfig join = config.getNetworkConfig().setPort(port).setPortAutoIncrement(false).getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        join.getTcpIpConfig().setEnabled(true).addMember("127.0.0.1:" + port);
        config.getNetworkConfig().getInterfaces().setEnabled(true).addInterface("127.0.0.1");
        return com.hazelcast.core.Hazelcast.newHazelcastInstance(config);
    }

    /** Waits for {@code worker}'s announcement and welcomes it to run "r" of coordinator "c"; returns its task queue. */
    private static com.hazelcast.collection.IQueue<Object> welcome(HazelcastInstance member, Worker worker, Signer signer)
            throws InterruptedException {
        var announced = member.getMap(ClusterExecutor.WORKERS);
        long until = System.currentTimeMillis() + 30_000;
        while (announced.get(worker.id()) == null && System.currentTimeMillis() < until) {
            Thread.sleep(50);
        }
        Signer key = signer.forWorker(worker.id());
        com.fasterxml.jackson.databind.JsonNode hello = Wire.parse(key.open(announced.get(worker.id())));
        com.hazelcast.collection.IQueue<Object> tasks = member.getQueue(ClusterExecutor.TASKS + worker.id());
        tasks.offer(key.sign(Wire.text(Wire.object().put("kind", "welcome").put("run", "r").put("coordinator", "c")
                .put("seq", 1).put("control", 0).put("worker", worker.id()).put("nonce", hello.get("nonce").asText()))));
        return tasks;
    }

    @Test
    void aWorkerKeepsAResultTheFullResultsQueueDoesNotTakeAndHandsItInLater() throws Exception {
        Signer signer = new Signer(SECRET);
        int port = freePort();
        HazelcastInstance member = standIn("full-results", port, 1); // its results queue holds one message, soon full
        java.io.StringWriter console = new java.io.StringWriter();
        try (Worker worker = new Worker("127.0.0.1:" + port, signer, new PlayerFactory(Map.of()), 1, 30_000,
                new java.io.PrintWriter(console))) {
            assertTrue(worker.connect(30_000));
            Thread runner = new Thread(worker::run);
            runner.start();
            var results = member.getQueue(ClusterExecutor.RESULTS);
            assertTrue(results.offer("filler"));
            var tasks = welcome(member, worker, signer);
            var m = Wire.object().put("kind", "spec").put("run", "r").put("coordinator", "c").put("seq", 2)
                    .put("worker", worker.id()).put("lease", 1).put("moves", false);
            m.set("spec", Wire.tree(ClusterSecurityTest.spec(0, ClusterSecurityTest.builtIn("a", 1), ClusterSecurityTest.builtIn("b", 1))));
            tasks.offer(signer.forWorker(worker.id()).sign(Wire.text(m)));
            Thread.sleep(4000); // the game is over well before: its result waits at the worker
            assertEquals(List.of("filler"), new ArrayList<>(results), "the full queue took nothing more");
            List<String> kinds = new ArrayList<>();
            long until = System.currentTimeMillis() + 30_000;
            while (!kinds.contains("result") && System.currentTimeMillis() < until) {
                Object o = results.poll(200, TimeUnit.MILLISECONDS);
                if (o instanceof byte[] batch) {
                    ResultBatch.decode(signer.forWorker(worker.id()).openBytes(batch)).entries().forEach(e -> kinds.add(e.kind().name().toLowerCase()));
                }
            }
            assertTrue(kinds.contains("result"), "the result is handed in once there is room: " + kinds + console);
            runner.interrupt();
        } finally {
            member.shutdown();
        }
    }

    /**
     * A worker's heartbeat names the leases it has held for a second or more, queued or playing, and
     * none given since (their deadline runs from when they were given): a worker of instant games sends
     * none at all. Against a stand-in coordinator that reads the results queue itself.
     */
    @Test
    void heartbeatsNameLeasesHeldASecondOrMoreAndNoFresherOnes() throws Exception {
        Signer signer = new Signer(SECRET);
        int port = freePort();
        HazelcastInstance member = standIn("heartbeats", port, 0);
        try (Worker worker = new Worker("127.0.0.1:" + port, signer, new PlayerFactory(Map.of()), 1, 30_000,
                new java.io.PrintWriter(new java.io.StringWriter()))) {
            assertTrue(worker.connect(30_000));
            Thread runner = new Thread(worker::run);
            runner.start();
            var tasks = welcome(member, worker, signer);
            // Two games of about 3 s (100 ms a move, 30 plies) on one slot: lease 2 waits queued while lease 1 plays.
            // (a margin of 2 s a move, so that a busy machine's late move is no time forfeit that ends a game early)
            PlayerSpec a = new PlayerSpec("a", "draughts-alphabeta", null, Map.of(), Map.of(), new TimeLimits(0, 0, 100, 0, 0, 0, 2000));
            PlayerSpec b = new PlayerSpec("b", "draughts-alphabeta", null, Map.of(), Map.of(), new TimeLimits(0, 0, 100, 0, 0, 0, 2000));
            var m = Wire.object().put("kind", "specs").put("run", "r").put("coordinator", "c").put("seq", 2).put("worker", worker.id());
            var games = m.putArray("games");
            for (int lease = 1; lease <= 2; lease++) {
                GameTask task = new GameTask(lease, 1, lease, "a", "b", Opening.start(), lease);
                games.addObject().put("lease", lease).put("moves", false).set("spec", Wire.tree(new GameSpec("r", task,
                        "international", Map.of(), a, b, new Adjudication(0, 0, 0, 0, 0, 30))));
            }
            long given = System.nanoTime();
            tasks.offer(signer.forWorker(worker.id()).sign(Wire.text(m)));
            var results = member.getQueue(ClusterExecutor.RESULTS);
            List<Double> early = new ArrayList<>();
            java.util.Set<Long> named = new java.util.TreeSet<>();
            List<String> seen = new ArrayList<>();
            long until = System.currentTimeMillis() + 2_600;
            while (System.currentTimeMillis() < until) {
                Object o = results.poll(100, TimeUnit.MILLISECONDS);
                double at = (System.nanoTime() - given) / 1e9;
                if (o instanceof byte[] batch) {
                    for (ResultBatch.Entry e : ResultBatch.decode(signer.forWorker(worker.id()).openBytes(batch)).entries()) {
                        seen.add(String.format(java.util.Locale.ROOT, "%.2f s %s%s", at, e.kind(), e.kind() == ResultBatch.Kind.REFUSED ? " " + e.why()
                                : e.kind() == ResultBatch.Kind.RESULT ? " " + e.game().termination().describe() : ""));
                        if (e.kind() == ResultBatch.Kind.ALIVE) {
                            if (at < 1.0) {
                                early.add(at);
                            }
                            for (long l : e.leases()) {
                                named.add(l);
                            }
                        }
                    }
                }
            }
            assertEquals(List.of(), early, "no heartbeat within a second of the leases being given (s after)");
            assertEquals(java.util.Set.of(1L, 2L), named, "the playing and the queued lease, held over a second, are named: " + seen);
            runner.interrupt();
        } finally {
            member.shutdown();
        }
    }

    @Test
    void aPeerWithoutTheSecretThatStealsSpecsAndReplaysAnotherRunsCancelOnlyDelaysTheRun() throws Exception {
        Signer signer = new Signer(SECRET);
        int games = 6;
        int steals = 2;
        try (ClusterProcesses processes = new ClusterProcesses(dir)) {
            Hazelcasts.Address at = Hazelcasts.Address.parse(processes.join(), "join");
            List<Object> recorded = new CopyOnWriteArrayList<>();
            // Run 1: a worker plays a game; the peer records the cancel the coordinator sends at its end.
            try (ClusterExecutor first = new ClusterExecutor(processes.join(), signer, new LocalExecutor(0, new PlayerFactory(Map.of())),
                    0, "run-1")) {
                HazelcastInstance spy = Hazelcasts.client(at, "spy", 10_000);
                spy.getTopic(ClusterExecutor.CONTROL).addMessageListener(m -> recorded.add(m.getMessageObject()));
                processes.worker("w1");
                assertNotNull(first.submit(spec("run-1", 0), GameObserver.NONE).get(120, TimeUnit.SECONDS));
                first.cancelAll();
                processes.await("the recorded cancel", 10, () -> !recorded.isEmpty());
                spy.shutdown();
            }
            // Run 2 on the same port: the same worker reconnects; the peer steals and replays.
            try (ClusterExecutor second = new ClusterExecutor(processes.join(), signer, new LocalExecutor(0, new PlayerFactory(Map.of())),
                    0, "run-2")) {
                second.leases.marginMs = 2000;
                processes.await("the worker in run 2", 60, () -> second.workers().size() == 1);
                String worker = second.workers().get(0).id();
                // No client may take from another's queue or publish a cancel (ClientGuard): the peer is on the wire,
                // where it loses specs and injects the recorded cancel, as the coordinator's member itself.
                HazelcastInstance peer = Hazelcasts.client(at, "peer", 10_000);
                HazelcastInstance wire = com.hazelcast.core.Hazelcast.getHazelcastInstanceByName("arbiter-coordinator-" + processes.port);
                AtomicInteger stolen = new AtomicInteger();
                AtomicInteger refused = new AtomicInteger();
                Thread thief = new Thread(() -> {
                    try {
                        while (!Thread.currentThread().isInterrupted()) {
                            try {
                                peer.getQueue(ClusterExecutor.TASKS + worker).poll();
                            } catch (RuntimeException e) {
                                refused.incrementAndGet();
                            }
                            if (stolen.get() < steals && wire.getQueue(ClusterExecutor.TASKS + worker).poll(50, TimeUnit.MILLISECONDS) != null) {
                                stolen.incrementAndGet();
                            }
                            wire.getTopic(ClusterExecutor.CONTROL).publish(recorded.get(0));
                            Thread.sleep(stolen.get() < steals ? 0 : 250);
                        }
                    } catch (InterruptedException | RuntimeException e) {
                        // the test is over
                    }
                });
                thief.start();
                long deadline = second.leases.deadlineMs(spec("run-2", 1));
                long start = System.nanoTime();
                List<CompletableFuture<PlayedGame>> results = new ArrayList<>();
                for (int i = 1; i <= games; i++) {
                    results.add(second.submit(spec("run-2", i), GameObserver.NONE));
                }
                for (CompletableFuture<PlayedGame> r : results) {
                    assertNotNull(r.get(120, TimeUnit.SECONDS), "every game is played");
                }
                double seconds = (System.nanoTime() - start) / 1e9;
                thief.interrupt();
                thief.join();
                peer.shutdown();
                assertTrue(refused.get() >= 1, "the peer's client may not take from the worker's queue");
                assertTrue(stolen.get() >= 1, "specs were lost on the way");
                // Each lost spec costs its lease's confirmation deadline at most (they may overlap); the games themselves
                // take well under that.
                long lost = Math.min(deadline, second.leases.confirmMs);
                assertTrue(seconds < stolen.get() * lost / 1000.0 + 15, games + " games took " + seconds + " s with deadline "
                        + lost + " ms");
                String log = processes.log("w1");
                assertTrue(log.contains("rejected a control message: a cancel for another run or coordinator"), log);
                assertTrue(!log.contains("cancelled its games (up to lease") || log.lastIndexOf("cancelled its games")
                        < log.indexOf("run-2"), "no replayed cancel was obeyed in run 2");
            }
        }
    }
}
