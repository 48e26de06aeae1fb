package arbiter.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.execute.GameExecutor;
import arbiter.execute.GameObserver;
import arbiter.execute.LocalExecutor;
import arbiter.execute.PlayerFactory;
import arbiter.pdn.GameLog;
import arbiter.play.GameSpec;
import arbiter.play.PlayedGame;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Barrier-free SPSA: the executor is kept at its capacity, every pair is applied once, a kill loses nothing. */
class AsyncSpsaTest {
    @TempDir
    Path dir;

    private Path write(String name, int iterations, int pairs, String mode) throws Exception {
        Path f = dir.resolve(name + ".json");
        Files.writeString(f, """
                { "game": {"variant": "english"},
                  "players": [ {"name": "p", "engine": "draughts-alphabeta", "weights": {"king": 1.2}} ],
                  "tune": { "player": "p", "iterations": %d, "pairsPerIteration": %d, "mode": "%s",
                            "weights": { "king": {"start": 1.2, "min": 0.5, "max": 6, "cEnd": 0.3, "rEnd": 0.05} } },
                  "openings": {"randomPlies": 6}, "limits": {"depth": 2}, "adjudication": {"maxPlies": 120},
                  "concurrency": 2, "output": "%s", "seed": 5 }"""
                .formatted(iterations, pairs, mode, dir.resolve(name).toString().replace("\\", "/")));
        return f;
    }

    /**
     * An executor whose games come back only when the test lets them, in an order the test picks: the
     * games are played by a real local executor, then held. Between releases the test waits until the
     * tuner has refilled the executor, and fails if it stays below capacity() while pairs remain unsent.
     */
    private static final class HeldExecutor implements GameExecutor {
        final LocalExecutor inner;
        final int capacity;
        final List<CompletableFuture<PlayedGame>[]> held = new ArrayList<>();
        int submitted;
        /** The most games held at once. */
        int mostHeld;

        HeldExecutor(LocalExecutor inner, int capacity) {
            this.inner = inner;
            this.capacity = capacity;
        }

        @Override
        @SuppressWarnings("unchecked")
        public synchronized CompletableFuture<PlayedGame> submit(GameSpec spec, GameObserver observer) {
            CompletableFuture<PlayedGame> outer = new CompletableFuture<>();
            held.add(new CompletableFuture[] {inner.submit(spec, observer), outer});
            submitted++;
            mostHeld = Math.max(mostHeld, held.size());
            return outer;
        }

        synchronized int outstanding() {
            return held.size();
        }

        synchronized int submitted() {
            return submitted;
        }

        /** Lets one game whose play has ended come back; false when none has ended yet. */
        boolean releaseOne(Random random) throws Exception {
            CompletableFuture<PlayedGame>[] pick;
            synchronized (this) {
                List<CompletableFuture<PlayedGame>[]> ready = held.stream().filter(h -> h[0].isDone()).toList();
                if (ready.isEmpty()) {
                    return false;
                }
                pick = ready.get(random.nextInt(ready.size()));
                held.remove(pick);
            }
            pick[1].complete(pick[0].get()); // outside the lock: the tuner submits more from this call
            return true;
        }

        @Override
        public int capacity() {
            return capacity;
        }

        @Override
        public void cancelAll() {
            inner.cancelAll();
        }

        @Override
        public void close() {
            inner.close();
        }
    }

    @Test
    void theExecutorAlwaysHasCapacityGamesSubmittedUntilTheLastPairIsSent() throws Exception {
        int iterations = 6;
        int pairs = 2;
        int capacity = 7; // odd: a pair's two games need not fit exactly
        RunConfig c = ConfigLoader.load(write("held", iterations, pairs, "async"));
        int totalGames = 2 * iterations * pairs;
        try (HeldExecutor ex = new HeldExecutor(new LocalExecutor(2, PlayerFactory.of(c)), capacity)) {
            AtomicReference<Object> outcome = new AtomicReference<>();
            StringWriter out = new StringWriter();
            Thread tuner = new Thread(() -> {
                try {
                    outcome.set(new TuneRun(c, new PrintWriter(out), new PrintWriter(new StringWriter())).withExecutor(ex).run());
                } catch (Throwable e) {
                    outcome.set(e);
                }
            });
            tuner.start();
            Random random = new Random(11);
            int releases = 0;
            int checked = 0;
            while (tuner.isAlive()) {
                long deadline = System.currentTimeMillis() + 30_000;
                // Not finishing: games remain unsent. The tuner must bring the executor up to capacity.
                while (ex.submitted() < totalGames && ex.outstanding() < capacity && tuner.isAlive()) {
                    if (System.currentTimeMillis() > deadline) {
                        fail("after " + releases + " releases the executor had " + ex.outstanding() + " of " + capacity
                                + " games with " + (totalGames - ex.submitted()) + " unsent");
                    }
                    Thread.sleep(5);
                }
                if (ex.submitted() < totalGames && tuner.isAlive()) {
                    assertTrue(ex.outstanding() >= capacity, ex.outstanding() + " of " + capacity);
                    checked++;
                }
                if (!ex.releaseOne(random)) {
                    Thread.sleep(2);
                    continue;
                }
                releases++;
            }
            tuner.join();
            if (outcome.get() instanceof Throwable t) {
                throw new AssertionError(t);
            }
            TuneRun.Summary s = (TuneRun.Summary) outcome.get();
            assertEquals(totalGames, ex.submitted(), "every game submitted once");
            // docs/tuning.md: pairs are sent while fewer than capacity() + 2 games are submitted, and up to
            // capacity()/2 pairs may be starting at once, so at most about twice capacity() games are held.
            int most;
            synchronized (ex) {
                most = ex.mostHeld;
            }
            assertTrue(most <= 2 * capacity + 2, most + " games held at once, capacity " + capacity);
            // Every release before the last game was submitted was checked, and a release lets at most one
            // pair (two games) more be submitted.
            assertTrue(checked >= (totalGames - most) / 2, "checked at " + checked + " releases, " + most + " held at most");
            Set<Integer> seen = new HashSet<>();
            for (double[] row : s.history()) {
                assertTrue(seen.add((int) row[0]), "pair " + (int) row[0] + " applied once");
            }
            assertEquals(iterations * pairs, seen.size());
            for (int j = 0; j < iterations * pairs; j++) {
                assertEquals(2, GameLog.read(c.output().resolve("pairs").resolve(Integer.toString(j)).resolve("games.pdn"),
                        w -> { }).size(), "pair " + j + " has its two games");
            }
            assertTrue(out.toString().contains("utilisation: "), out.toString());
            assertTrue(out.toString().contains("pair 12/12: king="), out.toString());
        }
    }

