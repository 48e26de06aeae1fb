package arbiter.service.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.play.GameTask;
import arbiter.service.protocol.Counts;
import arbiter.service.protocol.TestDefinition;
import arbiter.service.protocol.Wire;
import arbiter.service.store.Rows;
import arbiter.service.store.Store;
import arbiter.service.store.Writes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The scheduling rules without a database: fair share, leases and their expiry, reports, the end of a test. */
public class BoardTest {
    static final Board.Settings SETTINGS = new Board.Settings(10_000, 1_000, 1_000, 60_000, 500);

    public static String definition(String name, int pairs, String sprt, String service) {
        return "{\"name\": \"" + name + "\", \"game\": {\"variant\": \"international\"}, \"limits\": {\"depth\": 1},"
                + " \"players\": [{\"name\": \"new\", \"engine\": \"random\"}, {\"name\": \"old\", \"engine\": \"random\"}],"
                + " \"schedule\": {\"type\": \"match\", \"players\": [\"new\", \"old\"], \"games\": " + 2 * pairs
                + (sprt == null ? "" : ", \"sprt\": " + sprt) + "}"
                + (service == null ? "" : ", \"service\": " + service) + "}";
    }

    static Board board() {
        Board b = new Board(SETTINGS);
        b.load(new Store.Loaded(List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), new Store.Ids(1, 1, 1, 1, 1)), 0);
        return b;
    }

    static long submit(Board b, long user, String json, Writes w) {
        return b.submit(user, TestDefinition.read(Wire.tree(json)), json, true, 0, w);
    }

    static long worker(Board b, int slots, Writes w) {
        return b.register(7, new Wire.Hello(Wire.PROTOCOL, "t", "box", slots, Map.of(), false), 0, w).worker();
    }

    static Wire.ReportAnswer report(Board b, long worker, Wire.Grant g, Counts before, long now, Writes w, String... pairs) {
        Games games = new Games("new", "old", g.firstPair() + (int) before.pairs(), pairs);
        Counts after = before.plus(Games.counts(pairs));
        return b.report(worker, 7, g.task(), new Wire.Report(worker, after, games.pdn, 0), games.records, games.pdn, new byte[0],
                now, w);
    }

    @Test
    void workerTimeIsSharedByFishtestsWeightsOverTheRunWithFewerWorkersThanTests() {
        Board b = board();
        Writes w = new Writes();
        // user 1: three tests (36/45 each), one at twice the throughput; user 2: one test (36/37)
        long a = submit(b, 1, definition("a", 100_000, null, null), w);
        long c = submit(b, 1, definition("c", 100_000, null, null), w);
        long d = submit(b, 1, definition("d", 100_000, null, "{\"throughput\": 200}"), w);
        long e = submit(b, 2, definition("e", 100_000, null, null), w);
        double[] weights = {100 * 36 / 45.0, 100 * 36 / 45.0, 200 * 36 / 45.0, 100 * 36 / 37.0};
        double sum = weights[0] + weights[1] + weights[2] + weights[3];
        long[] ids = {a, c, d, e};
        for (int i = 0; i < 4; i++) {
            assertEquals(weights[i] / sum, b.share(ids[i]), 1e-12);
        }
        long worker = worker(b, 2, w); // one worker, four tests: fishtest's "cores now" could not split it
        Map<Long, Integer> pairs = new HashMap<>();
        for (int i = 0; i < 2000; i++) {
            Wire.Grant g = b.request(worker, 7, i, w).task();
            pairs.merge(g.test(), g.pairs(), Integer::sum);
        }
        int total = pairs.values().stream().mapToInt(Integer::intValue).sum();
        for (int i = 0; i < 4; i++) {
            assertEquals(weights[i] / sum, pairs.get(ids[i]) / (double) total, 0.002, "test " + ids[i]);
        }
    }

    @Test
    void aHigherPriorityTakesEverythingAndAWorkerGetsOnlyWhatItCanPlay() {
        Board b = board();
        Writes w = new Writes();
        long low = submit(b, 1, definition("low", 1000, null, null), w);
        long high = submit(b, 1, definition("high", 1000, null, "{\"priority\": 1}"), w);
        long worker = worker(b, 1, w);
        for (int i = 0; i < 5; i++) {
            assertEquals(high, b.request(worker, 7, i, w).task().test());
        }
        assertEquals(0, b.share(low));
        String stockfish = definition("sf", 10, null, null).replace("{\"name\": \"old\", \"engine\": \"random\"}",
                "{\"name\": \"old\", \"engine\": \"stockfish\", \"protocol\": \"uci\"}").replace("international", "chess");
        Writes w2 = new Writes();
        long sf = b.submit(1, TestDefinition.read(Wire.tree(stockfish)), stockfish, true, 0, w2);
        b.stop(high, "enough", 0, w2);
        long plain = worker(b, 1, w2);
        long withSf = b.register(8, new Wire.Hello(Wire.PROTOCOL, "t", "box", 1, Map.of("stockfish", "uci"), false), 0, w2)
                .worker();
        List<Long> seen = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            seen.add(b.request(plain, 7, i, w2).task().test());
        }
        assertFalse(seen.contains(sf), "a worker without stockfish never gets the stockfish test");
        assertTrue(java.util.stream.IntStream.range(0, 20).mapToObj(i -> b.request(withSf, 8, i, w2).task().test())
                .anyMatch(t -> t == sf));
    }

    @Test
    void aSilentWorkerLosesItsLeaseItsUnplayedPairsGoBackFirstAndItsLateReportChangesNothing() {
        Board b = board();
        Writes w = new Writes();
        long test = submit(b, 1, definition("t", 100, null, null), w);
        long slow = worker(b, 2, w);
        long other = worker(b, 2, w);
        Wire.Grant g = b.request(slow, 7, 0, w).task();
        assertEquals(0, g.firstPair());
        assertEquals("accepted", report(b, slow, g, Counts.ZERO, 100, w, "WL", "DD").status());
        assertEquals(List.of(), b.beat(slow, 7, List.of(g.task()), 5_000).stop());
        assertEquals(0, b.expire(14_000, new Writes()), "the heartbeat at 5 s extended the lease to 15 s");
        Writes w2 = new Writes();
        assertEquals(1, b.expire(15_001, w2));
        Wire.Grant again = b.request(other, 7, 15_002, w2).task();
        assertEquals(2, again.firstPair(), "the unplayed pairs of the lost lease come first");
        assertEquals(g.pairs() - 2, again.pairs());
        Refused late = assertThrows(Refused.class, () -> report(b, slow, g, Games.counts("WL", "DD"), 15_003, new Writes(), "WW"));
        assertEquals(Refused.Kind.GONE, late.kind());
        assertEquals(List.of(g.task()), b.beat(slow, 7, List.of(g.task()), 15_004).stop());
        assertEquals(2, b.test(test).counts().pairs());
    }

    @Test
    void retriesAndLateCopiesChangeNothingAndImpossibleReportsAreRefused() {
        Board b = board();
        Writes w = new Writes();
        long test = submit(b, 1, definition("t", 100, null, null), w);
        long worker = worker(b, 2, w);
        long intruder = worker(b, 2, w);
        Wire.Grant g = b.request(worker, 7, 0, w).task();
        assertEquals("accepted", report(b, worker, g, Counts.ZERO, 1, w, "WL", "DD").status());
        Counts held = Games.counts("WL", "DD");
        Writes none = new Writes();
        Games same = new Games("new", "old", 0, "WL", "DD");
        assertEquals("duplicate", b.report(worker, 7, g.task(), new Wire.Report(worker, held, same.pdn, 0), same.records,
                same.pdn, new byte[0], 2, none).status());
        assertEquals("duplicate", b.report(worker, 7, g.task(), new Wire.Report(worker, Games.counts("WL"), "", 0), List.of(),
                "", new byte[0], 2, none).status(), "a late copy of an earlier report");
        assertTrue(none.isEmpty(), "nothing written");
        Games wrong = new Games("new", "old", 2, "WW");
        Counts claim = held.plus(Games.counts("DD")); // the PDN says WW
        Refused r = assertThrows(Refused.class, () -> b.report(worker, 7, g.task(), new Wire.Report(worker, claim, wrong.pdn, 0),
                wrong.records, wrong.pdn, new byte[0], 3, new Writes()));
        assertTrue(r.getMessage().startsWith("the counts add 1 pairs"), r.getMessage());
        Games skipped = new Games("new", "old", 3, "WW"); // pair 3 before pair 2
        assertTrue(assertThrows(Refused.class, () -> b.report(worker, 7, g.task(), new Wire.Report(worker,
                held.plus(Games.counts("WW")), skipped.pdn, 0), skipped.records, skipped.pdn, new byte[0], 3, new Writes()))
                .getMessage().contains("not " + (GameTask.FIRST_ID + 4)));
        Counts impossible = new Counts(3, 6, 0, 0, new long[] {0, 0, 0, 0, 2});
        assertEquals(Refused.Kind.BAD, assertThrows(Refused.class, () -> b.report(worker, 7, g.task(),
                new Wire.Report(worker, impossible, "", 0), List.of(), "", new byte[0], 3, new Writes())).kind());
        Counts conflicting = Games.counts("WW", "LL");
        assertEquals(Refused.Kind.CONFLICT, assertThrows(Refused.class, () -> b.report(worker, 7, g.task(),
                new Wire.Report(worker, conflicting, "", 0), List.of(), "", new byte[0], 3, new Writes())).kind());
        assertEquals(Refused.Kind.FORBIDDEN, assertThrows(Refused.class,
                () -> report(b, intruder, g, held, 3, new Writes(), "WW")).kind(), "another worker's task");
        assertEquals(Refused.Kind.FORBIDDEN, assertThrows(Refused.class,
                () -> b.request(worker, 99, 3, new Writes())).kind(), "another token's worker");
        assertEquals(held, b.test(test).counts(), "nothing refused was counted");
    }

    @Test
    void anSprtThatStopsCancelsItsLeasesAtOnceAndLaterGamesAreCountedApart() {
        Board b = board();
        Writes w = new Writes();
        long test = submit(b, 1, definition("t", 1000, "{\"elo0\": 0, \"elo1\": 50, \"alpha\": 0.05, \"beta\": 0.05}", null), w);
        long one = worker(b, 2, w);
        long two = worker(b, 2, w);
        Wire.Grant g1 = b.request(one, 7, 0, w).task();
        Wire.Grant g2 = b.request(two, 7, 0, w).task();
        String[] wins = new String[g1.pairs()];
        java.util.Arrays.fill(wins, "WD");
        Wire.ReportAnswer end = report(b, one, g1, Counts.ZERO, 10, w, wins);
        assertTrue(end.stop());
        Rows.Test row = b.test(test);
        assertEquals("finished", row.state());
        assertTrue(row.result().startsWith("SPRT H1 accepted"), row.result());
        assertEquals(List.of(g2.task()), b.beat(two, 7, List.of(g2.task()), 11).stop(), "cancelled at the next contact");
        Writes w2 = new Writes();
        Wire.ReportAnswer late = report(b, two, g2, Counts.ZERO, 12, w2, "DD");
        assertEquals("accepted", late.status());
        assertTrue(late.stop());
        assertEquals(Games.counts("DD"), b.test(test).late());
        assertEquals(row.counts(), b.test(test).counts(), "the decision's counts stay as they were");
        assertNull(b.request(one, 7, 13, w2).task());
        assertNotNull(b.test(test), "held while its cancelled task may report");
        b.expire(100_000, new Writes());
        assertNull(b.test(test));
    }

    @Test
    void aWorkerThatGivesUpATaskGivesBackItsPairsAndIsNotGivenThatTestAgain() {
        Board b = board();
        Writes w = new Writes();
        long first = submit(b, 1, definition("first", 100_000, null, null), w);
        long second = submit(b, 1, definition("second", 100_000, null, null), w);
        long worker = worker(b, 2, w);
        long other = worker(b, 2, w);
        Wire.Grant g = b.request(worker, 7, 0, w).task();
        assertEquals(first, g.test());
        report(b, worker, g, Counts.ZERO, 1, w, "WL");
        b.fail(worker, 7, g.task(), "engine crashed", 2, w);
        for (int i = 0; i < 5; i++) {
            assertEquals(second, b.request(worker, 7, 3, w).task().test(), "not given the test it gave up");
        }
        Wire.Grant again = b.request(other, 7, 3, w).task();
        assertEquals(first, again.test(), "the test behind its share");
        assertEquals(g.firstPair() + 1, again.firstPair(), "the pairs it did not play come back first");
        assertEquals(g.pairs() - 1, again.pairs());
        assertEquals(Refused.Kind.GONE, assertThrows(Refused.class,
                () -> report(b, worker, g, Games.counts("WL"), 4, new Writes(), "DD")).kind());
        assertEquals(Games.counts("WL"), b.test(first).counts(), "the played pair stays counted");
    }

    @Test
    void aFixedTestEndsWhenEveryPairIsIn() {
        Board b = board();
        Writes w = new Writes();
        long test = submit(b, 1, definition("t", 3, null, null), w);
        long worker = worker(b, 2, w);
        Wire.Grant g = b.request(worker, 7, 0, w).task();
        assertEquals(3, g.pairs(), "no more than the test has");
        assertNull(b.request(worker, 7, 0, w).task());
        Wire.ReportAnswer a = report(b, worker, g, Counts.ZERO, 1, w, "WL", "DD", "LL");
        assertTrue(a.stop());
        assertEquals("all 3 pairs played", b.test(test) == null ? "gone" : b.test(test).result());
    }
}
