package arbiter.service.schedule;

import arbiter.pdn.GameRecord;
import arbiter.pdn.PdnReader;
import arbiter.service.protocol.Counts;
import arbiter.service.protocol.PairCounter;
import arbiter.service.protocol.TestDefinition;
import arbiter.service.store.Gzip;
import arbiter.service.store.Rows;
import arbiter.service.store.Writes;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A worker's games of a test taken out of the count, read from the games themselves: each chunk of
 * its tasks is counted (the counts that decided the test, and apart those after its stop) and written
 * again with every game tagged {@code [Counted "purged"]}, so that the test's counts and those its PDN
 * gives stay the same.
 *
 * @param counted      what the purged games had added to the test's counts
 * @param late         what they had added to its counts after the stop
 * @param countedPairs per task, its pairs that had counted (from its first pair on)
 */
record Purge(Counts counted, Counts late, Map<Long, Integer> countedPairs) {

    /** Counts and re-tags these chunks (in the database or this batch's), writing each again to {@code w}. */
    static Purge of(TestDefinition test, List<Rows.Chunk> chunks, Writes w) {
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
                counter.add(g.tag("White"), g.tag("Black"), g.result(), Integer.parseInt(g.tag("Game")) / 2);
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
        return new Purge(counted, late, pairs);
    }
}
