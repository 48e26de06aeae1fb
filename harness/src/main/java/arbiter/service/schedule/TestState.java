package arbiter.service.schedule;

import arbiter.config.RunConfig;
import arbiter.results.Scoreboard;
import arbiter.service.protocol.Counts;
import arbiter.service.protocol.TestDefinition;
import arbiter.service.store.Rows;
import arbiter.stats.Sprt;
import java.util.HashSet;
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
