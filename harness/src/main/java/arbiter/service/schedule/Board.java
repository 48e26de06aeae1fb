package arbiter.service.schedule;

import arbiter.pdn.GameRecord;
import arbiter.service.protocol.Counts;
import arbiter.service.protocol.TestDefinition;
import arbiter.service.protocol.Wire;
import arbiter.service.store.Gzip;
import arbiter.service.store.Rows;
import arbiter.service.store.Store;
import arbiter.service.store.Writes;
import arbiter.stats.Homogeneity;
import arbiter.stats.Sprt;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The service's scheduling state in memory — the tests not over, their live tasks and the workers
 * holding them — and every rule that changes it: which task a worker gets ({@link FairShare}, sized to
 * about {@link Settings#taskMillis} of its slots), what a report, heartbeat or failure does, when a
 * lease is lost, when a test ends (its SPRT decided, or every pair played). Each change puts the rows
 * it touched in a {@link Writes}; the caller commits them before answering. The database holds the
 * truth: {@link #load} rebuilds this from it at start and after a failed write. One thread at a time.
 */
public final class Board {
    private static final Logger LOG = LogManager.getLogger(Board.class);

    /**
     * @param leaseMillis     a worker silent this long loses its leases
     * @param heartbeatMillis how often a worker says it is alive (when it has nothing to report)
     * @param reportMillis    how often a worker reports new pairs
     * @param taskMillis      about how long a task keeps a worker's slots busy
     * @param retryMillis     how long a worker with no task waits before it asks again
     */
    public record Settings(long leaseMillis, long heartbeatMillis, long reportMillis, long taskMillis, long retryMillis) {
        /** fishtest's: a task of about 30 minutes, a worker silent for 6 lost; reports every minute. */
        public static Settings defaults() {
            return new Settings(360_000, 60_000, 60_000, 1_800_000, 15_000);
        }
    }

    private final Settings settings;
    /** Purges of workers' games, which read the database; null: none (a board without one). */
    private final Purges purges;
    private final Map<Long, TestState> tests = new LinkedHashMap<>();
    private final Map<Long, TaskState> tasks = new HashMap<>();
    private final Map<Long, WorkerState> workers = new HashMap<>();
    private final Map<Long, Integer> activeByUser = new HashMap<>();
    private FairShare share = new FairShare();
    private long nextWorker;
    private long nextTest;
    private long nextTask;

    public Board(Settings settings) {
        this(settings, null);
    }

    /** @param records the database a purge reads the games of a worker from */
    public Board(Settings settings, Store records) {
        this.settings = settings;
        this.purges = records == null ? null : new Purges(this, records);
    }

    public Settings settings() {
        return settings;
    }

    /**
     * Replaces everything with what the database holds. Leases still running get a full lease from
     * {@code now}: their workers could not reach a server that was down.
     */
    public void load(Store.Loaded l, long now) {
        tests.clear();
        tasks.clear();
        workers.clear();
        activeByUser.clear();
        share = new FairShare();
        nextWorker = l.next().worker();
        nextTest = l.next().test();
        nextTask = l.next().task();
        for (Rows.Worker w : l.workers()) {
            workers.put(w.id(), WorkerState.of(w));
        }
        for (Rows.Test t : l.tests()) {
            TestDefinition d;
            try {
                d = TestDefinition.read(arbiter.service.protocol.Wire.tree(t.definition()));
            } catch (RuntimeException e) {
                LOG.error("test {} ({}) is not a test this version reads, and is not scheduled: {}", t.id(), t.name(),
                        e.getMessage());
                continue;
            }
            TestState s = new TestState(t, d);
            tests.put(t.id(), s);
            if (s.active()) {
                activeByUser.merge(t.userId(), 1, Integer::sum);
            }
        }
        for (Rows.Tally x : l.tallies()) {
            TestState s = tests.get(x.testId());
            if (s != null) {
                s.load(x);
            }
        }
        Map<Long, List<Rows.SpsaPair>> spsa = new HashMap<>();
        l.spsa().forEach(x -> spsa.computeIfAbsent(x.testId(), k -> new ArrayList<>()).add(x));
        for (TestState s : tests.values()) {
            if (s.spsa != null) {
                s.spsa.load(spsa.getOrDefault(s.id(), List.of()));
            }
        }
        for (Rows.FreePairs f : l.free()) {
            TestState s = tests.get(f.testId());
            if (s != null) {
                s.free.put(f.firstPair(), f.pairs());
            }
        }
        for (Rows.Task t : l.tasks()) {
            TaskState task = new TaskState(t);
            if ("leased".equals(t.state()) && t.deadline() < now + settings.leaseMillis) {
                task.row = TaskState.with(t, t.state(), true, now + settings.leaseMillis, t.counts(), t.chunks(), t.playMillis(), t.reason(),
                        now);
            }
            tasks.put(t.id(), task);
            TestState s = tests.get(t.testId());
            if (s != null) {
                s.tasks.add(t.id());
            }
        }
        for (TestState s : tests.values()) {
            weigh(s);
            if (s.active() && s.hasPairs()) {
                share.add(s);
            }
        }
        LOG.info("loaded {} tests, {} live tasks, {} workers", tests.size(), tasks.size(), workers.size());
    }

    // ---- workers ----

    /** A worker starting: a new incarnation of the token's machine. */
    public Wire.Welcome register(long tokenId, Wire.Hello hello, long now, Writes w) {
        Rows.Worker row = new Rows.Worker(nextWorker++, tokenId, hello.machine(), hello.version(), hello.slots(),
                WorkerState.engines(hello.engines(), hello.builds()), now);
        workers.put(row.id(), new WorkerState(row, Map.copyOf(hello.engines()), hello.builds()));
        w.newWorker(row);
        return new Wire.Welcome(row.id(), settings.heartbeatMillis, settings.reportMillis, settings.leaseMillis);
    }

    private WorkerState worker(long id, long tokenId) {
        WorkerState w = workers.get(id);
        if (w == null) {
            throw new Refused(Refused.Kind.GONE, "worker " + id + " is not registered (the server may have restarted): register again");
        }
        if (w.row.tokenId() != tokenId) {
            throw new Refused(Refused.Kind.FORBIDDEN, "worker " + id + " was registered with another token");
        }
        return w;
    }

    /** A task for the worker: pairs of the test furthest behind its share among those it can play. */
    public Wire.TaskAnswer request(long workerId, long tokenId, long now, Writes w) {
        WorkerState worker = worker(workerId, tokenId);
        FairShare.Entry picked = share.pick(e -> fits(worker, (TestState) e));
        if (picked == null) {
            return new Wire.TaskAnswer(null, share.size() == 0 ? "no test needs games" : "no test this worker can play needs games",
                    settings.retryMillis);
        }
        TestState t = (TestState) picked;
        int want = size(t, worker.row.slots());
        int first;
        int pairs;
        int nextPair = t.row.nextPair();
        if (!t.free.isEmpty()) {
            Map.Entry<Integer, Integer> f = t.free.pollFirstEntry();
            first = f.getKey();
            pairs = Math.min(want, f.getValue());
            w.freeRemoved(new Rows.FreePairs(t.id(), first, f.getValue()));
            if (pairs < f.getValue()) {
                t.free.put(first + pairs, f.getValue() - pairs);
                w.freeAdded(new Rows.FreePairs(t.id(), first + pairs, f.getValue() - pairs));
            }
        } else {
            first = nextPair;
            pairs = Math.min(want, t.row.pairsTarget() - nextPair);
            nextPair += pairs;
        }
        Rows.Task row = new Rows.Task(nextTask++, t.id(), workerId, first, pairs, "leased", true, now + settings.leaseMillis,
                Counts.ZERO, 0, 0, null, now, now);
        tasks.put(row.id(), new TaskState(row));
        t.tasks.add(row.id());
        w.newTask(row);
        t.tally(workerId, worker.row.machine(), Counts.ZERO, 0, 0, 1);
        List<Wire.Perturbation> spsa = t.spsa == null ? null : t.spsa.handOut(row.id(), first, pairs, w);
        share.remove(t);
        t.row = t.with(t.row.state(), nextPair, t.pass() + pairs * t.cost / t.weight, t.row.counts(), t.row.late(),
                t.row.result(), now, null);
        w.test(t.row);
        if (t.hasPairs()) {
            share.add(t);
        }
        return new Wire.TaskAnswer(new Wire.Grant(row.id(), t.id(), first, pairs, settings.leaseMillis, spsa), null, 0);
    }

    private static boolean fits(WorkerState worker, TestState t) {
        if (worker.failed.contains(t.id()) || t.builds && !worker.builds) {
            return false;
        }
        for (Map.Entry<String, String> e : t.declared.entrySet()) {
            if (!e.getValue().equals(worker.engines.get(e.getKey()))) {
                return false;
            }
        }
        return true;
    }

    /**
     * About {@code taskMillis} of the worker's slots, at least a pair for every two slots. An SPSA
     * tuning's task is a pair a slot, as the local tuner keeps about its slots' worth of pairs in
     * flight: every pair of a task is played at the theta of its hand-out, and larger tasks would
     * play on at a stale theta (fishtest's SPSA batches are two pairs a slot).
     */
    private int size(TestState t, int slots) {
        if (t.spsa != null) {
            return slots;
        }
        double pairs = settings.taskMillis / 1000.0 * slots / t.pairSeconds;
        int least = Math.max(1, (slots + 1) / 2);
        return (int) Math.max(least, Math.min(Math.round(pairs), TestDefinition.MAX_PAIRS));
    }

    /**
     * A report of new cumulative counts with the PDN of the new pairs ({@code games} parsed from
     * {@code pdn}, {@code gz} the same text gzipped).
     */
    public Wire.ReportAnswer report(long workerId, long tokenId, long taskId, Wire.Report r, List<GameRecord> games,
                                    String pdn, byte[] gz, long now, Writes w) {
        worker(workerId, tokenId);
        TaskState task = ownTask(workerId, taskId);
        Rows.Task row = task.row;
        TestState t = tests.get(row.testId());
        if (t == null || "failed".equals(row.state()) || "expired".equals(row.state())) {
            throw new Refused(Refused.Kind.GONE, "task " + taskId + " was given up; its pairs went back to the test");
        }
        if (row.purged()) {
            throw new Refused(Refused.Kind.GONE, "task " + taskId + " was purged: its games no longer count");
        }
        ReportCheck.Outcome outcome;
        try {
            outcome = ReportCheck.check(row.counts(), row.firstPair(), row.pairCount(), t.definition, r.counts(), games);
        } catch (Refused e) {
            LOG.warn("refused a report of task {} from worker {}: {}", taskId, workerId, e.getMessage());
            throw e;
        }
        boolean over = !t.active() || !"leased".equals(row.state());
        if (outcome instanceof ReportCheck.Duplicate) {
            return new Wire.ReportAnswer("duplicate", row.counts(), over || row.counts().pairs() == row.pairCount(), null);
        }
        ReportCheck.Accept accept = (ReportCheck.Accept) outcome;
        boolean afterStop = over; // a test that stopped keeps later games, counted apart
        boolean done = accept.counts().pairs() == row.pairCount();
        String state = "leased".equals(row.state()) && done ? "done" : row.state();
        long deadline = now + settings.leaseMillis;
        String text = afterStop ? CountedTag.mark(pdn, games, CountedTag.AFTER_STOP) : null;
        w.chunk(new Rows.Chunk(taskId, row.chunks(), row.testId(), row.firstPair() + (int) row.counts().pairs(),
                (int) accept.added().pairs(), afterStop, text != null ? Gzip.bytes(text) : gz));
        long play = Math.max(row.playMillis(), r.playMillis());
        long[] failures = BadWorkers.failures(games);
        task.row = new Rows.Task(row.id(), row.testId(), row.workerId(), row.firstPair(), row.pairCount(), state, true, deadline,
                accept.counts(), row.chunks() + 1, play, row.reason(), row.created(), now, row.crashes() + failures[0],
                row.timeLosses() + failures[1], false);
        w.task(task.row);
        t.tally(workerId, null, accept.added(), failures[0], failures[1], 0);
        if (play > row.playMillis()) {
            double measured = (play - row.playMillis()) / 1000.0 / accept.added().pairs();
            t.pairSeconds += TestState.MEASURE_WEIGHT * (measured - t.pairSeconds);
        }
        if (afterStop) {
            t.row = t.with(t.row.state(), t.row.nextPair(), t.pass(), t.row.counts(), t.row.late().plus(accept.added()),
                    t.row.result(), now, t.row.finished());
            w.test(t.row);
        } else {
            int firstNew = row.firstPair() + (int) row.counts().pairs();
            for (int i = 0; t.spsa != null && i < accept.pairResults().length; i++) {
                if (!t.spsa.apply(taskId, firstNew + i, accept.pairResults()[i], w)) {
                    LOG.error("test {}: pair {} of task {} was not handed out with it; not applied", t.id(), firstNew + i, taskId);
                }
            }
            t.row = t.with(t.row.state(), t.row.nextPair(), t.pass(), t.row.counts().plus(accept.added()), t.row.late(),
                    t.row.result(), now, null);
            w.test(t.row);
            endIfDecided(t, now, w);
        }
        boolean stop = done || !t.active() || "cancelled".equals(task.row.state());
        return new Wire.ReportAnswer("accepted", task.row.counts(), stop, stop && !done ? "the test has ended" : null);
    }

    private TaskState ownTask(long workerId, long taskId) {
        TaskState task = tasks.get(taskId);
        if (task == null) {
            throw new Refused(Refused.Kind.GONE, "task " + taskId + " is over or unknown");
        }
        if (task.row.workerId() != workerId) {
            throw new Refused(Refused.Kind.FORBIDDEN, "task " + taskId + " is leased to another worker");
        }
        return task;
    }

    /** Extends the leases the worker names; answers those to stop (over, lost, or not its own). */
    public Wire.BeatAnswer beat(long workerId, long tokenId, Collection<Long> held, long now) {
        worker(workerId, tokenId);
        List<Long> stop = new ArrayList<>();
        for (long id : held) {
            TaskState task = tasks.get(id);
            if (task == null || task.row.workerId() != workerId || !"leased".equals(task.row.state())) {
                stop.add(id);
            } else {
                Rows.Task r = task.row;
                task.row = TaskState.with(r, r.state(), true, now + settings.leaseMillis, r.counts(), r.chunks(), r.playMillis(), r.reason(),
                        r.updated()); // held in memory only: a restart gives every lease a full term anyway
            }
        }
        return new Wire.BeatAnswer(stop);
    }

    /** A worker gives a task up: its unplayed pairs go back, and the worker is not given that test again. */
    public void fail(long workerId, long tokenId, long taskId, String reason, long now, Writes w) {
        WorkerState worker = worker(workerId, tokenId);
        TaskState task = ownTask(workerId, taskId);
        worker.failed.add(task.row.testId());
        LOG.warn("worker {} ({}) gave up task {} of test {}: {}", workerId, worker.row.machine(), taskId, task.row.testId(), reason);
        if ("leased".equals(task.row.state())) {
            giveBack(task, "failed", "the worker gave up: " + reason, now, w);
        }
    }

    /** Leases past their deadline are lost (their unplayed pairs go back); tasks kept for late copies are let go. */
    public int expire(long now, Writes w) {
        int lost = 0;
        for (Iterator<TaskState> it = tasks.values().iterator(); it.hasNext(); ) {
            TaskState task = it.next();
            if (task.row.deadline() >= now) {
                continue;
            }
            if ("leased".equals(task.row.state())) {
                lost++;
                LOG.warn("task {} of test {}: no word from worker {} for {} s; its unplayed pairs go back", task.row.id(),
                        task.row.testId(), task.row.workerId(), settings.leaseMillis / 1000);
                giveBack(task, "expired", "no word from the worker for " + settings.leaseMillis / 1000 + " s", now, w);
                w.event(Rows.Event.of(now, null, task.row.testId(), "lease", "task " + task.row.id() + " lost: no word from worker "
                        + task.row.workerId() + " for " + settings.leaseMillis / 1000 + " s; its unplayed pairs went back"));
            }
            Rows.Task r = task.row;
            w.task(TaskState.with(r, r.state(), false, r.deadline(), r.counts(), r.chunks(), r.playMillis(), r.reason(), now));
            it.remove();
            TestState t = tests.get(r.testId());
            if (t != null) {
                t.tasks.remove(r.id());
                if (t.ended() && t.tasks.isEmpty()) {
                    tests.remove(t.id()); // kept until now for its late reports
                }
            }
        }
        return lost;
    }

    private void giveBack(TaskState task, String state, String reason, long now, Writes w) {
        Rows.Task r = task.row;
        int played = (int) r.counts().pairs();
        task.row = TaskState.with(r, state, true, r.deadline(), r.counts(), r.chunks(), r.playMillis(), reason, now);
        w.task(task.row);
        TestState t = tests.get(r.testId());
        if (t != null && t.active()) {
            giveBack(t, r.firstPair() + played, r.pairCount() - played, now, w);
        }
    }

    /** Pairs {@code first .. first + back - 1} of an active test go back to be handed out again (first). */
    void giveBack(TestState t, int first, int back, long now, Writes w) {
        if (back <= 0) {
            return;
        }
        t.free.put(first, back);
        w.freeAdded(new Rows.FreePairs(t.id(), first, back));
        boolean was = share.contains(t);
        share.remove(t);
        double pass = t.pass() - back * t.cost / t.weight;
        t.row = t.with(t.row.state(), t.row.nextPair(), was ? pass : share.joinPass(pass), t.row.counts(), t.row.late(),
                t.row.result(), now, null);
        w.test(t.row);
        share.add(t);
    }

    // ---- tests ----

    /** A new test: active, or pending until an approver approves it (the caller decides which). */
    public long submit(long userId, TestDefinition d, String definitionText, boolean approved, long now, Writes w) {
        Rows.Test row = new Rows.Test(nextTest++, userId, d.name(), d.variant(), definitionText, approved ? "active" : "pending",
                d.priority(), d.throughput(), d.pairs(), 0, 0, Counts.ZERO, Counts.ZERO, null, now, now, null);
        TestState t = new TestState(row, d);
        tests.put(row.id(), t);
        w.newTest(row);
        if (approved) {
            activate(t, now, w);
        }
        return row.id();
    }

    /** A pending test approved: it joins the share. */
    public void approve(long testId, long now, Writes w) {
        TestState t = live(testId);
        if (!"pending".equals(t.row.state())) {
            throw new Refused(Refused.Kind.CONFLICT, "test " + testId + " is " + t.row.state() + ", not pending");
        }
        t.row = t.with("active", t.row.nextPair(), t.pass(), t.row.counts(), t.row.late(), null, now, null);
        w.test(t.row);
        activate(t, now, w);
    }

    void activate(TestState t, long now, Writes w) {
        activeByUser.merge(t.row.userId(), 1, Integer::sum);
        reweighUser(t.row.userId());
        t.row = t.with(t.row.state(), t.row.nextPair(), share.joinPass(t.pass()), t.row.counts(), t.row.late(), t.row.result(),
                now, null);
        w.test(t.row);
        if (t.hasPairs()) {
            share.add(t);
        }
    }

    /** A test's priority and throughput changed (by its author or an approver: the caller checks). */
    public void modify(long testId, int priority, int throughput, long now, Writes w) {
        TestState t = live(testId);
        boolean runnable = share.contains(t);
        share.remove(t); // its order in the share changes with its priority
        Rows.Test r = t.row;
        double pass = runnable && priority != r.priority() ? share.joinPass(r.pass()) : r.pass();
        t.row = new Rows.Test(r.id(), r.userId(), r.name(), r.variant(), r.definition(), r.state(), priority, throughput,
                r.pairsTarget(), r.nextPair(), pass, r.counts(), r.late(), r.result(), r.created(), now, r.finished());
        weigh(t);
        w.test(t.row);
        if (runnable) {
            share.add(t);
        }
    }

    /** A person stops a test (its owner or an approver: the caller checks). */
    public void stop(long testId, String why, long now, Writes w) {
        TestState t = live(testId);
        end(t, "stopped", why, now, w);
    }

    /**
     * The SPRT decided, or every pair is in: the test ends and its leases are cancelled. A match is
     * first checked for bad workers ({@link BadWorkers}): a flagged worker's games are purged, and the
     * test ends only if it is still decided without them (else it goes on with the other workers).
     */
    private void endIfDecided(TestState t, long now, Writes w) {
        String verdict = verdict(t);
        while (verdict != null && t.definition.kind() == TestDefinition.Kind.MATCH && purges != null) {
            List<Rows.Tally> tallies = t.tallies(false);
            Homogeneity h = BadWorkers.test(tallies.stream().map(Rows.Tally::counts).toList());
            int bad = BadWorkers.worst(h);
            if (bad < 0) {
                break;
            }
            purges.purge(t, tallies.get(bad).workerId(), String.format(Locale.ROOT,
                    "automatic: residual %.1f above %.1f (%s)", h.z(bad), BadWorkers.threshold(testedRows(h)), verdict), now, w);
            verdict = verdict(t);
        }
        if (verdict != null) {
            end(t, "finished", verdict, now, w);
        }
    }

    private static int testedRows(Homogeneity h) {
        return (int) Arrays.stream(h.z()).filter(z -> !Double.isNaN(z)).count();
    }

    /** Why the test is over at its counts (its SPRT decided, or every pair in), or null while it is not. */
    String verdict(TestState t) {
        Counts c = t.row.counts();
        if (t.sprt != null) {
            Sprt.Result r = t.sprt.test(c.penta());
            if (r.verdict() != Sprt.Verdict.CONTINUE) {
                return String.format(Locale.ROOT, "SPRT %s (llr %.3f, bounds [%.3f, %.3f]) after %d pairs",
                        r.verdict(), r.llr(), r.lower(), r.upper(), c.pairs());
            }
        }
        if (c.pairs() < t.row.pairsTarget()) {
            return null;
        }
        return switch (t.definition.kind()) {
            case MATCH -> t.sprt != null ? "undecided after all " + c.pairs() + " pairs" : "all " + c.pairs() + " pairs played";
            case RATING -> "all " + c.pairs() + " pairs played: the rating list is the games'";
            case SPSA -> "SPSA over all " + c.pairs() + " pairs: " + t.spsa.estimate().values();
        };
    }

    private void end(TestState t, String state, String result, long now, Writes w) {
        boolean wasActive = t.active();
        share.remove(t);
        if (t.tasks.isEmpty()) {
            tests.remove(t.id());
        }
        t.row = t.with(state, t.row.nextPair(), t.pass(), t.row.counts(), t.row.late(), result, now, now);
        w.test(t.row);
        if ("finished".equals(state)) {
            w.event(Rows.Event.of(now, null, t.id(), "finished", result));
        }
        LOG.info("test {} ({}) {}: {}", t.id(), t.row.name(), state, result);
        for (long id : t.tasks) {
            TaskState task = tasks.get(id);
            if (task != null && "leased".equals(task.row.state())) {
                Rows.Task r = task.row;
                task.row = TaskState.with(r, "cancelled", true, now + settings.leaseMillis, r.counts(), r.chunks(), r.playMillis(),
                        "the test " + state, now);
                w.task(task.row);
            }
        }
        if (wasActive) {
            activeByUser.merge(t.row.userId(), -1, Integer::sum);
            reweighUser(t.row.userId());
        }
    }

    /**
     * Purges a worker's games of a test ({@link Purges}; an approver's call, {@code why} kept with its tasks).
     *
     * @return the pairs that no longer count
     */
    public long purge(long testId, long workerId, String why, long now, Writes w) {
        if (purges == null) {
            throw new Refused(Refused.Kind.CONFLICT, "this server cannot purge (no database)");
        }
        return purges.purge(testId, workerId, why, now, w);
    }

    // ---- for Purges ----

    /** The test the board holds, or null. */
    TestState held(long testId) {
        return tests.get(testId);
    }

    /** Holds a test again (a revived one). */
    void hold(TestState t) {
        tests.put(t.id(), t);
    }

    /** A live task's row, or null. */
    Rows.Task liveTask(long id) {
        TaskState t = tasks.get(id);
        return t == null ? null : t.row;
    }

    /** A live task's row changed (by a purge). */
    void liveTask(Rows.Task row) {
        TaskState t = tasks.get(row.id());
        if (t != null) {
            t.row = row;
        }
    }

    /** The worker is not given the test again. */
    void bar(long workerId, long testId) {
        WorkerState worker = workers.get(workerId);
        if (worker != null) {
            worker.failed.add(testId);
        }
    }

    private TestState live(long testId) {
        TestState t = tests.get(testId);
        if (t == null || t.ended()) {
            throw new Refused(Refused.Kind.CONFLICT, "test " + testId + " is over or unknown");
        }
        return t;
    }

    private void weigh(TestState t) {
        t.weight = FairShare.weight(t.row.throughput(), t.tcRatio, activeByUser.getOrDefault(t.row.userId(), 0));
    }

    private void reweighUser(long userId) {
        for (TestState t : tests.values()) {
            if (t.row.userId() == userId) {
                weigh(t);
            }
        }
    }

    // ---- reading ----

    /** A test the board holds (pending, active, or ended with tasks still live), or null. */
    public Rows.Test test(long id) {
        TestState t = tests.get(id);
        return t == null ? null : t.row;
    }

    /** The tests held: not over (pending or active), or over with tasks that may still report; oldest first. */
    public List<Rows.Test> tests() {
        return tests.values().stream().map(t -> t.row).toList();
    }

    /**
     * The share of worker time the scheduler aims to give a test now: its weight over the weights of
     * the runnable tests of the top priority that has any; 0 for a test that is not runnable or below it.
     */
    public double share(long id) {
        TestState t = tests.get(id);
        if (t == null || !share.contains(t)) {
            return 0;
        }
        int top = Integer.MIN_VALUE;
        for (FairShare.Entry e : share.runnable()) {
            top = Math.max(top, e.priority());
        }
        if (t.priority() != top) {
            return 0;
        }
        double sum = 0;
        for (FairShare.Entry e : share.runnable()) {
            if (e.priority() == top) {
                sum += ((TestState) e).weight;
            }
        }
        return t.weight / sum;
    }

    /** The live tasks of a test (leased or kept for late copies). */
    public int tasks(long id) {
        TestState t = tests.get(id);
        return t == null ? 0 : t.tasks.size();
    }

}
