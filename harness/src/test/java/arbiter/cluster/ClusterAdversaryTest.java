package arbiter.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import arbiter.execute.GameObserver;
import arbiter.execute.LocalExecutor;
import arbiter.execute.PlayerFactory;
import arbiter.game.EndReason;
import arbiter.play.Adjudication;
import arbiter.play.GameResult;
import arbiter.play.GameSpec;
import arbiter.play.GameTask;
import arbiter.play.Opening;
import arbiter.play.PlayedGame;
import arbiter.play.PlayedMove;
import arbiter.play.PlayerSpec;
import arbiter.play.Protocol;
import arbiter.play.Termination;
import arbiter.play.TimeLimits;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.hazelcast.client.impl.clientside.HazelcastClientProxy;
import com.hazelcast.client.impl.protocol.ClientMessage;
import com.hazelcast.client.impl.protocol.codec.MCChangeClusterStateCodec;
import com.hazelcast.client.impl.protocol.codec.MCShutdownClusterCodec;
import com.hazelcast.client.impl.protocol.codec.MCShutdownMemberCodec;
import com.hazelcast.client.impl.spi.impl.ClientInvocation;
import com.hazelcast.cluster.ClusterState;
import com.hazelcast.collection.IQueue;
import com.hazelcast.core.DistributedObject;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cluster against adversaries (issue 38, and the lost spec of issue 36): one coordinator in this
 * JVM, one real {@code arbiter worker} process with Stockfish in its {@code --engines}, and adversaries
 * that are Hazelcast clients of this JVM written against the jars: some without the secret, some with
 * it (a worker gone bad). Every case ends by having the real worker play tiny games (random players),
 * so an attack that stops, freezes or poisons the run fails the case that made it. The cases share
 * one cluster (in order: the first restarts the coordinator as the next run, the last stops its member).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterAdversaryTest {
    @TempDir
    static Path dir;

    private static final byte[] SECRET = "0123456789abcdef0123456789abcdef-test".getBytes(StandardCharsets.UTF_8);
    private final Signer signer = new Signer(SECRET);
    private ClusterProcesses processes;
    private ClusterExecutor coordinator;
    private String w1;
    private Path engines;
    private final AtomicInteger ids = new AtomicInteger();
    private final List<HazelcastInstance> clients = new ArrayList<>();

    @BeforeAll
    void start() throws Exception {
        processes = new ClusterProcesses(dir);
        engines = dir.resolve("engines.json");
        Files.writeString(engines, """
                { "name": "engines", "game": { "variant": "chess" },
                  "players": [ { "name": "sf", "protocol": "uci", "command": ["%s"] },
                               { "name": "sf2", "extends": "sf" } ],
                  "limits": { "moveTimeMs": 20 }, "schedule": { "type": "match", "players": ["sf", "sf2"], "games": 2 } }
                """.formatted(arbiter.external.TestEnginesAccess.stockfish()));
        // The worker waits for its coordinator, which starts after it (issue 38 item 10).
        processes.worker("w1", "--engines", engines.toString());
        Thread.sleep(1500);
        coordinator = coordinator("run-1");
        processes.await("w1 joined", 60, () -> coordinator.workers().size() == 1);
        w1 = coordinator.workers().get(0).id();
    }

    @AfterAll
    void stop() {
        for (HazelcastInstance c : clients) {
            try {
                c.shutdown();
            } catch (RuntimeException e) {
                // gone already
            }
        }
        if (coordinator != null) {
            coordinator.close();
        }
        processes.close();
    }

    private ClusterExecutor coordinator(String run) {
        return new ClusterExecutor(processes.join(), signer, new LocalExecutor(0, new PlayerFactory(Map.of())), 0, run);
    }

    /** The coordinator's member, as the test (not an adversary) reaches it: to look inside, or to stand for a peer on the wire. */
    private HazelcastInstance member() {
        return Hazelcast.getHazelcastInstanceByName("arbiter-coordinator-" + processes.port);
    }

    /** A Hazelcast client of the coordinator, as anyone who can reach its port has. */
    private HazelcastInstance client(String name) {
        HazelcastInstance c = Hazelcasts.client(Hazelcasts.Address.parse(processes.join(), "join"), name, 10_000);
        clients.add(c);
        return c;
    }

    static PlayerSpec random(String name, int seed) {
        return new PlayerSpec(name, "random", null, Map.of("seed", seed), Map.of(), new TimeLimits(1, 0, 0, 0, 0, 0, 0));
    }

    /** A tiny game of random players, at most 40 plies. */
    private GameSpec tiny() {
        int id = ids.incrementAndGet();
        GameTask task = new GameTask(id, 1, id, "ra", "rb", Opening.start(), 100 + id);
        return new GameSpec(coordinator.run, task, "international", Map.of(), random("ra", 1), random("rb", 2),
                new Adjudication(0, 0, 0, 0, 0, 40));
    }

    /** A game of a few seconds (depth 4 for up to 100 plies): its lease is held while the test looks. */
    private GameSpec longer() {
        int id = ids.incrementAndGet();
        GameTask task = new GameTask(id, 1, id, "a", "b", Opening.start(), 100 + id);
        return new GameSpec(coordinator.run, task, "international", Map.of(), ClusterSecurityTest.builtIn("a", 4),
                ClusterSecurityTest.builtIn("b", 4), new Adjudication(0, 0, 0, 0, 0, 100));
    }

    /** Has the real worker play {@code n} tiny games: each must come back, played as the rules say. */
    private void workerStillPlays(int n, String after) throws Exception {
        List<CompletableFuture<PlayedGame>> results = new ArrayList<>();
        List<GameSpec> specs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            GameSpec spec = tiny();
            specs.add(spec);
            results.add(coordinator.submit(spec, GameObserver.NONE));
        }
        for (int i = 0; i < n; i++) {
            PlayedGame g;
            try {
                g = results.get(i).get(40, TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                fail("after " + after + ", game " + specs.get(i).task().id() + " never came back\n" + processes.log("w1"));
                return;
            }
            assertNotNull(g, "after " + after + ": a game was abandoned");
            assertEquals(specs.get(i).task(), g.task());
        }
    }

    /** True when the action is refused (it throws); an adversary's attempt. */
    private static boolean refused(Runnable attempt) {
        try {
            attempt.run();
            return false;
        } catch (RuntimeException e) {
            return true;
        }
    }

    private static Object invoke(HazelcastInstance client, ClientMessage request) throws Exception {
        return new ClientInvocation(((HazelcastClientProxy) client).client, request, null).invoke().get(10, TimeUnit.SECONDS);
    }

    /** A batch signed with the secret, as worker {@code worker} numbered {@code n}. */
    private byte[] batch(String worker, long n, ResultBatch.Entry... entries) {
        ResultBatch.Writer w = new ResultBatch.Writer();
        for (ResultBatch.Entry e : entries) {
            w.add(e);
        }
        return signer.forWorker(worker).sign(w.finish(coordinator.run, coordinator.incarnation, worker, n));
    }

    /** An in-process worker gone bad: it has the secret and joins under its own client id. */
    private final class Insider {
        final HazelcastInstance hz;
        final String id;
        final Signer key;
        final IQueue<Object> tasks;
        final String nonce = java.util.UUID.randomUUID().toString();
        long seq = 1;
        JsonNode welcome;

        Insider(String name, int slots) throws Exception {
            hz = client(name);
            id = hz.getLocalEndpoint().getUuid().toString();
            key = signer.forWorker(id);
            tasks = hz.getQueue(ClusterExecutor.TASKS + id);
            ObjectNode hello = Wire.object().put("kind", "hello").put("worker", id).put("nonce", nonce).put("seq", seq++)
                    .put("host", name).put("cores", 1).put("slots", slots);
            hello.putArray("engines");
            hz.getMap(ClusterExecutor.WORKERS).put(id, key.sign(Wire.text(hello)));
            welcome = Wire.parse(key.open(tasks.poll(10, TimeUnit.SECONDS)));
            assertEquals("welcome", welcome.get("kind").asText(), welcome.toString());
        }

        /** The next lease it is given (submitting tiny games until one comes). */
        JsonNode lease() throws Exception {
            for (int i = 0; i < 40; i++) {
                Object m = tasks.poll(250, TimeUnit.MILLISECONDS);
                if (m != null) {
                    JsonNode spec = Wire.parse(key.open(m));
                    return spec.has("games") ? spec.get("games").get(0) : spec;
                }
                coordinator.submit(tiny(), GameObserver.NONE);
            }
            fail("no lease for " + id);
            return null;
        }

        void send(ResultBatch.Entry... entries) {
            hz.getQueue(ClusterExecutor.RESULTS).offer(batch(id, seq++, entries));
        }

        boolean dropped() {
            return coordinator.workers().stream().noneMatch(w -> w.id().equals(id));
        }
    }

    // ---- item 10: a worker that waited for its coordinator ---------------------------------------------------------------

    @Test
    @Order(0)
    void aWorkerWaitingWhenTheCoordinatorStartsIsToldNoRefusal() throws Exception {
        workerStillPlays(2, "the start");
        assertFalse(processes.output("w1").contains("refused"), "the worker was told of no refusal:\n" + processes.output("w1"));
    }

    // ---- item 4: a recorded announcement replayed into the next run ---------------------------------------------------

    @Test
    @Order(1)
    void anAnnouncementRecordedInOneRunAndReplayedInTheNextAbandonsNothing() throws Exception {
        // On the wire of run 1: the worker's signed announcement (a peer on the path can read it).
        Object recorded = member().getMap(ClusterExecutor.WORKERS).get(w1);
        assertNotNull(recorded);
        coordinator.close();
        coordinator = coordinator("run-2");
        processes.await("w1 in run 2", 60, () -> coordinator.workers().size() == 1);
        CompletableFuture<PlayedGame> playing = coordinator.submit(longer(), GameObserver.NONE);
        CompletableFuture<PlayedGame> next = coordinator.submit(longer(), GameObserver.NONE);
        processes.await("two leases held by w1", 20, () -> leasesOf(w1).size() == 2);
        List<Long> before = leasesOf(w1);
        long rejected = coordinator.rejected();
        // An adversary without the secret puts it back under the worker's id ...
        HazelcastInstance peer = client("replayer");
        refused(() -> peer.getMap(ClusterExecutor.WORKERS).put(w1, recorded));
        // ... and a peer on the path injects it as if the worker had sent it.
        member().getMap(ClusterExecutor.WORKERS).put(w1, recorded);
        processes.await("the replay refused", 10, () -> coordinator.rejected() > rejected);
        List<Long> after = leasesOf(w1);
        assertTrue(before.containsAll(after), "the worker keeps its leases (those not played out since): " + before + " then " + after);
        assertNotNull(playing.get(120, TimeUnit.SECONDS));
        assertNotNull(next.get(120, TimeUnit.SECONDS));
        assertFalse(processes.output("w1").contains("refused"), "no refusal reached the worker:\n" + processes.output("w1"));
        workerStillPlays(2, "a replayed announcement");
    }

    private List<Long> leasesOf(String worker) {
        synchronized (coordinatorLock()) {
            for (Remote r : coordinator.dispatcher.workers()) {
                if (r.info.id().equals(worker)) {
                    return new ArrayList<>(r.leases);
                }
            }
        }
        return List.of();
    }

    private Object coordinatorLock() {
        try {
            var f = ClusterExecutor.class.getDeclaredField("lock");
            f.setAccessible(true);
            return f.get(coordinator);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    // ---- item 1: Management Center messages --------------------------------------------------------------------------

    @Test
    @Order(2)
    void managementCenterMessagesNeitherStopNorPauseTheRun() throws Exception {
        HazelcastInstance mc = client("management-center");
        refused(() -> {
            try {
                invoke(mc, MCChangeClusterStateCodec.encodeRequest(ClusterState.PASSIVE.getId()));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        refused(() -> {
            try {
                invoke(mc, MCShutdownMemberCodec.encodeRequest());
                invoke(mc, MCShutdownClusterCodec.encodeRequest());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(500);
        assertTrue(member().getLifecycleService().isRunning(), "the member runs");
        assertEquals(ClusterState.ACTIVE, member().getCluster().getClusterState());
        workerStillPlays(4, "management center messages");
    }

    // ---- item 2: destroy() -------------------------------------------------------------------------------------------

    @Test
    @Order(3)
    void destroyingArbitersStructuresLosesNoListenerAndNoJoin() throws Exception {
        HazelcastInstance peer = client("destroyer");
        refused(() -> peer.getMap(ClusterExecutor.WORKERS).destroy());
        refused(() -> peer.getQueue(ClusterExecutor.RESULTS).destroy());
        refused(() -> peer.getQueue(ClusterExecutor.TASKS + w1).destroy());
        refused(() -> peer.getTopic(ClusterExecutor.CONTROL).destroy());
        refused(() -> peer.getMap(ClusterExecutor.WORKERS).clear());
        workerStillPlays(2, "destroy()");
        // A new worker is still heard and welcomed (the workers map's listeners are there), then leaves.
        Insider late = new Insider("late-joiner", 1);
        processes.await("the late joiner counted", 10, () -> !late.dropped());
        late.hz.shutdown();
        processes.await("the late joiner gone", 20, late::dropped);
        workerStillPlays(2, "destroy() and a join");
    }

    // ---- item 3: large objects, structures Arbiter does not own -------------------------------------------------------

    @Test
    @Order(4)
    void largeObjectsAndForeignStructuresAreRefused() throws Exception {
        HazelcastInstance peer = client("hoarder");
        byte[] five = new byte[5 << 20];
        String me = peer.getLocalEndpoint().getUuid().toString();
        List<String> stored = new ArrayList<>();
        if (!refused(() -> peer.getMap("junk").put("k", five))) {
            stored.add("5 MiB in map junk");
        }
        if (!refused(() -> peer.getQueue("arbiter.junk").offer(five))) {
            stored.add("5 MiB in queue arbiter.junk");
        }
        if (!refused(() -> peer.getList("list").add("x"))) {
            stored.add("list");
        }
        if (!refused(() -> peer.getRingbuffer("ring").add("x"))) {
            stored.add("ringbuffer");
        }
        if (!refused(() -> peer.getQueue(ClusterExecutor.RESULTS).offer(five))) {
            stored.add("5 MiB in the results queue");
        }
        if (!refused(() -> peer.getMap(ClusterExecutor.WORKERS).put(me, new String(new char[2 << 20]).replace('\0', 'x')))) {
            stored.add("2 MiB as an announcement");
        }
        if (!refused(() -> peer.getQueue(ClusterExecutor.TASKS + me).offer("x"))) {
            stored.add("a message on its own task queue");
        }
        List<String> foreign = new ArrayList<>();
        for (DistributedObject o : member().getDistributedObjects()) {
            if (!o.getName().equals(ClusterExecutor.WORKERS) && !o.getName().equals(ClusterExecutor.RESULTS)
                    && !o.getName().equals(ClusterExecutor.CONTROL) && !o.getName().startsWith(ClusterExecutor.TASKS)) {
                foreign.add(o.getServiceName() + " " + o.getName());
            }
        }
        assertEquals(List.of(), stored, "nothing of the hoarder's is stored");
        assertEquals(List.of(), foreign, "no structure Arbiter does not own");
        workerStillPlays(2, "large objects");
    }

    // ---- item 5: a secret holder jumps sequence windows ---------------------------------------------------------------

    @Test
    @Order(5)
    void aSecretHolderCannotMoveAnotherSendersSequenceWindow() throws Exception {
        HazelcastInstance peer = client("mallory");
        long far = 1_000_000_000_000L;
        // A signed cancel as the coordinator's, numbered far ahead: through its connection, then as if on the wire.
        ObjectNode cancel = Wire.object().put("kind", "cancel").put("run", coordinator.run)
                .put("coordinator", coordinator.incarnation).put("seq", far).put("upTo", 0);
        String signedCancel = signer.sign(Wire.text(cancel));
        refused(() -> peer.getTopic(ClusterExecutor.CONTROL).publish(signedCancel));
        member().getTopic(ClusterExecutor.CONTROL).publish(signedCancel);
        // A batch under the real worker's id, numbered far ahead: the same two ways.
        byte[] jump = batch(w1, far, ResultBatch.Entry.alive(new long[0]));
        refused(() -> peer.getQueue(ClusterExecutor.RESULTS).offer(jump));
        member().getQueue(ClusterExecutor.RESULTS).offer(jump);
        Thread.sleep(500);
        workerStillPlays(4, "messages numbered 10^12");
    }

    // ---- item 6: control characters in an option ---------------------------------------------------------------------

    @Test
    @Order(6)
    void anOptionWithANewlineReachesNoEngine() throws Exception {
        Path pwned = dir.resolve("pwned.log");
        PlayerSpec sf = new PlayerSpec("sf", "sf", Protocol.UCI, Map.of("Hash", "16\nsetoption name Debug Log File value " + pwned),
                Map.of(), new TimeLimits(0, 0, 20, 0, 0, 0, 500));
        GameTask task = new GameTask(9000, 1, 9000, "sf", "ra", Opening.start(), 1);
        GameSpec spec = new GameSpec(coordinator.run, task, "chess", Map.of(), sf, random("ra", 1), new Adjudication(0, 0, 0, 0, 0, 20));
        ObjectNode m = Wire.object().put("kind", "spec").put("run", coordinator.run).put("coordinator", coordinator.incarnation)
                .put("seq", nextSeqFor(w1)).put("worker", w1).put("lease", 999_999).put("moves", false);
        m.set("spec", Wire.tree(spec));
        String signed = signer.forWorker(w1).sign(Wire.text(m));
        // A peer with the secret sends it to the worker's queue; then as if on the wire.
        HazelcastInstance peer = client("peer-sender");
        refused(() -> peer.getQueue(ClusterExecutor.TASKS + w1).offer(signed));
        member().getQueue(ClusterExecutor.TASKS + w1).offer(signed);
        processes.await("the worker refusing the game", 30, () -> processes.outputContains("w1", "Refused game 9000"));
        Thread.sleep(500);
        assertTrue(processes.output("w1").contains("control character"), processes.output("w1"));
        assertFalse(Files.exists(pwned), "the engine never saw the injected line");
        workerStillPlays(2, "an injected option");
    }

    /** The number the coordinator's next message to {@code worker} would have. */
    private long nextSeqFor(String worker) {
        synchronized (coordinatorLock()) {
            for (Remote r : coordinator.dispatcher.workers()) {
                if (r.info.id().equals(worker)) {
                    return r.sequence.incrementAndGet();
                }
            }
        }
        fail("no worker " + worker);
        return 0;
    }

    // ---- items 7 and 8: forged results --------------------------------------------------------------------------------

    @Test
    @Order(7)
    void forgedResultsAreReplayedRefusedAndTheirSenderDropped() throws Exception {
        Map<String, java.util.function.Function<GameTask, PlayedGame>> forgeries = new java.util.LinkedHashMap<>();
        // Item 7: a start position that is not a position.
        forgeries.put("a malformed start position", t -> new PlayedGame(t, "not a position", List.of(), 0, GameResult.WHITE_WIN,
                new Termination.ByRules(EndReason.NO_LEGAL_MOVE), 1));
        // Item 8: an illegal move; a result the final position contradicts.
        forgeries.put("an illegal move", t -> new PlayedGame(t, null, List.of(new PlayedMove("32-27", null, 0, 1, null),
                new PlayedMove("19-24", null, 0, 1, null), new PlayedMove("27-22", null, 0, 1, null)), 0, GameResult.DRAW,
                new Termination.Adjudicated("maximum of 3 plies"), 1));
        forgeries.put("a result the position contradicts", t -> new PlayedGame(t, null, List.of(new PlayedMove("32-28", null, 0, 1, null)),
                0, GameResult.WHITE_WIN, new Termination.ByRules(EndReason.NO_LEGAL_MOVE), 1));
        for (var forgery : forgeries.entrySet()) {
            Insider forger = new Insider("forger", 1);
            JsonNode lease = forger.lease();
            GameSpec spec = Wire.spec(lease.get("spec"));
            PlayedGame fake = forgery.getValue().apply(spec.task());
            CompletableFuture<PlayedGame> result = pending(spec.task().id());
            forger.send(ResultBatch.Entry.result(lease.get("lease").asLong(), fake));
            processes.await("the forger of " + forgery.getKey() + " dropped", 10, forger::dropped);
            PlayedGame recorded = result.get(60, TimeUnit.SECONDS);
            assertNotEquals(fake, recorded, forgery.getKey() + " was recorded");
            assertTrue(recorded.moves().size() > 0, forgery.getKey());
            forger.hz.shutdown();
        }
        workerStillPlays(2, "forged results");
    }

    /** The future of the submitted game numbered {@code id} (through the coordinator's leases). */
    private CompletableFuture<PlayedGame> pending(int id) {
        synchronized (coordinatorLock()) {
            for (Remote r : coordinator.dispatcher.workers()) {
                for (long n : r.leases) {
                    Leases.Lease l = coordinator.leases.get(n);
                    if (l != null && l.job.spec.task().id() == id) {
                        return l.job.result;
                    }
                }
            }
        }
        fail("no lease of game " + id);
        return null;
    }

    // ---- issue 36 item 13: a lease whose spec never reaches its worker -----------------------------------------------

    @Test
    @Order(8)
    void aLeaseItsWorkerNeverConfirmsGoesBackToThePool() throws Exception {
        coordinator.leases.confirmMs = 2000;
        Insider silent = new Insider("silent", 1); // takes its specs off its queue and says nothing, as if they were lost
        JsonNode lease = silent.lease();
        int id = Wire.spec(lease.get("spec")).task().id();
        CompletableFuture<PlayedGame> result = pending(id);
        // The game is depth-limited: without a confirmation deadline its lease would wait 37 minutes.
        PlayedGame g = result.get(30, TimeUnit.SECONDS);
        assertNotNull(g);
        silent.hz.shutdown();
        workerStillPlays(2, "a silent lease");
    }

    // ---- item 1: the member stops --------------------------------------------------------------------------------------

    /**
     * {@code arbiter run --cluster} (in this JVM, on a port of its own) whose member stops under it: the
     * run ends with exit code 1 and one {@code error:} line, its receiver does not spin.
     */
    @Test
    @Order(100)
    void whenTheMemberStopsTheRunEndsWithOneErrorLine() throws Exception {
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        Path config = dir.resolve("stops.json");
        Files.writeString(config, """
                { "name": "stops", "game": { "variant": "international" },
                  "players": [ { "name": "ra", "engine": "random" }, { "name": "rb", "engine": "random" } ],
                  "schedule": { "type": "match", "players": ["ra", "rb"], "games": 4 },
                  "limits": { "depth": 1 }, "output": "%s" }
                """.formatted(dir.resolve("stops")));
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        CompletableFuture<Integer> code = CompletableFuture.supplyAsync(() -> arbiter.cli.Main.run(new java.io.PrintWriter(out),
                new java.io.PrintWriter(err), "run", config.toString(), "--cluster", "--listen", "127.0.0.1:" + port,
                "--secret-file", processes.secret.toString(), "--concurrency", "0", "--quiet"));
        processes.await("the run's member", 60, () -> {
            assertFalse(code.isDone(), () -> "the run ended first: " + out + err);
            return Hazelcast.getHazelcastInstanceByName("arbiter-coordinator-" + port) != null;
        });
        Thread.sleep(500); // its games are submitted; no worker plays them
        Hazelcast.getHazelcastInstanceByName("arbiter-coordinator-" + port).getLifecycleService().terminate();
        int exit = code.get(30, TimeUnit.SECONDS);
        List<String> lines = err.toString().lines().filter(l -> !l.isBlank()).toList();
        assertEquals(1, exit, err.toString());
        assertEquals(1, lines.size(), "one line:\n" + err);
        assertTrue(lines.get(0).startsWith("error: the coordinator's cluster stopped"), lines.get(0));
    }
}
