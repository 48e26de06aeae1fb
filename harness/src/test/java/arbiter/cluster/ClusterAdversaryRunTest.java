package arbiter.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.game.Games;
import arbiter.game.Rules;
import arbiter.pdn.GameRecord;
import arbiter.play.GameResult;
import arbiter.play.GameSpec;
import arbiter.play.PlayedGame;
import arbiter.play.Termination;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.hazelcast.collection.IQueue;
import com.hazelcast.core.HazelcastInstance;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole run ({@code arbiter run --cluster} and two {@code arbiter worker}s, each a JVM of its own)
 * with two adversaries in this JVM, Hazelcast clients written against the jars: one without the
 * secret drains every queue it can name, the whole time (issue 36 item 13: it took two specs, whose
 * games never finished, in 1 of 2 runs); one with the secret joins as a worker and answers every
 * game it is leased with a record whose start position is malformed (issue 38 item 7: the
 * coordinator stopped with exit code 1). The run must end by itself, exit 0, with every game in
 * {@code games.pdn} exactly once, each replaying as the rules say.
 *
 * <p>In the suite: one run of 24 games of random players. {@code -Dadversary.runs=10
 * -Dadversary.config=configs/quickstart.json} repeats it on another config (the quickstart:
 * ten in a row, about a minute each on 2 cores).
 */
class ClusterAdversaryRunTest {
    @TempDir
    Path dir;

    private static final byte[] SECRET = "0123456789abcdef0123456789abcdef-test".getBytes(StandardCharsets.UTF_8);

    private Path config(int run) throws Exception {
        String given = System.getProperty("adversary.config");
        String json = given != null ? Files.readString(Path.of(given)) : """
                { "name": "adversary", "game": { "variant": "international" },
                  "players": [ { "name": "ra", "engine": "random", "options": { "seed": 1 } },
                               { "name": "rb", "engine": "random", "options": { "seed": 2 } } ],
                  "schedule": { "type": "match", "players": ["ra", "rb"], "games": 24 },
                  "openings": { "randomPlies": 2, "pairs": true },
                  "limits": { "depth": 1 }, "adjudication": { "maxPlies": 80 }, "concurrency": 2, "seed": 3 }
                """;
        ObjectNode node = (ObjectNode) Wire.parse(json);
        node.put("output", dir.resolve("out-" + run).toString());
        Path file = dir.resolve("run-" + run + ".json");
        Files.writeString(file, Wire.text(node));
        return file;
    }

    @Test
    void aRunEndsWithEveryGameOnceWhileOnePeerDrainsTheQueuesAndAnotherForgesRecords() throws Exception {
        int runs = Integer.getInteger("adversary.runs", 1);
        for (int run = 1; run <= runs; run++) {
            long start = System.nanoTime();
            String figures = oneRun(run);
            System.out.printf("adversary run %d of %d: %.1f s, %s%n", run, runs, (System.nanoTime() - start) / 1e9, figures);
        }
    }