    /** Each pair's update is fishtest's R c (W-L) Delta added to theta as it was when the result arrived. */
    @Test
    void thetaIsTheSumOfEachAppliedPairsUpdate() throws Exception {
        RunConfig c = ConfigLoader.load(write("sum", 8, 1, "async"));
        TuneRun.Summary s = new TuneRun(c, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter())).run();
        JsonNode state = new ObjectMapper().readTree(Files.readString(c.output().resolve("tune-state.json")));
        assertEquals(0, state.get("pending").size());
        assertEquals(8, s.history().size());
        // Replaying the rows: theta moves only when W-L is not 0, by at most R_0 c_0 |W-L| (the largest gain).
        Spsa spsa = new Spsa(List.of(new Spsa.Parameter("king", 1.2, 0.5, 6, 0.3, 0.05, false)), 8, 0.8, 5);
        double before = 1.2;
        Spsa.Step first = spsa.step(0, new double[] {1.2});
        for (double[] row : s.history()) {
            double moved = row[1] - before;
            if (row[2] == 0) {
                assertEquals(0, moved, 1e-12);
            } else {
                assertTrue(Math.abs(moved) <= first.r()[0] * first.c()[0] * Math.abs(row[2]) + 1e-12, "step " + moved);
                int delta = spsa.step((int) row[0], new double[] {before}).delta()[0];
                assertEquals(Math.signum(row[2] * delta), Math.signum(moved), "moved toward the winner");
            }
            before = row[1];
        }
        assertEquals(before, s.tuned()[0], 1e-12);
    }

    @Test
    void anUnknownModeIsOneErrorNamingItsPath() throws Exception {
        arbiter.config.ConfigException e = org.junit.jupiter.api.Assertions.assertThrows(arbiter.config.ConfigException.class,
                () -> ConfigLoader.load(write("bad", 4, 1, "fast")));
        assertTrue(String.join("\n", e.problems()).contains("$.tune.mode: 'fast' is not allowed; allowed values: barrier, async"),
                String.join("\n", e.problems()));
    }

    @Test
    void killedAsyncTunerResumesWithoutLosingOrRepeatingAGame() throws Exception {
        int iterations = 10;
        int pairs = 2;
        Path config = write("kill", iterations, pairs, "async");
        Path state = dir.resolve("kill").resolve("tune-state.json");
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "arbiter.cli.Main", "tune", config.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
        ObjectMapper json = new ObjectMapper();
        long deadline = System.currentTimeMillis() + 60_000;
        int applied = 0;
        while (System.currentTimeMillis() < deadline && child.isAlive() && applied < 5) {
            Thread.sleep(20);
            if (Files.exists(state)) {
                try {
                    applied = json.readTree(Files.readString(state)).get("history").size();
                } catch (Exception partial) {
                    applied = 0;
                }
            }
        }
        assertTrue(child.isAlive(), "tuner still running: " + Files.readString(dir.resolve("child.log")));
        child.destroyForcibly();
        child.waitFor();
        JsonNode killed = json.readTree(Files.readString(state));
        int before = killed.get("history").size();
        assertTrue(before >= 5 && before < iterations * pairs, "killed after " + before);

        RunConfig c = ConfigLoader.load(config);
        StringWriter out = new StringWriter();
        TuneRun.Summary s = new TuneRun(c, new PrintWriter(out), new PrintWriter(new StringWriter())).run();
        assertEquals(iterations * pairs, s.history().size(), out.toString());
        for (int r = 0; r < before; r++) {
            assertEquals(killed.get("history").get(r).get(0).asInt(), (int) s.history().get(r)[0], "applied before the kill, kept");
        }
        Set<Integer> seen = new HashSet<>();
        for (double[] row : s.history()) {
            assertTrue(seen.add((int) row[0]), "pair " + (int) row[0] + " applied once");
        }
        try (var folders = Files.list(c.output().resolve("pairs"))) {
            assertEquals(iterations * pairs, folders.count(), "one folder per pair");
        }
        for (int j = 0; j < iterations * pairs; j++) {
            List<?> games = GameLog.read(c.output().resolve("pairs").resolve(Integer.toString(j)).resolve("games.pdn"), w -> { });
            assertEquals(2, games.size(), "pair " + j + " has exactly its games");
        }
        assertEquals(iterations * pairs + 1, Files.readString(c.output().resolve("weights-history.csv")).lines().count());
    }
}
