package arbiter.service.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.service.protocol.Counts;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The rows of issue 34's migration on H2 and on a real PostgreSQL: a task's crashes, time losses and
 * purge, each worker's tasks of a test added up (purged ones apart), SPSA pairs handed out and then
 * applied, chunks read with their games and written again — and what a restart loads of them.
 */
class JobStoreTest {
    @TempDir
    Path dir;

    static final Counts A = new Counts(3, 2, 3, 1, new long[] {0, 1, 1, 0, 1});
    static final Counts B = new Counts(2, 1, 2, 1, new long[] {0, 1, 0, 1, 0});

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void tasksTalliesSpsaPairsAndRewrittenChunksAreWrittenAndLoadedBack(String kind) throws Exception {
        String url = TestDatabases.fresh(kind, dir);
        try (Database db = Database.open(url)) {
            Store s = db.store();
            Writes w = StoreTest.basics();
            w.newWorker(new Rows.Worker(2, 2, "other", "1", 2, "", 1000));
            w.newTest(StoreTest.test(1, "active"));
            w.newTest(StoreTest.test(2, "finished"));
            w.newTask(new Rows.Task(1, 1, 1, 0, 5, "leased", true, 99_000, A, 1, 10, null, 1000, 1000, 2, 1, false));
            w.newTask(new Rows.Task(2, 1, 1, 5, 5, "done", false, 99_000, B, 1, 10, null, 1000, 1000, 0, 0, false));
            w.newTask(new Rows.Task(3, 1, 2, 10, 5, "done", false, 99_000, A, 1, 10, "purged: by admin: x", 1000, 1000, 0, 3, true));
            w.newTask(new Rows.Task(4, 2, 2, 0, 5, "done", false, 99_000, A, 1, 10, null, 1000, 1000, 0, 0, false));
            w.chunk(new Rows.Chunk(1, 0, 1, 0, 3, false, Gzip.bytes("[Event \"one\"]\n\n")));
            w.newSpsaPair(new Rows.SpsaPair(1, 0, 1, 0.5, new double[] {1.25, 3}, new double[] {0.75, 2}, null, null, null));
            w.newSpsaPair(new Rows.SpsaPair(1, 1, 1, 0.5, new double[] {1.5, 3}, new double[] {0.5, 2}, null, null, null));
            s.flush(w);

            Writes w2 = new Writes();
            w2.spsaPair(new Rows.SpsaPair(1, 1, 1, 0.5, new double[] {1.5, 3}, new double[] {0.5, 2}, 1, -2.0,
                    new double[] {0.9, 2.5}));
            w2.rewriteChunk(new Rows.Chunk(1, 0, 1, 0, 3, false, Gzip.bytes("[Event \"one\"]\n[Counted \"purged\"]\n\n")));
            assertEquals(2, w2.rows());
            s.flush(w2);

            Rows.Task purged = s.tasks(1).get(2);
            assertEquals(3, purged.timeLosses());
            assertTrue(purged.purged());
            assertEquals(2, s.tasks(1).get(0).crashes());

            List<Rows.Tally> tallies = s.tallies(1);
            assertEquals(List.of(new Rows.Tally(1, 1, "box", false, 2, A.plus(B), 2, 1),
                    new Rows.Tally(1, 2, "other", true, 1, A, 0, 3)), tallies);

            List<Rows.SpsaPair> pairs = s.spsaPairs(1);
            assertEquals(2, pairs.size());
            assertNull(pairs.get(0).applied());
            assertArrayEquals(new double[] {1.25, 3}, pairs.get(0).plus());
            assertEquals(1, pairs.get(1).applied());
            assertEquals(-2.0, pairs.get(1).result());
            assertArrayEquals(new double[] {0.9, 2.5}, pairs.get(1).theta());

            List<Rows.Chunk> chunks = s.chunks(1, Set.of(1L, 2L));
            assertEquals(1, chunks.size());
            assertEquals("[Event \"one\"]\n[Counted \"purged\"]\n\n", Gzip.text(chunks.get(0).pdn()));

            Store.Loaded l = s.load();
            assertEquals(tallies, l.tallies(), "the tallies of the test held (not of the finished one)");
            assertEquals(2, l.spsa().size());
            assertEquals(List.of(1L), l.tasks().stream().map(Rows.Task::id).toList());
        } finally {
            TestDatabases.drop(url);
        }
    }
}