    private String oneRun(int run) throws Exception {
        Path file = config(run);
        RunConfig config = ConfigLoader.load(file);
        Path out = dir.resolve("out-" + run);
        Signer signer = new Signer(SECRET);
        try (ClusterProcesses cluster = new ClusterProcesses(Files.createDirectories(dir.resolve("p" + run)))) {
            Process coordinator = cluster.coordinator(file, "coordinator");
            Hazelcasts.Address at = Hazelcasts.Address.parse(cluster.join(), "join");
            cluster.await("the coordinator listening", 60, () -> {
                try {
                    return !ClusterProcesses.listening(coordinator).isEmpty();
                } catch (java.io.IOException e) {
                    return false;
                }
            });
            // The drainer: no secret, takes from every queue it can name (the workers' ids are on the wire).
            HazelcastInstance drainer = Hazelcasts.client(at, "drainer", 30_000);
            Set<String> names = ConcurrentHashMap.newKeySet();
            names.add(ClusterExecutor.RESULTS);
            AtomicInteger taken = new AtomicInteger();
            AtomicInteger refused = new AtomicInteger();
            Thread drain = new Thread(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    for (String name : names) {
                        try {
                            if (drainer.getQueue(name).poll(20, TimeUnit.MILLISECONDS) != null) {
                                taken.incrementAndGet();
                            }
                        } catch (InterruptedException e) {
                            return;
                        } catch (RuntimeException e) {
                            refused.incrementAndGet();
                            if (!drainer.getLifecycleService().isRunning()) {
                                return;
                            }
                        }
                    }
                }
            }, "drainer");
            drain.start();
            // The forger: the secret, joined as a worker, a malformed start position for the game it is leased.
            // Both are there before the workers (and so before any game is played).
            Forger forger = new Forger(at, signer);
            cluster.worker("w1");
            cluster.worker("w2");
            Path log = out.resolve("arbiter.log");
            Pattern joined = Pattern.compile("worker joined: (\\S+) on");
            Thread names1 = new Thread(() -> {
                while (coordinator.isAlive()) {
                    try {
                        if (Files.exists(log)) {
                            Matcher m = joined.matcher(Files.readString(log));
                            while (m.find()) {
                                names.add(ClusterExecutor.TASKS + m.group(1));
                            }
                        }
                        Thread.sleep(200);
                    } catch (Exception e) {
                        return;
                    }
                }
            }, "names");
            names1.start();
            boolean ended = coordinator.waitFor(Integer.getInteger("adversary.timeout", 240), TimeUnit.SECONDS);
            drain.interrupt();
            drain.join();
            names1.join();
            forger.close();
            drainer.shutdown();
            assertTrue(ended, "the run ends by itself:\n" + cluster.output("coordinator"));
            assertEquals(0, coordinator.exitValue(), cluster.output("coordinator"));
            assertEquals(0, taken.get(), "the drainer took nothing off a queue");
            String arbiterLog = Files.readString(log);
            assertTrue(forger.forged.get() == 0 || arbiterLog.contains("dropped worker " + forger.id), arbiterLog);
            List<GameRecord> games = ClusterProcesses.read(out.resolve("games.pdn"));
            Map<String, Integer> count = new TreeMap<>();
            Rules rules = Games.rules(config.game().variant(), config.game().rules());
            for (GameRecord g : games) {
                count.merge(g.tag("Game"), 1, Integer::sum);
                arbiter.game.GameHistory h = new arbiter.game.GameHistory(g.tag("FEN") == null ? rules.start()
                        : rules.parsePosition(g.tag("FEN")));
                for (String move : g.moves()) {
                    h.play(h.current().parseMove(move));
                }
            }
            int planned = arbiter.tournament.TaskPlanner.plan(config, rules, arbiter.tournament.OpeningBook.load(config.openings(), rules)).size();
            assertEquals(planned, games.size(), "every game recorded: " + count);
            assertEquals(planned, count.size(), "each game once: " + count);
            return String.format("%d games, %d requests of the drainer refused, %d taken; the forger sent %d record(s)",
                    games.size(), refused.get(), taken.get(), forger.forged.get());
        }
    }

    /** A worker with the secret that answers its first lease with a malformed record, then nothing. */
    private static final class Forger implements AutoCloseable {
        final HazelcastInstance hz;
        final String id;
        final AtomicInteger forged = new AtomicInteger();
        private final Thread thread;

        Forger(Hazelcasts.Address at, Signer signer) {
            hz = Hazelcasts.client(at, "forger", 30_000);
            id = hz.getLocalEndpoint().getUuid().toString();
            Signer key = signer.forWorker(id);
            IQueue<Object> tasks = hz.getQueue(ClusterExecutor.TASKS + id);
            ObjectNode hello = Wire.object().put("kind", "hello").put("worker", id).put("nonce", "n").put("seq", 1)
                    .put("host", "forger").put("cores", 1).put("slots", 1);
            hello.putArray("engines");
            hz.getMap(ClusterExecutor.WORKERS).put(id, key.sign(Wire.text(hello)));
            thread = new Thread(() -> {
                long seq = 2;
                String run = null;
                String incarnation = null;
                while (!Thread.currentThread().isInterrupted()) {
                    try {
                        Object o = tasks.poll(200, TimeUnit.MILLISECONDS);
                        if (o == null) {
                            continue;
                        }
                        JsonNode m = Wire.parse(key.open(o));
                        if (m.path("kind").asText().equals("welcome")) {
                            run = m.get("run").asText();
                            incarnation = m.get("coordinator").asText();
                            continue;
                        }
                        if (!m.path("kind").asText().startsWith("spec") || forged.get() > 0) {
                            continue;
                        }
                        JsonNode g = m.has("games") ? m.get("games").get(0) : m;
                        GameSpec spec = Wire.spec(g.get("spec"));
                        PlayedGame fake = new PlayedGame(spec.task(), "W:W99:B1", List.of(), 0, GameResult.WHITE_WIN,
                                new Termination.ByRules(arbiter.game.EndReason.NO_LEGAL_MOVE), 1);
                        hz.getQueue(ClusterExecutor.RESULTS).offer(key.sign(new ResultBatch.Writer()
                                .add(ResultBatch.Entry.result(g.get("lease").asLong(), fake)).finish(run, incarnation, id, seq++)));
                        forged.incrementAndGet();
                    } catch (InterruptedException e) {
                        return;
                    } catch (RuntimeException e) {
                        if (!hz.getLifecycleService().isRunning()) {
                            return;
                        }
                    }
                }
            }, "forger");
            thread.start();
        }

        @Override
        public void close() throws InterruptedException {
            thread.interrupt();
            thread.join();
            hz.shutdown();
        }
    }
}
