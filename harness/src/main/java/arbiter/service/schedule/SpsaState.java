package arbiter.service.schedule;

import arbiter.service.protocol.TestDefinition;
import arbiter.service.protocol.Wire;
import arbiter.service.store.Rows;
import arbiter.service.store.Writes;
import arbiter.tune.FinalEstimate;
import arbiter.tune.Spsa;
import arbiter.tune.SpsaGames;
import arbiter.tune.TuneHistory;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An SPSA tuning the board holds, run as {@code arbiter tune}'s barrier-free mode runs it: each pair
 * handed out with a task gets its perturbation then (Delta drawn from the pair's number and the seed,
 * c and R the schedule's at the pairs applied so far / pairsPerIteration iterations, around theta as it
 * is), and its result R c (W-L) Delta is added to theta as it is when the pair's games come in. Every
 * hand-out and every application is a row of {@code spsa_pairs}, so a restarted server goes on where
 * it stopped.
 */
public final class SpsaState {
    private final long testId;
    private final Spsa spsa;
    private final int pairsPerIteration;
    private final List<String> names;
    private double[] theta;
    private final List<double[]> history = new ArrayList<>();
    /** The latest hand-out of each pair not yet applied. */
    private final Map<Integer, Sent> pending = new HashMap<>();

    private record Sent(long task, double gain, Spsa.Step step) {
    }

    SpsaState(long testId, TestDefinition d) {
        this.testId = testId;
        this.spsa = SpsaGames.spsa(d.config());
        this.pairsPerIteration = d.config().tune().pairsPerIteration();
        this.names = SpsaGames.names(d.config().tune());
        this.theta = spsa.start();
    }

    /** Restores the pairs of a test as the database holds them (those applied in the order they were). */
    void load(List<Rows.SpsaPair> rows) {
        List<Rows.SpsaPair> applied = new ArrayList<>();
        for (Rows.SpsaPair p : rows) {
            if (p.applied() != null) {
                applied.add(p);
            } else {
                Spsa.Step s = spsa.step(p.pair(), p.gain(), theta);
                pending.put(p.pair(), new Sent(p.taskId(), p.gain(), new Spsa.Step(p.pair(), p.plus(), p.minus(), s.delta(),
                        s.c(), s.r())));
            }
        }
        applied.sort(Comparator.comparingInt(Rows.SpsaPair::applied));
        for (Rows.SpsaPair p : applied) {
            history.add(TuneHistory.row(p.pair(), p.theta(), p.result()));
            theta = p.theta().clone();
        }
    }

    /** The perturbations of a task's pairs, around theta as it is now; each a row to write. */
    List<Wire.Perturbation> handOut(long taskId, int first, int pairs, Writes w) {
        double gain = (double) history.size() / pairsPerIteration;
        List<Wire.Perturbation> out = new ArrayList<>(pairs);
        for (int j = first; j < first + pairs; j++) {
            Spsa.Step s = spsa.step(j, gain, theta);
            double[] plus = spsa.played(s.plus());
            double[] minus = spsa.played(s.minus());
            pending.put(j, new Sent(taskId, gain, new Spsa.Step(j, plus, minus, s.delta(), s.c(), s.r())));
            w.newSpsaPair(new Rows.SpsaPair(testId, j, taskId, gain, plus, minus, null, null, null));
            out.add(new Wire.Perturbation(j, plus, minus));
        }
        return out;
    }

    /**
     * Applies pair {@code pair}'s result (W-L of theta+) as the task it was handed out with reports it.
     *
     * @return false when that pair is not pending with that task (nothing applied)
     */
    boolean apply(long taskId, int pair, int result, Writes w) {
        Sent s = pending.get(pair);
        if (s == null || s.task() != taskId) {
            return false;
        }
        pending.remove(pair);
        theta = spsa.update(theta, s.step(), result);
        history.add(TuneHistory.row(pair, theta, result));
        w.spsaPair(new Rows.SpsaPair(testId, pair, taskId, s.gain(), s.step().plus(), s.step().minus(), history.size(),
                (double) result, theta.clone()));
        return true;
    }

    /** Pairs applied so far. */
    int applied() {
        return history.size();
    }

    /** What the tuning says of its answer (as {@code arbiter tune} ends with), or null before any pair came in. */
    FinalEstimate estimate() {
        return estimate(names, spsa, history);
    }

    /** The estimate of a tuning's applied pairs (rows of {@link TuneHistory#row}), or null for none. */
    public static FinalEstimate estimate(List<String> names, Spsa spsa, List<double[]> history) {
        if (history.isEmpty()) {
            return null;
        }
        double[] any = spsa.start();
        return FinalEstimate.of(names, history, j -> spsa.step(j, any).delta());
    }
}
