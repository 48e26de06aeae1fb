package arbiter.service.schedule;

import arbiter.pdn.GameRecord;
import arbiter.pdn.PdnReader;
import arbiter.service.protocol.Counts;
import arbiter.service.protocol.PairCounter;
import arbiter.service.protocol.TestDefinition;
import arbiter.service.protocol.Wire;
import arbiter.service.store.Gzip;
import arbiter.service.store.Rows;
import arbiter.service.store.Store;
import arbiter.service.store.Writes;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * A worker's games of a test taken out of the count, on the {@link Board}'s thread: they stay in the
 * record, tagged {@code [Counted "purged"]} in the PDN ({@link Taken} counts and re-tags them), and no
 * longer count; the worker's live leases end, and it is not given the test again. A running test hands
 * the purged pairs out again; a finished one is decided again on what is left, and goes on (every pair
 * not counted handed out again) when that is no verdict; a stopped one keeps its end. An SPSA tuning is
 * refused: its updates of theta cannot be taken back. The one part of the board that reads the
 * database (a worker's games, the tasks of tests no longer held): purges are rare.
 */
final class Purges {
    private static final Logger LOG = LogManager.getLogger(Purges.class);

    private final Board board;
    private final Store records;

    Purges(Board board, Store records) {
        this.board = board;
        this.records = records;
    }

    /** An approver's purge; returns the pairs that no longer count. */
    long purge(long testId, long workerId, String why, long now, Writes w) {
        TestState t = board.held(testId);
        if (t == null) {
            Rows.Test row = records.test(testId).orElseThrow(() -> new Refused(Refused.Kind.UNKNOWN,
                    "test " + testId + " does not exist"));
            t = new TestState(row, TestDefinition.read(Wire.tree(row.definition())));
            records.tallies(testId).forEach(t::load);
        }
        if (t.definition.kind() == TestDefinition.Kind.SPSA) {
            throw new Refused(Refused.Kind.CONFLICT, "test " + testId + " is an SPSA tuning: its updates of theta cannot be taken back");
        }
        long before = t.row.counts().pairs() + t.row.late().pairs();
        if (purge(t, workerId, why, now, w).isEmpty()) {
            throw new Refused(Refused.Kind.CONFLICT, "worker " + workerId + " has no games of test " + testId + " that count");
        }
        if ("finished".equals(t.row.state())) {
            String verdict = board.verdict(t);
            if (verdict == null) {
                revive(t, now, w);
            } else if (!verdict.equals(t.row.result())) {
                t.row = t.with(t.row.state(), t.row.nextPair(), t.pass(), t.row.counts(), t.row.late(), verdict, now,
                        t.row.finished());
                w.test(t.row);
            }
        }
        return before - t.row.counts().pairs() - t.row.late().pairs();
    }

    /** Takes a worker's games of a held or loaded test out of its counts; returns its tasks purged (none: none counted). */
    Set<Long> purge(TestState t, long workerId, String why, long now, Writes w) {
        Map<Long, Rows.Task> mine = new LinkedHashMap<>();
        for (Rows.Task x : records.tasks(t.id())) {
            if (x.workerId() == workerId) {
                mine.put(x.id(), w.task(x.id(), x));
            }
        }
        for (long id : t.tasks) {
            Rows.Task x = board.liveTask(id);
            if (x != null && x.workerId() == workerId) {
                mine.put(id, x); // newer than the database's
            }
        }
        mine.values().removeIf(Rows.Task::purged);
        if (mine.isEmpty()) {
            return Set.of();
        }
        List<Rows.Chunk> chunks = new ArrayList<>(records.chunks(t.id(), mine.keySet()));
        chunks.addAll(w.newChunks(mine.keySet()));
        Taken p = Taken.of(t.definition, chunks, w);
        String reason = "purged: " + why;
        for (Rows.Task r : mine.values()) {
            boolean leased = "leased".equals(r.state());
            Rows.Task purged = new Rows.Task(r.id(), r.testId(), r.workerId(), r.firstPair(), r.pairCount(),
                    leased ? "cancelled" : r.state(), r.live(), r.deadline(), r.counts(), r.chunks(), r.playMillis(),
                    reason.length() > 400 ? reason.substring(0, 400) : reason, r.created(), now, r.crashes(), r.timeLosses(), true);
            board.liveTask(purged);
            w.task(purged);
            if (t.active()) {
                board.giveBack(t, r.firstPair(), p.countedPairs().getOrDefault(r.id(), 0), now, w);
                if (leased) {
                    board.giveBack(t, r.firstPair() + (int) r.counts().pairs(), r.pairCount() - (int) r.counts().pairs(), now, w);
                }
            }
        }
        t.purged(workerId);
        board.bar(workerId, t.id());
        t.row = t.with(t.row.state(), t.row.nextPair(), t.pass(), t.row.counts().minus(p.counted()), t.row.late().minus(p.late()),
                t.row.result(), now, t.row.finished());
        w.test(t.row);
        LOG.warn("test {}: worker {}'s {} counted pairs ({} after the stop) purged: {}", t.id(), workerId, p.counted().pairs(),
                p.late().pairs(), why);
        return mine.keySet();
    }

    /**
     * A finished test whose verdict a purge took away goes on: active again, every pair handed out
     * before and not counted now handed out again (those of ended tasks, purged or played after the stop).
     */
    private void revive(TestState t, long now, Writes w) {
        Set<Long> purged = new HashSet<>();
        for (Rows.Task x : records.tasks(t.id())) {
            if (w.task(x.id(), x).purged()) {
                purged.add(x.id()); // as this batch leaves it: a purge of this step is not in the database yet
            }
        }
        for (long id : t.tasks) {
            Rows.Task x = board.liveTask(id);
            if (x != null && x.purged()) {
                purged.add(id);
            }
        }
        List<Rows.Chunk> chunks = new ArrayList<>(records.chunks(t.id()));
        chunks.addAll(w.newChunks(new HashSet<>(t.tasks)));
        BitSet counted = new BitSet();
        for (Rows.Chunk c : chunks) {
            if (!c.afterStop() && !purged.contains(c.taskId())) {
                counted.set(c.firstPair(), c.firstPair() + c.pairs());
            }
        }
        w.clearFree(t.id());
        t.free.clear();
        t.row = t.with("active", t.row.nextPair(), t.pass(), t.row.counts(), t.row.late(), null, now, null);
        w.test(t.row);
        board.hold(t);
        board.activate(t, now, w);
        int end = t.row.nextPair();
        for (int first = counted.nextClearBit(0); first < end; ) {
            int next = counted.nextSetBit(first);
            int stop = next < 0 ? end : Math.min(end, next);
            board.giveBack(t, first, stop - first, now, w);
            first = counted.nextClearBit(stop);
        }
        LOG.warn("test {} goes on after a purge: {} of {} pairs count", t.id(), t.row.counts().pairs(), end);
    }

    /**
     * What a purge takes out of the count, read from the games themselves: each chunk of a worker's
     * tasks is counted (the counts that decided the test, and apart those after its stop) and written
     * again with every game tagged {@code [Counted "purged"]}, so that the test's counts and those its PDN
     * gives stay the same.
     *
     * @param counted      what the purged games had added to the test's counts
     * @param late         what they had added to its counts after the stop
     * @param countedPairs per task, its pairs that had counted (from its first pair on)
     */
    private record Taken(Counts counted, Counts late, Map<Long, Integer> countedPairs) {

        /** Counts and re-tags these chunks (in the database or this batch's), writing each again to {@code w}. */
        static Taken of(TestDefinition test, List<Rows.Chunk> chunks, Writes w) {
            Counts counted = Counts.ZERO;
            Counts late = Counts.ZERO;
            Map<Long, Integer> pairs = new HashMap<>();
            for (Rows.Chunk c : chunks) {
                String text = Gzip.text(c.pdn());
                List<GameRecord> games = new ArrayList<>();
                new PdnReader(new StringReader(text), "chunk " + c.seq() + " of task " + c.taskId(), x -> { })
                        .forEachRemaining(games::add);
                PairCounter counter = new PairCounter(test);
                for (GameRecord g : games) {
                    counter.add(g.tag("White"), g.tag("Black"), g.result(), ReportCheck.pairOf(Long.parseLong(g.tag("Game"))));
                }
                if (c.afterStop()) {
                    late = late.plus(counter.counts());
                } else {
                    counted = counted.plus(counter.counts());
                    pairs.merge(c.taskId(), c.pairs(), Integer::sum);
                }
                w.rewriteChunk(new Rows.Chunk(c.taskId(), c.seq(), c.testId(), c.firstPair(), c.pairs(), c.afterStop(),
                        Gzip.bytes(CountedTag.mark(text, games, CountedTag.PURGED))));
            }
            return new Taken(counted, late, pairs);
        }
    }
}
