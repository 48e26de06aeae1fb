package arbiter.tune;

import arbiter.config.RunConfig;
import arbiter.config.RunConfig.TuneWeight;
import arbiter.execute.GameExecutor;
import arbiter.io.OwnFiles;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The same SPSA tuning from several starts, or as several independent chains from each start (the
 * config's {@code "chains"}), one run after another, each in its own folder
 * {@code <output>/start-<j>-<values>/} (and {@code chain-<i>/} in it, or alone for one start) with its
 * own checkpoint (so a rerun resumes each where it stopped). The runs differ in their start values
 * and their seeds (see {@link #seedOf}). One chain a start: the {@link StartsVerdict}, whether the
 * starts' final values meet within their uncertainties. Several: each start's {@link ChainEstimate},
 * and whether each start's interval holds the others' centres; with one start, its combined estimate
 * is the tuning's answer, written as the tuned weights and validated against the start. The starts
 * skip the validation match: tuned-against-start is a different question for every start; validate
 * the value they agree on with a match instead.
 */
public final class MultiStart {

    /**
     * What the starts ended with: each start's estimate (its first chain's), each start's estimate
     * from its chains (empty with one chain a start), and the verdict (null when stopped early or for
     * a single start).
     */
    public record Result(List<StartsVerdict.Start> starts, List<ChainEstimate> chained, StartsVerdict.Verdict verdict) {
    }

    private final RunConfig config;
    private final List<double[]> starts;
    private final int chains;
    private final PrintWriter out;
    private final PrintWriter err;
    private final AtomicBoolean stop = new AtomicBoolean();
    private volatile TuneRun current;
    private GameExecutor executor;

    /** @param starts one array of start values per start, in the order of the config's tuned weights */
    public MultiStart(RunConfig config, List<double[]> starts, PrintWriter out, PrintWriter err) {
        if (config.tune() == null || !"spsa".equals(config.tune().method())) {
            throw new IllegalArgumentException("several starts are for SPSA tunings");
        }
        if (starts.size() < 2 && config.tune().chains() < 2) {
            throw new IllegalArgumentException("give at least two starts");
        }
        List<TuneWeight> weights = config.tune().weights();
        for (double[] s : starts) {
            if (s.length != weights.size()) {
                throw new IllegalArgumentException("a start gives " + s.length + " values; the config tunes "
                        + weights.size() + " weights (" + String.join(", ", weights.stream().map(TuneWeight::name).toList()) + ")");
            }
            for (int i = 0; i < s.length; i++) {
                TuneWeight w = weights.get(i);
                if (s[i] < w.min() || s[i] > w.max()) {
                    throw new IllegalArgumentException(String.format(Locale.ROOT, "start %s=%s is outside [%s, %s]",
                            w.name(), num(s[i]), num(w.min()), num(w.max())));
                }
            }
        }
        this.config = config;
        this.starts = List.copyOf(starts);
        this.chains = config.tune().chains();
        this.out = out;
        this.err = err;
    }

    /** {@code n} starts spread evenly over every weight's range: the midpoints of n equal slices. */
    public static List<double[]> spread(List<TuneWeight> weights, int n) {
        List<double[]> out = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            double[] s = new double[weights.size()];
            for (int i = 0; i < s.length; i++) {
                TuneWeight w = weights.get(i);
                double v = w.min() + (w.max() - w.min()) * (j + 0.5) / n;
                s[i] = w.integer() ? Math.rint(v) : v;
            }
            out.add(s);
        }
        return out;
    }

    public MultiStart withExecutor(GameExecutor executor) {
        this.executor = executor;
        return this;
    }

    public void stop() {
        stop.set(true);
        TuneRun t = current;
        if (t != null) {
            t.stop();
        }
    }

    public Result run() throws IOException {
        List<StartsVerdict.Start> done = new ArrayList<>();
        List<ChainEstimate> chained = new ArrayList<>();
        for (int j = 0; j < starts.size() && !stop.get(); j++) {
            String label = label(starts.get(j));
            List<FinalEstimate> estimates = new ArrayList<>();
            for (int i = 0; i < chains && !stop.get(); i++) {
                RunConfig one = forRun(j, i, starts.get(j));
                out.printf(Locale.ROOT, "start %d/%d: %s%s (%s)%n", j + 1, starts.size(), label,
                        chains > 1 ? String.format(Locale.ROOT, ", chain %d/%d", i + 1, chains) : "", one.output());
                out.flush();
                FinalEstimate e = play(one);
                if (e == null) {
                    break; // stopped inside this run
                }
                estimates.add(e);
            }
            if (estimates.size() < chains) {
                break;
            }
            done.add(new StartsVerdict.Start(label, estimates.get(0)));
            if (chains > 1) {
                chained.add(ChainEstimate.of(label, estimates));
            }
        }
        if (done.size() < starts.size()) {
            out.println("Stopped; run the same command again to resume (each run from its own checkpoint).");
            return new Result(done, chained, null);
        }
        StringBuilder report = new StringBuilder();
        StartsVerdict.Verdict verdict = null;
        if (chains > 1) {
            for (ChainEstimate c : chained) {
                if (starts.size() > 1) {
                    line(report, "from " + c.label() + ":");
                }
                c.lines().forEach(l -> line(report, (starts.size() > 1 ? "  " : "") + l));
            }
            if (starts.size() > 1) {
                verdict = ChainEstimate.verdict(chained);
            }
        } else {
            verdict = StartsVerdict.of(done);
            out.println("starts:");
            for (StartsVerdict.Start s : done) {
                line(report, "  from " + s.label() + ": " + s.estimate().values()
                        + (s.estimate().flat() ? "  (no signal at the end)" : ""));
            }
        }
        if (verdict != null) {
            verdict.lines().forEach(l -> line(report, l));
            OwnFiles.replace(config.output().resolve("starts-verdict.txt"), report.toString());
            out.println("written: " + config.output().resolve("starts-verdict.txt"));
        } else {
            finishChains(chained.get(0));
        }
        out.flush();
        return new Result(done, chained, verdict);
    }

    private void line(StringBuilder report, String line) {
        out.println(line);
        report.append(line).append('\n');
    }

    /** One run of the tuning; its estimate, or null when stopped inside it. */
    private FinalEstimate play(RunConfig one) throws IOException {
        TuneRun run = new TuneRun(one, out, err);
        if (executor != null) {
            run.withExecutor(executor);
        }
        current = run;
        try {
            if (stop.get()) {
                return null;
            }
            run.run();
        } finally {
            current = null;
        }
        return run.estimate();
    }

    /** A single start's chains: their combined estimate is the tuning's answer, then its validation. */
    private void finishChains(ChainEstimate estimate) throws IOException {
        OwnFiles.replace(config.output().resolve("tune-summary.json"), estimate.toJson());
        out.println("written: " + config.output().resolve("tune-summary.json"));
        double[] centre = new double[estimate.params().size()];
        for (int i = 0; i < centre.length; i++) {
            centre[i] = estimate.params().get(i).centre();
        }
        TuneRun run = new TuneRun(config, out, err);
        if (executor != null) {
            run.withExecutor(executor);
        }
        current = run;
        try {
            run.finishWith(centre);
        } finally {
            current = null;
        }
    }

    /** The config of start j's chain i: its start values, its own folder and seed, without a validation match. */
    RunConfig forRun(int j, int i, double[] values) {
        RunConfig.Tune t = config.tune();
        List<TuneWeight> weights = new ArrayList<>();
        ObjectNode json = config.json().deepCopy();
        ObjectNode jsonWeights = (ObjectNode) json.get("tune").get("weights");
        StringBuilder folder = new StringBuilder("start-" + (j + 1));
        for (int p = 0; p < values.length; p++) {
            TuneWeight w = t.weights().get(p);
            weights.add(w.withStart(values[p]));
            ((ObjectNode) jsonWeights.get(w.name())).put("start", values[p]);
            folder.append('-').append(w.name()).append(num(values[p]));
        }
        RunConfig.Tune tj = new RunConfig.Tune(t.method(), t.player(), t.opponent(), t.iterations(), t.pairsPerIteration(),
                t.bigA(), weights, 0, null, t.rounds(), t.gamesPerRound(), t.threshold(), t.skipPlies(), t.mode(), 1);
        Path where = starts.size() == 1 ? config.output() : config.output().resolve(folder.toString());
        String name = config.name() + (starts.size() == 1 ? "" : "-start-" + (j + 1));
        if (chains > 1) {
            where = where.resolve("chain-" + (i + 1));
            name += "-chain-" + (i + 1);
        }
        return new RunConfig(name, config.game(), config.players(), config.schedule(),
                config.openings(), config.limits(), config.adjudication(), config.concurrency(),
                where, seedOf(j * chains + i), config.reportEvery(), tj, config.anchors(), json);
    }

    /**
     * Run n's seed (n = j * chains + i for start j's chain i): the config's for the first (which then
     * plays exactly the games of a plain run from that start), another for each further one. With one
     * seed for all, the runs would see the same openings and perturbations, and two runs on a flat
     * stretch of the objective would get the same results and move in lockstep: the verdict and the
     * chains compare independent answers. Sub-runs are seeded seed·31 + k, so seeds 1,000,003 apart
     * never share one within a million iterations.
     */
    long seedOf(int n) {
        return config.seed() + 1_000_003L * n;
    }

    private String label(double[] values) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            sb.append(i == 0 ? "" : ",").append(config.tune().weights().get(i).name()).append('=').append(num(values[i]));
        }
        return sb.toString();
    }

    private static String num(double v) {
        return new java.math.BigDecimal(String.format(Locale.ROOT, "%.6g", v)).stripTrailingZeros().toPlainString();
    }
}
