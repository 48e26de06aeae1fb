package arbiter.service.schedule;

import arbiter.config.RunConfig;
import arbiter.results.Scoreboard;
import arbiter.service.protocol.Counts;
import arbiter.service.protocol.TestDefinition;
import arbiter.service.store.Rows;
import arbiter.stats.Sprt;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** A test the board holds (pending or active): its row as last written, definition, free pairs and live tasks. */
final class TestState implements FairShare.Entry {
    /** A pair's length before any is measured, without a clock: 2 s (two fast games). */
    static final double DEFAULT_PAIR_SECONDS = 2;
    /** How much of a new measurement of a pair's length is taken (an exponential average). */
    static final double MEASURE_WEIGHT = 0.2;

    Rows.Test row;
    final TestDefinition definition;
    final Sprt sprt;
    /** A pair's cost in reference games (fishtest's clock estimate over 10+0.1; 1 without a clock). */
    final double cost;
    /** fishtest's time-control ratio (1 without a clock). */
    final double tcRatio;
    double weight;
    /** Seconds of one game slot a pair takes: measured from reports, first from the clocks. */
    double pairSeconds;
    /** Pairs handed out before and given back: first pair to count. */
    final TreeMap<Integer, Integer> free = new TreeMap<>();
    final Set<Long> tasks = new HashSet<>();
    /** The engines a worker must declare to play it (name to protocol), and whether it must build one. */
    final java.util.Map<String, String> declared;
    final boolean builds;
    /** An SPSA tuning's theta and pairs; null for other tests. */
    final SpsaState spsa;
    /** Each worker's tasks of the test added up (purged ones apart), by worker. */
    private final Map<Long, Rows.Tally> workers = new LinkedHashMap<>();
    private final Map<Long, Rows.Tally> purgedWorkers = new LinkedHashMap<>();

    TestState(Rows.Test row, TestDefinition definition) {
        this.row = row;
        this.definition = definition;
        RunConfig.Sprt s = definition.sprt();
        this.sprt = s == null ? null : Scoreboard.sprt(s);
        double clock = definition.clockGameSeconds();
        this.tcRatio = clock > 0 ? clock / TestDefinition.REFERENCE_GAME_SECONDS : 1;
        this.cost = tcRatio;
        this.pairSeconds = clock > 0 ? 2 * clock : DEFAULT_PAIR_SECONDS;
        this.declared = definition.declaredEngines();
        this.builds = definition.builds();
        this.spsa = definition.kind() == TestDefinition.Kind.SPSA ? new SpsaState(row.id(), definition) : null;
    }

    /** A worker's tasks as the database adds them up. */
    void load(Rows.Tally t) {
        (t.purged() ? purgedWorkers : workers).merge(t.workerId(), t, TestState::sum);
    }

    /** Adds to a worker's tally: counts, crashes, time losses and tasks ({@code machine} null: as known). */
    void tally(long worker, String machine, Counts added, long crashes, long timeLosses, int tasks) {
        Rows.Tally was = workers.get(worker);
        String m = machine != null ? machine : was != null ? was.machine() : "?";
        workers.merge(worker, new Rows.Tally(row.id(), worker, m, false, tasks, added, crashes, timeLosses), TestState::sum);
    }

    /** A worker's games were purged: its tally no longer counts. */
    void purged(long worker) {
        Rows.Tally t = workers.remove(worker);
        if (t != null) {
            purgedWorkers.merge(worker, new Rows.Tally(t.testId(), worker, t.machine(), true, t.tasks(), t.counts(), t.crashes(),
                    t.timeLosses()), TestState::sum);
        }
    }

    /** The workers' tallies: those that count, then (with {@code purged}) the purged ones. */
    List<Rows.Tally> tallies(boolean purged) {
        List<Rows.Tally> out = new ArrayList<>(workers.values());
        if (purged) {
            out.addAll(purgedWorkers.values());
        }
        return out;
    }

    private static Rows.Tally sum(Rows.Tally a, Rows.Tally b) {
        return new Rows.Tally(a.testId(), a.workerId(), b.machine(), a.purged(), a.tasks() + b.tasks(), a.counts().plus(b.counts()),
                a.crashes() + b.crashes(), a.timeLosses() + b.timeLosses());
    }

    @Override
    public long id() {
        return row.id();
    }

    @Override
    public int priority() {
        return row.priority();
    }

    @Override
    public double pass() {
        return row.pass();
    }

    boolean active() {
        return "active".equals(row.state());
    }

    /** Finished or stopped (held only while its tasks may still report late games). */
    boolean ended() {
        return !active() && !"pending".equals(row.state());
    }

    /** Pairs left to hand out: given back ones, then those never handed out. */
    boolean hasPairs() {
        return !free.isEmpty() || row.nextPair() < row.pairsTarget();
    }

    /** The row with other counts, pairs, pass or state (and updated at {@code now}). */
    Rows.Test with(String state, int nextPair, double pass, Counts counts, Counts late, String result, long now, Long finished) {
        Rows.Test r = row;
        return new Rows.Test(r.id(), r.userId(), r.name(), r.variant(), r.definition(), state, r.priority(), r.throughput(),
                r.pairsTarget(), nextPair, pass, counts, late, result, r.created(), now, finished);
    }
}
