package arbiter.service.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.service.protocol.Counts;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The store on H2 and on a real PostgreSQL ({@link TestDatabases}): the migrations, every row type
 * written and read back, what a restart loads, one batch written whole or not at all, a second
 * server refused, and the group commit answering only after its batch is written.
 */
class StoreTest {
    @TempDir
    Path dir;

    static final Counts SOME = new Counts(3, 2, 3, 1, new long[] {0, 1, 1, 0, 1});

    static Rows.Test test(long id, String state) {
        return new Rows.Test(id, 1, "t" + id, "chess", "{\"x\": \"" + "o".repeat(5000) + "\"}", state, 0, 100, 50, 0, 0.0,
                Counts.ZERO, Counts.ZERO, null, 1000, 1000, null);
    }

    static Rows.Task task(long id, long test, int first, String state, boolean live) {
        return new Rows.Task(id, test, 1, first, 5, state, live, 99_000, Counts.ZERO, 0, 0, null, 1000, 1000);
    }

    static Writes basics() {
        Writes w = new Writes();
        w.newUser(new Rows.User(1, "admin", "admin", "active", null, 1000));
        w.newToken(new Rows.Token(1, 1, "api", "first", "a".repeat(64), 1000, null));
        w.newToken(new Rows.Token(2, 1, "worker", "first", "b".repeat(64), 1000, null));
        w.newWorker(new Rows.Worker(1, 2, "box", "1", 4, "stockfish", 1000));
        return w;
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void everyRowIsWrittenAndWhatARestartNeedsIsLoadedBack(String kind) throws Exception {
        String url = TestDatabases.fresh(kind, dir);
        try {
            try (Database db = Database.open(url)) {
                Store s = db.store();
                assertEquals(new Store.Ids(1, 1, 1, 1, 1), s.load().next());
                Writes w = basics();
                w.newTest(test(1, "active"));
                w.newTest(test(2, "finished"));
                w.newTask(task(1, 1, 0, "leased", true));
                w.newTask(task(2, 1, 5, "done", false));
                w.freeAdded(new Rows.FreePairs(1, 10, 5));
                w.freeAdded(new Rows.FreePairs(2, 0, 5)); // of a finished test: not loaded
                s.flush(w);

                Writes w2 = new Writes();
                w2.task(new Rows.Task(1, 1, 1, 0, 5, "leased", true, 123_456, SOME, 1, 777, null, 1000, 2000));
                w2.chunk(new Rows.Chunk(1, 0, 1, 0, 3, false, Gzip.bytes("[Event \"b\"]\n\n")));
                w2.chunk(new Rows.Chunk(2, 0, 1, 5, 1, true, Gzip.bytes("[Event \"c\"]\n\n")));
                w2.test(new Rows.Test(1, 1, "t1", "chess", test(1, "active").definition(), "active", 2, 150, 50, 15, 0.25,
                        SOME, Counts.ZERO, null, 1000, 2000, null));
                w2.token(new Rows.Token(1, 1, "api", "first", "a".repeat(64), 1000, 5000L));
                w2.freeRemoved(new Rows.FreePairs(1, 10, 5));
                w2.freeAdded(new Rows.FreePairs(1, 12, 3));
                s.flush(w2);
                Writes w3 = new Writes();
                w3.chunk(new Rows.Chunk(1, 1, 1, 3, 2, false, Gzip.bytes("[Event \"a2\"]\n\n")));
                s.flush(w3);

                ByteArrayOutputStream out = new ByteArrayOutputStream();
                s.pdn(1, out);
                assertEquals("[Event \"b\"]\n\n[Event \"a2\"]\n\n[Event \"c\"]\n\n", out.toString(StandardCharsets.UTF_8),
                        "the games in the order of their pairs");
                assertEquals(List.of("finished", "active"), s.tests(List.of("active", "finished"), 10).stream()
                        .map(Rows.Test::state).toList());
                assertEquals(2, s.tasks(1).size());
            }
            try (Database db = Database.open(url)) { // a restart: the migrations are not run again
                Store.Loaded l = db.store().load();
                assertEquals(List.of("admin"), l.users().stream().map(Rows.User::name).toList());
                assertEquals(List.of(2L), l.tokens().stream().map(Rows.Token::id).toList(), "the revoked token is left out");
                assertEquals("b".repeat(64), l.tokens().get(0).hash());
                assertEquals(List.of(1L), l.tests().stream().map(Rows.Test::id).toList());
                Rows.Test t = l.tests().get(0);
                assertEquals(SOME, t.counts());
                assertEquals(15, t.nextPair());
                assertEquals(0.25, t.pass());
                assertEquals(2, t.priority());
                assertNull(t.finished());
                assertEquals(test(1, "active").definition(), t.definition());
                assertEquals(List.of(new Rows.FreePairs(1, 12, 3)), l.free());
                assertEquals(1, l.tasks().size());
                Rows.Task task = l.tasks().get(0);
                assertEquals(SOME, task.counts());
                assertEquals(123_456, task.deadline());
                assertEquals(777, task.playMillis());
                assertEquals(List.of(1L), l.workers().stream().map(Rows.Worker::id).toList());
                assertEquals(new Store.Ids(2, 3, 2, 3, 3), l.next());
                assertArrayEquals(SOME.penta(), task.counts().penta());
            }
        } finally {
            TestDatabases.drop(url);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void accountsMachinesAndTheEventLogAreWrittenAndReadBack(String kind) {
        String url = TestDatabases.fresh(kind, dir);
        try {
            try (Database db = Database.open(url)) {
                Store s = db.store();
                Writes w = basics();
                w.newUser(new Rows.User(2, "ann", "user", "pending", "pbkdf2-sha256$600000$c2FsdA$aGFzaA", 1000));
                w.newWorker(new Rows.Worker(2, 2, "box", "1", 8, "", 2000)); // the same machine started again
                w.newTest(test(1, "pending"));
                w.event(new Rows.Event(0, 1000, 2L, 1L, "submitted", "test 1 (t1) by ann"));
                w.event(new Rows.Event(0, 1001, null, null, "lease", "<script>'; DROP TABLE users; --"));
                s.flush(w);
                Writes w2 = new Writes();
                w2.user(new Rows.User(2, "ann", "approver", "active", "pbkdf2-sha256$600000$c2FsdA$bmV3", 1000));
                w2.token(new Rows.Token(2, 1, "worker", "first", "b".repeat(64), 1000, null, true));
                w2.newTask(task(1, 1, 0, "done", false));
                w2.chunk(new Rows.Chunk(1, 0, 1, 0, 1, false, Gzip.bytes("[Game \"0\"]\n\n")));
                w2.event(new Rows.Event(0, 1002, 1L, 1L, "approved", "test 1 approved by admin"));
                s.flush(w2);
                assertEquals(List.of("approved", "submitted"), s.events(1L, 10).stream().map(Rows.Event::kind).toList(),
                        "a test's events, newest first");
                List<Rows.Event> all = s.events(null, 2);
                assertEquals(List.of("approved", "lease"), all.stream().map(Rows.Event::kind).toList());
                assertEquals("<script>'; DROP TABLE users; --", all.get(1).text(), "text is kept as it came, bound");
                assertNull(all.get(1).userId());
                assertTrue(all.get(0).id() > all.get(1).id());
                assertEquals(List.of(2L), s.latestWorkers().stream().map(Rows.Worker::id).toList(), "a token's latest start");
                assertEquals(List.of(1L, 2L), s.workers(List.of(2L, 1L)).stream().map(Rows.Worker::id).toList());
                assertEquals("[Game \"0\"]\n\n", s.chunkPdn(1, 0));
                assertNull(s.chunkPdn(1, 1));
            }
            try (Database db = Database.open(url)) {
                Store.Loaded l = db.store().load();
                Rows.User ann = l.users().get(1);
                assertEquals(List.of("approver", "active", "pbkdf2-sha256$600000$c2FsdA$bmV3"),
                        List.of(ann.role(), ann.state(), ann.passwordHash()));
                assertTrue(ann.approver() && ann.active() && !ann.admin());
                assertEquals(List.of(false, true), l.tokens().stream().map(Rows.Token::blocked).toList());
            }
        } finally {
            TestDatabases.drop(url);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void aBatchIsWrittenWholeOrNotAtAll(String kind) {
        String url = TestDatabases.fresh(kind, dir);
        try (Database db = Database.open(url)) {
            Store s = db.store();
            s.flush(basics());
            Writes bad = new Writes();
            bad.newTest(test(1, "active"));
            bad.newTask(task(1, 99, 0, "leased", true)); // a test that does not exist
            Store.StoreException e = assertThrows(Store.StoreException.class, () -> s.flush(bad));
            assertTrue(e.getMessage().startsWith("writing 2 rows: "), e.getMessage());
            assertEquals(List.of(), s.load().tests(), "the test of the failed batch was not written either");
        } finally {
            TestDatabases.drop(url);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void aSecondServerOnTheSameDatabaseIsRefused(String kind) {
        String url = TestDatabases.fresh(kind, dir);
        try (Database db = Database.open(url)) {
            Database.OpenException e = assertThrows(Database.OpenException.class, () -> Database.open(url).close());
            assertTrue(e.getMessage().contains("use") || e.getMessage().contains("another"), e.getMessage());
        } finally {
            TestDatabases.drop(url);
        }
        Database.OpenException e = assertThrows(Database.OpenException.class,
                () -> Database.open("jdbc:mysql://x/y?password=secret"));
        assertEquals("--db jdbc:mysql://x/y?password=***: give jdbc:h2:file:PATH or jdbc:postgresql://HOST/DATABASE",
                e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void theGroupCommitAnswersAfterItsBatchIsWrittenAndReloadsAfterAFailure(String kind) throws Exception {
        String url = TestDatabases.fresh(kind, dir);
        try (Database db = Database.open(url)) {
            Store s = db.store();
            s.flush(basics());
            AtomicInteger reloads = new AtomicInteger();
            CountDownLatch hold = new CountDownLatch(1);
            CountDownLatch running = new CountDownLatch(1);
            try (GroupCommit<int[]> g = new GroupCommit<>(s, new int[1], st -> reloads.incrementAndGet())) {
                CompletableFuture<Integer> first = g.submit((st, w) -> {
                    running.countDown();
                    await(hold); // holds the thread while the next steps queue up
                    return ++st[0];
                });
                await(running);
                List<CompletableFuture<Integer>> more = new java.util.ArrayList<>();
                for (int i = 0; i < 20; i++) {
                    long id = i + 1;
                    more.add(g.submit((st, w) -> {
                        w.newTest(test(id, "active"));
                        return ++st[0];
                    }));
                }
                hold.countDown();
                assertEquals(1, first.get(10, TimeUnit.SECONDS));
                for (CompletableFuture<Integer> f : more) {
                    f.get(10, TimeUnit.SECONDS);
                }
                assertEquals(20, s.load().tests().size());
                assertTrue(g.figures().endsWith("in 2 commits"), "the 20 queued steps went in one commit: " + g.figures());

                CompletableFuture<Integer> bad = g.submit((st, w) -> {
                    w.newTask(task(1, 999, 0, "leased", true));
                    return 0;
                });
                ExecutionException e = assertThrows(ExecutionException.class, () -> bad.get(10, TimeUnit.SECONDS));
                assertTrue(e.getCause() instanceof Store.StoreException);
                assertEquals(1, reloads.get());
            }
        } finally {
            TestDatabases.drop(url);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
