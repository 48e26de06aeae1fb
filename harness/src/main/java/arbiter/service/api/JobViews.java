package arbiter.service.api;

import arbiter.pdn.GameRecord;
import arbiter.pdn.PdnReader;
import arbiter.report.Format;
import arbiter.report.RatingReport;
import arbiter.service.protocol.TestDefinition;
import arbiter.service.protocol.Wire;
import arbiter.service.schedule.BadWorkers;
import arbiter.service.schedule.SpsaState;
import arbiter.service.store.Rows;
import arbiter.stats.GameCounts;
import arbiter.stats.Homogeneity;
import arbiter.stats.PlayerRating;
import arbiter.stats.RatingModel;
import arbiter.stats.RatingOptions;
import arbiter.stats.Ratings;
import arbiter.tune.FinalEstimate;
import arbiter.tune.Spsa;
import arbiter.tune.SpsaGames;
import arbiter.tune.TuneHistory;
import java.io.Reader;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the API shows of a test beyond its counts: its tasks and workers with their residuals (bad-worker
 * detection, {@link BadWorkers}), an SPSA tuning's theta and estimate, a round robin's rating list —
 * each from the rows the database holds, with the arithmetic of {@code stats} and {@code tune}.
 */
final class JobViews {
    private JobViews() {
    }

    /**
     * The workers of a test. Only a match's workers are tested for homogeneity: an SPSA pair's sides
     * change with theta and a round robin's pairs are between different players, so their workers'
     * results differ by design.
     */
    static Wire.WorkersView workers(TestDefinition d, List<Rows.Tally> tallies) {
        List<Rows.Tally> counted = tallies.stream().filter(t -> !t.purged()).toList();
        Homogeneity h = d.kind() == TestDefinition.Kind.MATCH ? BadWorkers.test(counted.stream().map(Rows.Tally::counts).toList())
                : Homogeneity.of(new long[0][]);
        double[] z = h.z();
        int tested = 0;
        for (double v : z) {
            tested += Double.isNaN(v) ? 0 : 1;
        }
        Double threshold = h.tested() ? BadWorkers.threshold(tested) : null;
        List<Wire.WorkerView> out = new ArrayList<>();
        for (int i = 0; i < counted.size(); i++) {
            Rows.Tally t = counted.get(i);
            Double residual = i < z.length && !Double.isNaN(z[i]) ? z[i] : null;
            String flag = residual != null && residual > threshold
                    ? String.format(Locale.ROOT, "residual %.1f above %.1f", residual, threshold)
                    : BadWorkers.crashOrTime(t.counts().games(), t.crashes(), t.timeLosses());
            out.add(new Wire.WorkerView(t.workerId(), t.machine(), t.tasks(), t.counts(), t.crashes(), t.timeLosses(), residual,
                    flag, false));
        }
        for (Rows.Tally t : tallies) {
            if (t.purged()) {
                out.add(new Wire.WorkerView(t.workerId(), t.machine(), t.tasks(), t.counts(), t.crashes(), t.timeLosses(), null,
                        null, true));
            }
        }
        return new Wire.WorkersView(h.tested() ? h.chi2() : null, h.dof(), h.tested() ? h.p() : null, threshold, out);
    }

    /** The tasks of a test, each with its worker's machine and residual. */
    static List<Wire.TaskView> tasks(List<Rows.Task> tasks, Wire.WorkersView workers) {
        Map<Long, Wire.WorkerView> byWorker = new HashMap<>();
        workers.workers().forEach(w -> byWorker.putIfAbsent(w.worker(), w));
        List<Wire.TaskView> out = new ArrayList<>();
        for (Rows.Task t : tasks) {
            Wire.WorkerView w = byWorker.get(t.workerId());
            out.add(new Wire.TaskView(t.id(), t.workerId(), w == null ? "?" : w.machine(), t.firstPair(), t.pairCount(), t.state(),
                    t.counts(), t.crashes(), t.timeLosses(), t.purged() || w == null ? null : w.residual(), t.purged(), t.reason()));
        }
        return out;
    }

    /** An SPSA tuning from its pairs as handed out and applied. */
    static Wire.SpsaView spsa(TestDefinition d, List<Rows.SpsaPair> rows) {
        Spsa spsa = SpsaGames.spsa(d.config());
        List<Rows.SpsaPair> applied = new ArrayList<>(rows.stream().filter(p -> p.applied() != null).toList());
        applied.sort(Comparator.comparingInt(Rows.SpsaPair::applied));
        List<double[]> history = new ArrayList<>();
        double[] theta = spsa.start();
        for (Rows.SpsaPair p : applied) {
            history.add(TuneHistory.row(p.pair(), p.theta(), p.result()));
            theta = p.theta();
        }
        List<String> names = SpsaGames.names(d.config().tune());
        FinalEstimate e = SpsaState.estimate(names, spsa, history);
        return new Wire.SpsaView(names, spsa.start(), theta, history.size(), d.pairs(), history, e == null ? List.of() : e.lines("pair"));
    }

    /**
     * The rating list of a test's games as {@code arbiter elo} makes it (Ordo's model, error bars by
     * its default bootstrap), leaving out the games the server tagged {@code Counted} (after a stop, or purged).
     */
    static Wire.RatingsView ratings(Reader pdn, String source) {
        GameCounts counts = new GameCounts();
        PdnReader reader = new PdnReader(pdn, source, w -> { });
        while (reader.hasNext()) {
            GameRecord g = reader.next();
            if (g.tag("Counted") == null && g.result().decided()) {
                counts.add(g.tag("White"), g.tag("Black"), g.result());
            }
        }
        if (counts.totalGames() == 0) {
            return new Wire.RatingsView(List.of(), "no games yet\n");
        }
        Ratings r = RatingModel.ORDO.compute(counts, RatingOptions.defaults());
        List<Wire.Rating> players = new ArrayList<>();
        for (PlayerRating p : r.players()) {
            players.add(new Wire.Rating(p.name(), p.rating(), p.error(), p.games(), p.points()));
        }
        return new Wire.RatingsView(players, RatingReport.render(r, Format.parse("text"), List.of(RatingReport.Part.RATINGS)));
    }
}
