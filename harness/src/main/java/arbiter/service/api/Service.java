package arbiter.service.api;

import arbiter.pdn.GameRecord;
import arbiter.pdn.GameReplay;
import arbiter.pdn.PdnReader;
import arbiter.service.protocol.TestDefinition;
import arbiter.service.protocol.Wire;
import arbiter.service.schedule.Board;
import arbiter.service.schedule.Refused;
import arbiter.service.schedule.ReportCheck;
import arbiter.service.store.Database;
import arbiter.service.store.GroupCommit;
import arbiter.service.store.Gzip;
import arbiter.service.store.Rows;
import arbiter.service.store.Store;
import arbiter.service.store.Writes;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * What the HTTP handlers call: each change runs as a step of the group commit on the service's
 * state (the {@link Board} and the {@link Accounts}) and returns once written; reads of tests over come
 * from the database. Work that needs no state — reading a definition, parsing and gzipping a report's
 * PDN — is done on the caller's thread first, so the one thread that changes state only compares.
 */
public final class Service implements AutoCloseable {
    private static final Logger LOG = LogManager.getLogger(Service.class);
    /** How long a request waits for its step to be written before it is answered 503. */
    private static final long STEP_TIMEOUT_MS = 30_000;

    /** The state the steps change. */
    record State(Board board, Accounts accounts) {
    }

    private final Database db;
    private final State state;
    private final GroupCommit<State> commits;
    private final ScheduledExecutorService ticker;
    private final People people;
    /** The API's views of this database's tests (each test's SPRT read once). */
    private final Views views = new Views();
    /** Counts committed steps: a page that saw another number has something new to show. */
    private final java.util.concurrent.atomic.AtomicLong version = new java.util.concurrent.atomic.AtomicLong();

