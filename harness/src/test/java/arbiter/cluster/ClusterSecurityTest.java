package arbiter.cluster;

import arbiter.play.Protocol;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import arbiter.play.Termination;
import arbiter.play.TimeLimits;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.hazelcast.core.HazelcastInstance;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a peer without the secret (or with it, but without the lease) can and cannot do: the
 * coordinator runs in this JVM, a Hazelcast client of this JVM plays the attacker, and a real
 * {@code arbiter worker} process plays the games.
 */
class ClusterSecurityTest {
    @TempDir
    Path dir;

    private static final byte[] SECRET = "0123456789abcdef0123456789abcdef-test".getBytes(StandardCharsets.UTF_8);

    static GameSpec spec(int id, PlayerSpec white, PlayerSpec black) {
        GameTask task = new GameTask(id, 1, id, white.name(), black.name(), Opening.start(), 42 + id);
        return new GameSpec("security/1", task, "international", Map.of(), white, black, new Adjudication(0, 0, 0, 0, 0, 120));
    }

    static PlayerSpec builtIn(String name, int depth) {
        return new PlayerSpec(name, "draughts-alphabeta", null, Map.of(), Map.of(), new TimeLimits(depth, 0, 0, 0, 0, 0, 0));
    }

    @Test
    void signedMessagesRoundTripAndTamperingIsDetected() {
        Signer signer = new Signer(SECRET);
        String signed = signer.sign("{\"kind\":\"result\"}");
        assertEquals("{\"kind\":\"result\"}", signer.open(signed));
        String tampered = signed.replace("result", "resulT");
        assertThrows(Signer.BadSignatureException.class, () -> signer.open(tampered));
        assertThrows(Signer.BadSignatureException.class, () -> signer.open("{\"kind\":\"result\"}"));
        assertThrows(Signer.BadSignatureException.class,
                () -> new Signer("another secret of enough bytes".getBytes(StandardCharsets.UTF_8)).open(signed));
        assertThrows(Signer.BadSignatureException.class, () -> signer.open(42L));
        assertThrows(IllegalArgumentException.class, () -> new Signer("short".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void playedGamesCrossTheWireUnchangedWithEveryTermination() {
        List<Termination> all = List.of(new Termination.ByRules(EndReason.NO_LEGAL_MOVE), new Termination.Adjudicated("x"),
                new Termination.TimeForfeit(1, 12), new Termination.IllegalMove(0, "1-2", "why"),
                new Termination.EngineCrash(1, "boom"), new Termination.Resigned(0, "gave up"),
                new Termination.EngineStalled(1, 900));
        GameSpec spec = spec(3, builtIn("a", 2), builtIn("b", 3));
        assertEquals(spec, Wire.spec(Wire.parse(Wire.text(Wire.tree(spec)))));
        for (Termination t : all) {
            PlayedGame g = new PlayedGame(spec.task(), null, List.of(new PlayedMove("32-28", 15, 4, 12, null, 6, 1000, 50000, "32-28 19-23"),
                    new PlayedMove("19-23", null, 0, 3, null)), 0, GameResult.BLACK_WIN, t, 1);
            assertEquals(g, Wire.game(Wire.parse(Wire.text(Wire.tree(g)))));
        }
        assertThrows(Wire.BadMessageException.class, () -> Wire.game(Wire.parse("{\"task\": 3}")));
    }

    @Test
    void forgedUnsignedAndStrayResultsAreRejectedAndTheRealGameIsRecorded() throws Exception {
        Signer signer = new Signer(SECRET);
        Files.write(dir.resolve("secret"), SECRET);
        try (ClusterProcesses processes = new ClusterProcesses(dir);
             ClusterExecutor coordinator = new ClusterExecutor(processes.join(), signer,
                     new LocalExecutor(0, new PlayerFactory(Map.of())), 0)) {
            // The attacker joins as a worker (it has the secret here, to be leased a game).
            HazelcastInstance attacker = Hazelcasts.client(Hazelcasts.Address.parse(processes.join(), "join"), "attacker", 10_000);
            String fakeId = attacker.getLocalEndpoint().getUuid().toString();
            Signer key = signer.forWorker(fakeId);
            ObjectNode hello = Wire.object().put("kind", "hello").put("worker", fakeId).put("nonce", "n").put("seq", 1)
                    .put("host", "attacker").put("cores", 1).put("slots", 1);
            hello.putArray("engines");
            // An announcement under another id is refused by the member; one signed with the secret itself
            // instead of this worker's key by the coordinator.
            assertThrows(RuntimeException.class, () -> attacker.getMap(ClusterExecutor.WORKERS).put("intruder",
                    key.sign(Wire.text(hello.deepCopy().put("worker", "intruder")))));
            attacker.getMap(ClusterExecutor.WORKERS).put(fakeId, signer.sign(Wire.text(hello)));
            awaitTrue(() -> coordinator.rejected() == 1, 10);
            hello.put("seq", 2);
            attacker.getMap(ClusterExecutor.WORKERS).put(fakeId, key.sign(Wire.text(hello)));
            awaitTrue(() -> coordinator.workers().size() == 1, 10);

            GameSpec spec = spec(0, builtIn("white", 2), builtIn("black", 1));
            java.util.List<String> positions = new java.util.concurrent.CopyOnWriteArrayList<>();
            CompletableFuture<PlayedGame> result = coordinator.submit(spec, new arbiter.execute.GameObserver() {
                @Override
                public boolean wantsMoves() {
                    return true;
                }

                @Override
                public void moved(PlayedMove move, String position) {
                    positions.add(position);
                }
            });
            var queue = attacker.getQueue(ClusterExecutor.TASKS + fakeId);
            assertEquals("unwelcome", Wire.parse(key.open(queue.poll(10, TimeUnit.SECONDS))).get("kind").asText());
            JsonNode welcome = Wire.parse(key.open(queue.poll(10, TimeUnit.SECONDS)));
            assertEquals("welcome", welcome.get("kind").asText());
            assertEquals("n", welcome.get("nonce").asText());
            Object leased = queue.poll(10, TimeUnit.SECONDS);
            JsonNode lease = Wire.parse(key.open(leased));
            assertEquals(spec, Wire.spec(lease.get("spec")));

            // A made-up result, white winning at once, in batches that are each refused: unsigned, signed with
            // another secret or with the secret itself (not this worker's key), a Java object, as another worker
            // (these three by the member), for a lease it does not hold, for another game.
            PlayedGame fake = new PlayedGame(spec.task(), null, List.of(), 0, GameResult.WHITE_WIN,
                    new Termination.ByRules(EndReason.NO_LEGAL_MOVE), 1);
            String run = lease.get("run").asText();
            String incarnation = lease.get("coordinator").asText();
            long leaseNumber = lease.get("lease").asLong();
            var results = attacker.getQueue(ClusterExecutor.RESULTS);
            byte[] forged = new ResultBatch.Writer().add(ResultBatch.Entry.result(leaseNumber, fake)).finish(run, incarnation, fakeId, 3);
            int refusedByMember = 0;
            for (Object bad : List.<Object>of(forged, new Signer("a different secret, long enough".getBytes(StandardCharsets.UTF_8))
                    .sign(forged), signer.sign(forged), new Evil("deserialise me"), key.sign(new ResultBatch.Writer()
                    .add(ResultBatch.Entry.result(leaseNumber, fake)).finish(run, incarnation, "someone-else", 4)))) {
                try {
                    results.offer(bad);
                } catch (RuntimeException e) {
                    refusedByMember++;
                }
            }
            results.offer(key.sign(new ResultBatch.Writer().add(ResultBatch.Entry.result(leaseNumber + 1, fake))
                    .finish(run, incarnation, fakeId, 5)));
            PlayedGame otherGame = new PlayedGame(spec(5, builtIn("white", 2), builtIn("black", 1)).task(), null,
                    List.of(), 0, GameResult.WHITE_WIN, new Termination.ByRules(EndReason.NO_LEGAL_MOVE), 1);
            results.offer(key.sign(new ResultBatch.Writer().add(ResultBatch.Entry.result(leaseNumber, otherGame))
                    .finish(run, incarnation, fakeId, 6)));
            assertEquals(3, refusedByMember, "unsigned bytes, the Java object and the batch under another id never reach the coordinator");
            awaitTrue(() -> coordinator.rejected() >= 4, 10);
            Thread.sleep(300);
            assertFalse(result.isDone(), "no forged result is taken");
            assertTrue(coordinator.workers().isEmpty(), "the worker that handed in another game is dropped");

            // The attacker leaves; a real worker takes the game back from the queue and plays it.
            attacker.shutdown();
            processes.worker("w1");
            PlayedGame game = result.get(60, TimeUnit.SECONDS);
            assertNotNull(game);
            assertTrue(game.moves().size() > 10, "a real game: " + game.moves().size() + " moves");
            assertTrue(game.termination() instanceof Termination.ByRules || game.termination() instanceof Termination.Adjudicated);
            // The worker sent live positions (throttled), each a real position of the game.
            assertFalse(positions.isEmpty(), "moves reached the coordinator");
            arbiter.game.Rules rules = arbiter.game.Games.rules("international");
            for (String p : positions) {
                assertNotNull(rules.parsePosition(p));
            }

            // A late result of the re-leased game, from a client that is no joined worker, is refused: the game
            // stays what the real worker played.
            HazelcastInstance late = Hazelcasts.client(Hazelcasts.Address.parse(processes.join(), "join"), "late", 10_000);
            String lateId = late.getLocalEndpoint().getUuid().toString();
            assertThrows(RuntimeException.class, () -> late.getQueue(ClusterExecutor.RESULTS).offer(signer.forWorker(lateId)
                    .sign(new ResultBatch.Writer().add(ResultBatch.Entry.result(leaseNumber, fake)).finish(run, incarnation, lateId, 7))));
            assertEquals(game, result.get());
            late.shutdown();
        }
    }

    @Test
    void aWorkerRunsOnlyItsOwnEnginesAndRefusesOtherSpecs() throws Exception {
        Signer signer = new Signer(SECRET);
        Files.write(dir.resolve("secret"), SECRET);
        try (ClusterProcesses processes = new ClusterProcesses(dir);
             ClusterExecutor coordinator = new ClusterExecutor(processes.join(), signer,
                     new LocalExecutor(0, new PlayerFactory(Map.of())), 0)) {
            processes.worker("w1");
            processes.await("w1 welcomed", 30, () -> processes.outputContains("w1", "Joined"));
            String workerId = coordinator.workers().get(0).id();
            // What reaches the worker's queue, as a peer on the wire would put it there (no client may: ClientGuard).
            var tasks = com.hazelcast.core.Hazelcast.getHazelcastInstanceByName("arbiter-coordinator-" + processes.port)
                    .getQueue(ClusterExecutor.TASKS + workerId);
            // A signed spec naming an external engine the worker was not configured with: refused, nothing run.
            PlayerSpec external = new PlayerSpec("sf", "stockfish", Protocol.UCI, Map.of(), Map.of(), new TimeLimits(0, 1000, 0, 0, 0, 0, 0));
            ObjectNode m = Wire.object().put("kind", "spec").put("run", coordinator.run).put("coordinator", coordinator.incarnation)
                    .put("seq", 100).put("worker", workerId).put("lease", 99);
            m.set("spec", Wire.tree(spec(1, external, builtIn("black", 1))));
            tasks.offer(signer.forWorker(workerId).sign(Wire.text(m)));
            // An unsigned spec: rejected before it is even read.
            tasks.offer(Wire.text(m));
            processes.await("the refusal and the rejection", 20, () -> {
                try {
                    String out = processes.output("w1");
                    return out.contains("Refused game 1: player 'sf' needs the external engine 'stockfish', which is not in "
                            + "this machine's configuration") && out.contains("Rejected a spec: not a signed message");
                } catch (java.io.IOException e) {
                    return false;
                }
            });
        }
    }

    /** A Java-serialisable object, as an attacker would send to trigger deserialisation. */
    record Evil(String payload) implements Serializable {
    }

    private static void awaitTrue(java.util.function.BooleanSupplier condition, int seconds) throws InterruptedException {
        long deadline = System.currentTimeMillis() + seconds * 1000L;
        while (!condition.getAsBoolean()) {
            assertTrue(System.currentTimeMillis() < deadline, "timed out");
            Thread.sleep(50);
        }
    }

}
