package arbiter.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.execute.GameObserver;
import arbiter.play.GameSpec;
import arbiter.play.PlayerSpec;
import arbiter.play.Protocol;
import arbiter.play.TimeLimits;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The dispatcher gives each game in O(1): the worker queue entries it looks at per game given stay
 * the same (about one) with 8 or 256 workers, capacity is a running count, and games go only to
 * workers that have their engines and did not refuse them.
 */
class DispatcherTest {
    private static Remote worker(String id, int slots, String... engines) {
        return new Remote(new ClusterExecutor.WorkerInfo(id, "host", 1, slots, List.of(engines)), null, null, "");
    }

    private static Job job(int id) {
        return new Job(ClusterSecurityTest.spec(id, ClusterSecurityTest.builtIn("a", 1), ClusterSecurityTest.builtIn("b", 1)),
                GameObserver.NONE);
    }

    private static Job external(int id, String engine) {
        PlayerSpec sf = new PlayerSpec("sf", engine, Protocol.UCI, Map.of(), Map.of(), new TimeLimits(0, 1000, 0, 0, 0, 0, 0));
        return new Job(ClusterSecurityTest.spec(id, sf, ClusterSecurityTest.builtIn("b", 1)), GameObserver.NONE);
    }

    /** Plays {@code games} games on {@code n} workers of 2 slots, results coming back in lease order; entries looked at per game. */
    private static double lookedPerGame(int n, int games) {
        Dispatcher d = new Dispatcher(0);
        Leases leases = new Leases();
        List<Remote> workers = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Remote r = worker("w" + i, 2);
            workers.add(r);
            d.join(r);
        }
        assertEquals(n * (2 + Dispatcher.PREFETCH), d.capacity(), "capacity is the sum of slots and prefetch");
        java.util.ArrayDeque<Leases.Lease> inFlight = new java.util.ArrayDeque<>();
        Map<Remote, Integer> per = new HashMap<>();
        int submitted = 0;
        int done = 0;
        while (done < games) {
            while (inFlight.size() < d.capacity() && submitted < games) {
                d.add(job(submitted++), false);
            }
            d.dispatch(0, (job, r) -> {
                inFlight.add(leases.add(job, r, 0));
                per.merge(r, 1, Integer::sum);
                assertTrue(r.leases.size() <= 2 + Dispatcher.PREFETCH, "never more than slots and prefetch");
            });
            Leases.Lease l = inFlight.poll();
            leases.remove(l);
            d.ready(l.worker);
            done++;
        }
        assertEquals(n, per.size(), "every worker got games");
        return (double) d.looked / d.given;
    }

    @Test
    void dispatchLooksAtAboutOneWorkerPerGameWhateverTheNumberOfWorkers() {
        double eight = lookedPerGame(8, 20_000);
        double many = lookedPerGame(256, 20_000);
        assertTrue(eight <= 1.5 && many <= 1.5, "entries looked at per game: " + eight + " with 8 workers, " + many + " with 256");
        assertEquals(eight, many, 0.25, "the same per game with 8 and 256 workers");
    }

    @Test
    void aWorkerOfFastGamesIsLeasedMoreAheadAndOneOfSlowGamesOne() {
        Dispatcher d = new Dispatcher(0);
        Remote fast = worker("fast", 2);
        Remote slow = worker("slow", 2);
        Remote middling = worker("middling", 2);
        d.join(fast);
        d.join(slow);
        for (long t = 1; t <= 1001; t++) {
            for (int i = 0; i < 4; i++) {
                d.measured(fast, t);      // 4,000 games a second: PREFETCH_COVER_MS of play is 2,000 games, capped
            }
        }
        d.join(middling);
        for (long t = 1; t <= 1001; t += 10) {
            d.measured(middling, t);      // 100 games a second: the prefetch covers PREFETCH_COVER_MS of them
        }
        assertEquals(100 * Dispatcher.PREFETCH_COVER_MS / 1000, middling.prefetch, 1);
        d.leave(middling);
        for (long t = 1; t <= 20_001; t += 2000) {
            d.measured(slow, t);          // one game every 2 s
        }
        assertEquals(Dispatcher.MAX_PREFETCH, fast.prefetch);
        assertEquals(Dispatcher.PREFETCH, slow.prefetch);
        assertEquals(2 + Dispatcher.MAX_PREFETCH + 2 + Dispatcher.PREFETCH, d.capacity());
        d.leave(fast);
        assertEquals(2 + Dispatcher.PREFETCH, d.capacity());
    }

    @Test
    void capacityIsKeptAsWorkersJoinAndLeave() {
        Dispatcher d = new Dispatcher(3);
        Remote a = worker("a", 4);
        Remote b = worker("b", 1);
        d.join(a);
        d.join(b);
        assertEquals(3 + 4 + 1 + 1 + 1, d.capacity());
        d.leave(a);
        d.leave(a);
        assertEquals(3 + 1 + 1, d.capacity());
    }

    @Test
    void gamesGoOnlyToWorkersWithTheirEnginesAndNotBackToOneThatRefused() {
        Dispatcher d = new Dispatcher(0);
        Leases leases = new Leases();
        Remote plain = worker("plain", 4);
        Remote sf = worker("sf", 4, "stockfish");
        d.join(plain);
        d.join(sf);
        Map<Integer, Remote> given = new HashMap<>();
        java.util.function.BiConsumer<Job, Remote> give = (job, r) -> {
            leases.add(job, r, 0);
            given.put(job.spec.task().id(), r);
        };
        Job needsSf = external(1, "stockfish");
        d.add(needsSf, false);
        d.add(external(2, "ethereal"), false);
        d.dispatch(0, give);
        assertEquals(sf, given.get(1));
        assertNull(given.get(2), "no worker has ethereal: the game waits");
        assertEquals(1, d.queued());
        assertEquals(1, d.unplayable().size());
        assertTrue(d.unplayable().isEmpty(), "told once");

        // sf refuses game 1: it may go to no one else (plain lacks stockfish), and not back to sf.
        leases.remove(leases.get(1));
        d.ready(sf);
        needsSf.refusedBy.add("sf");
        given.clear();
        d.add(needsSf, true);
        d.dispatch(0, give);
        assertTrue(given.isEmpty(), "refused game not given again: " + given);

        // A second stockfish worker joins and gets it; built-in games go to anyone with room.
        Remote sf2 = worker("sf2", 1, "stockfish", "ethereal");
        d.join(sf2);
        d.dispatch(0, give);
        assertEquals(sf2, given.get(1));
        assertTrue(given.containsKey(2), "ethereal's game went to sf2 too (slot + prefetch)");
        assertEquals(0, d.queued());
        d.add(job(3), false);
        d.dispatch(0, give);
        assertTrue(given.get(3) == plain || given.get(3) == sf, "a built-in game to a worker with room");
    }

    @Test
    void aWorkerThatLeftIsSkippedAndLocalThreadsComeFirst() {
        Dispatcher d = new Dispatcher(1);
        Leases leases = new Leases();
        Remote a = worker("a", 1);
        d.join(a);
        List<String> where = new ArrayList<>();
        java.util.function.BiConsumer<Job, Remote> give = (job, r) -> {
            if (r != null) {
                leases.add(job, r, 0);
            }
            where.add(r == null ? "local" : r.info.id());
        };
        d.add(job(1), false);
        d.leave(a);
        d.add(job(2), false);
        d.dispatch(0, give);
        assertEquals(List.of("local"), where, "the local thread takes the first; the departed worker nothing");
        GameSpec second = d.drain().get(0).spec;
        assertEquals(2, second.task().id());
    }
}