    public Service(Database db, Board.Settings settings) {
        this.db = db;
        this.state = new State(new Board(settings, db.store()), new Accounts());
        load(state);
        this.commits = new GroupCommit<>(db.store(), state, this::load);
        this.people = new People(this, db.store());
        this.ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "lease-expiry");
            t.setDaemon(true);
            return t;
        });
        long every = Math.max(100, Math.min(1000, settings.leaseMillis() / 10));
        ticker.scheduleWithFixedDelay(this::expire, every, every, TimeUnit.MILLISECONDS);
    }

    private void load(State s) {
        Store.Loaded l = db.store().load();
        s.accounts().load(l);
        s.board().load(l, System.currentTimeMillis());
    }

    public Accounts accounts() {
        return state.accounts();
    }

    public Board.Settings settings() {
        return state.board().settings();
    }

    /** Runs a step and waits until it is written; a {@link Refused} comes back as it was thrown. */
    <R> R run(GroupCommit.Step<State, R> step) {
        boolean[] changed = new boolean[1];
        CompletableFuture<R> f = commits.submit((s, w) -> {
            int before = w.rows();
            R r = step.apply(s, w);
            changed[0] = w.rows() != before; // a row already in the batch was changed by an earlier step, which counts
            return r;
        });
        try {
            R r = f.get(STEP_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            if (changed[0]) {
                version.incrementAndGet(); // after the commit: who reads it now reads the change
            }
            return r;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        } catch (TimeoutException e) {
            throw new Store.StoreException("waiting for the database", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Store.StoreException("interrupted", e);
        }
    }

    /** Grows whenever a change was committed (a page's cue to show it again). */
    public long version() {
        return version.get();
    }

    private void expire() {
        try {
            run((s, w) -> s.board().expire(System.currentTimeMillis(), w));
        } catch (RuntimeException e) {
            LOG.warn("expiring leases: {}", e.getMessage());
        }
    }

    /** Accounts, tokens, machines and the event log. */
    public People people() {
        return people;
    }

    // ---- workers ----

    public Wire.Welcome register(Accounts.Caller caller, Wire.Hello hello) {
        return run((s, w) -> s.board().register(caller.token().id(), hello, System.currentTimeMillis(), w));
    }

    public Wire.TaskAnswer request(Accounts.Caller caller, long worker) {
        return run((s, w) -> s.board().request(worker, caller.token().id(), System.currentTimeMillis(), w));
    }

    public Wire.ReportAnswer report(Accounts.Caller caller, long task, Wire.Report r) {
        List<GameRecord> games = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        String pdn = r.pdn() == null ? "" : r.pdn();
        PdnReader reader = new PdnReader(new StringReader(pdn), "the report's PDN", x -> warnings.add(x.toString()));
        try {
            reader.forEachRemaining(games::add);
        } catch (RuntimeException e) {
            warnings.add(e.getMessage());
        }
        if (!warnings.isEmpty()) {
            throw new Refused(Refused.Kind.BAD, warnings.get(0));
        }
        byte[] gz = Gzip.bytes(pdn);
        return run((s, w) -> s.board().report(r.worker(), caller.token().id(), task, r, games, pdn, gz,
                System.currentTimeMillis(), w));
    }

    public Wire.BeatAnswer beat(Accounts.Caller caller, long worker, Wire.Beat beat) {
        return run((s, w) -> s.board().beat(worker, caller.token().id(), beat.tasks(), System.currentTimeMillis()));
    }

    public void fail(Accounts.Caller caller, long task, Wire.Failure f) {
        String reason = f.reason() == null ? "no reason given" : f.reason().lines().findFirst().orElse("");
        String shortReason = reason.length() > 300 ? reason.substring(0, 300) + "..." : reason;
        run((s, w) -> {
            s.board().fail(f.worker(), caller.token().id(), task, shortReason, System.currentTimeMillis(), w);
            return null;
        });
    }

    // ---- tests ----

    /**
     * A new test: pending until an approver other than its author approves it — except that the
     * tests of the only approver (an approver or admin when no one else is one, as on a fresh server)
     * start at once, as no one else could approve them.
     */
    public Wire.Submitted submit(Accounts.Caller caller, String body) {
        TestDefinition d;
        try {
            d = TestDefinition.read(Wire.tree(body));
        } catch (TestDefinition.BadDefinitionException | Wire.BadMessageException e) {
            throw new Refused(Refused.Kind.BAD, e.getMessage());
        }
        String text = Wire.write(d.json());
        Wire.Submitted submitted = run((s, w) -> {
            long now = System.currentTimeMillis();
            boolean sole = s.accounts().soleApprover(caller.id());
            long id = s.board().submit(caller.id(), d, text, sole, now, w);
            w.event(Rows.Event.of(now, caller.id(), id, "submitted", "test " + id + " (" + d.name() + ") by " + caller.user().name()
                    + (sole ? ", started at once: its author is the only approver" : ", waiting for an approver")));
            return new Wire.Submitted(id, sole ? "active" : "pending");
        });
        LOG.info("test {} ({}) submitted by {}: {}", submitted.id(), d.name(), caller.user().name(), submitted.state());
        return submitted;
    }

    /** An approver approves another's pending test: it joins the share. */
    public void approve(Accounts.Caller caller, long test) {
        if (!caller.approver()) {
            throw new Refused(Refused.Kind.FORBIDDEN, "only an approver may approve a test");
        }
        run((s, w) -> {
            Rows.Test t = held(s, test);
            if (t.userId() == caller.id()) {
                throw new Refused(Refused.Kind.FORBIDDEN, "test " + test + " is your own: another approver approves it");
            }
            long now = System.currentTimeMillis();
            s.board().approve(test, now, w);
            w.event(Rows.Event.of(now, caller.id(), test, "approved", "test " + test + " (" + t.name() + ") approved by "
                    + caller.user().name()));
            return null;
        });
    }

    /** The test's author or an approver stops it. */
    public void stop(Accounts.Caller caller, long test) {
        run((s, w) -> {
            Rows.Test t = ownOrApproved(caller, held(s, test));
            long now = System.currentTimeMillis();
            s.board().stop(test, "stopped by " + caller.user().name(), now, w);
            w.event(Rows.Event.of(now, caller.id(), test, "stopped", "test " + test + " (" + t.name() + ") stopped by "
                    + caller.user().name()));
            return null;
        });
    }

    /** The test's author or an approver changes its priority and throughput. */
    public void modify(Accounts.Caller caller, long test, int priority, int throughput) {
        if (Math.abs(priority) > TestDefinition.MAX_PRIORITY || throughput < TestDefinition.MIN_THROUGHPUT
                || throughput > TestDefinition.MAX_THROUGHPUT) {
            throw new Refused(Refused.Kind.BAD, "a priority is -" + TestDefinition.MAX_PRIORITY + " to " + TestDefinition.MAX_PRIORITY
                    + ", a throughput " + TestDefinition.MIN_THROUGHPUT + " to " + TestDefinition.MAX_THROUGHPUT);
        }
        run((s, w) -> {
            Rows.Test t = ownOrApproved(caller, held(s, test));
            long now = System.currentTimeMillis();
            s.board().modify(test, priority, throughput, now, w);
            w.event(Rows.Event.of(now, caller.id(), test, "modified", "test " + test + " (" + t.name() + "): priority "
                    + priority + ", throughput " + throughput + "% by " + caller.user().name()));
            return null;
        });
    }

    /** The test, when it is the caller's or the caller is an approver. */
    private static Rows.Test ownOrApproved(Accounts.Caller caller, Rows.Test t) {
        if (t.userId() != caller.id() && !caller.approver()) {
            throw new Refused(Refused.Kind.FORBIDDEN, "test " + t.id() + " is another user's");
        }
        return t;
    }

    /** A test that is not over (a step's check, on the state it changes). */
    private Rows.Test held(State s, long test) {
        Rows.Test t = s.board().test(test);
        if (t == null || "finished".equals(t.state()) || "stopped".equals(t.state())) {
            boolean exists = db.store().test(test).isPresent();
            throw new Refused(exists ? Refused.Kind.CONFLICT : Refused.Kind.UNKNOWN,
                    "test " + test + (exists ? " is over" : " does not exist"));
        }
        return t;
    }

    /** A test as anyone may read it: from the board while it runs, else from the database. */
    public Wire.TestView view(long id) {
        Object[] live = run((s, w) -> {
            Rows.Test t = s.board().test(id);
            return t == null ? null : new Object[] {t, s.board().share(id), s.board().tasks(id)};
        });
        if (live != null) {
            return views.of((Rows.Test) live[0], accounts(), (Double) live[1], (Integer) live[2]);
        }
        Rows.Test t = db.store().test(id).orElseThrow(() -> new Refused(Refused.Kind.UNKNOWN, "test " + id + " does not exist"));
        return views.of(t, accounts(), 0, 0);
    }

    /** The tests held (not over, or over with tasks that may still report), then the latest over (up to {@code limit}). */
    public List<Wire.TestView> list(int limit) {
        List<Object[]> live = run((s, w) -> s.board().tests().stream()
                .map(t -> new Object[] {t, s.board().share(t.id()), s.board().tasks(t.id())}).toList());
        List<Wire.TestView> out = new ArrayList<>();
        java.util.Set<Long> held = new java.util.HashSet<>();
        for (Object[] l : live) {
            Rows.Test t = (Rows.Test) l[0];
            held.add(t.id());
            out.add(views.of(t, accounts(), (Double) l[1], (Integer) l[2]));
        }
        for (Rows.Test t : db.store().tests(List.of("finished", "stopped"), limit)) {
            if (!held.contains(t.id())) {
                out.add(views.of(t, accounts(), 0, 0));
            }
        }
        return out;
    }

    /** The definition a test was submitted with (workers read it to play the test's games). */
    public String definition(long id) {
        Rows.Test t = run((s, w) -> s.board().test(id));
        if (t == null) {
            t = db.store().test(id).orElseThrow(() -> new Refused(Refused.Kind.UNKNOWN, "test " + id + " does not exist"));
        }
        return t.definition();
    }

    // ---- tasks, workers, tunings, rating lists ----

    private TestDefinition definitionOf(long id) {
        Rows.Test t = db.store().test(id).orElseThrow(() -> new Refused(Refused.Kind.UNKNOWN, "test " + id + " does not exist"));
        try {
            return TestDefinition.read(Wire.tree(t.definition()));
        } catch (RuntimeException e) {
            throw new Refused(Refused.Kind.CONFLICT, "test " + id + " is not a test this version reads");
        }
    }

    /** A test's workers: their tasks added up, residuals and flags. */
    public Wire.WorkersView workers(long id) {
        return JobViews.workers(definitionOf(id), db.store().tallies(id));
    }

    /** A test's tasks, each with its worker's residual. */
    public List<Wire.TaskView> tasks(long id) {
        TestDefinition d = definitionOf(id);
        return JobViews.tasks(db.store().tasks(id), JobViews.workers(d, db.store().tallies(id)));
    }

    /** An approver purges a worker's games of a test ({@link Board#purge}). */
    public Wire.Purged purge(Accounts.Caller caller, long id, Wire.Purge p) {
        if (!caller.approver()) {
            throw new Refused(Refused.Kind.FORBIDDEN, "only an approver purges a worker's games");
        }
        String reason = p.reason() == null || p.reason().isBlank() ? "no reason given" : p.reason().strip();
        String why = "by " + caller.user().name() + ": " + (reason.length() > 200 ? reason.substring(0, 200) : reason)
                .replaceAll("\\p{Cntrl}", " ");
        long pairs = run((s, w) -> s.board().purge(id, p.worker(), why, System.currentTimeMillis(), w));
        LOG.warn("test {}: worker {} purged {}: {} pairs no longer count", id, p.worker(), why, pairs);
        return new Wire.Purged(pairs);
    }

    /** An SPSA tuning's theta, history and estimate. */
    public Wire.SpsaView spsa(long id) {
        TestDefinition d = definitionOf(id);
        if (d.kind() != TestDefinition.Kind.SPSA) {
            throw new Refused(Refused.Kind.CONFLICT, "test " + id + " is a " + d.kind().id() + ", not an SPSA tuning");
        }
        return JobViews.spsa(d, db.store().spsaPairs(id));
    }

    /** The rating list of a test's counted games (a round robin's or gauntlet's result; any test's games). */
    public Wire.RatingsView ratings(long id) throws IOException {
        definitionOf(id);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        db.store().pdn(id, out);
        return JobViews.ratings(new StringReader(out.toString(java.nio.charset.StandardCharsets.UTF_8)), "test " + id);
    }

    /** Game {@code game} of a test replayed for the viewer (from the chunk holding its pair). */
    public GameReplay game(long test, long game) {
        long pair = ReportCheck.pairOf(game);
        for (Rows.Chunk c : db.store().chunks(test)) {
            if (c.firstPair() <= pair && pair < c.firstPair() + c.pairs()) {
                GameReplay g = GameReplay.find(db.store().chunkPdn(c.taskId(), c.seq()), game);
                if (g != null) {
                    return g;
                }
            }
        }
        throw new Refused(Refused.Kind.UNKNOWN, "test " + test + " has no game " + game + " (yet)");
    }

    /** Every task of a test, in the order of their first pairs. */
    public List<Rows.Task> taskRows(long test) {
        return db.store().tasks(test);
    }

    /** The chunks of a test (without their games), in the order of their first pairs. */
    public List<Rows.Chunk> chunks(long test) {
        return db.store().chunks(test);
    }

    /** The games of one chunk, or null. */
    public String chunkPdn(long task, int seq) {
        return db.store().chunkPdn(task, seq);
    }

    /** The workers of these ids, by id. */
    public java.util.Map<Long, Rows.Worker> workers(java.util.Collection<Long> ids) {
        java.util.Map<Long, Rows.Worker> out = new java.util.HashMap<>();
        db.store().workers(ids).forEach(w -> out.put(w.id(), w));
        return out;
    }

    /** Writes a test's games as one PDN file. */
    public void pdn(long id, OutputStream out) throws IOException {
        if (db.store().test(id).isEmpty()) {
            throw new Refused(Refused.Kind.UNKNOWN, "test " + id + " does not exist");
        }
        db.store().pdn(id, out);
    }

    public String figures() {
        return commits.figures();
    }

    @Override
    public void close() {
        ticker.shutdownNow();
        commits.close();
    }
}
