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
 * The same SPSA tuning from several starts, one after another, each in its own folder
 * {@code <output>/start-<j>-<values>/} with its own checkpoint (so a rerun resumes each start where it
 * stopped), then the {@link StartsVerdict}: whether the starts' final values meet within their
 * uncertainties. The starts differ in their start values and their seeds (see {@link #seedOf}).
 * The starts skip the validation match: tuned-against-start is a different question for
 * every start; validate the value they agree on with a match instead.
 */
public final class MultiStart {

    /** What the starts ended with: each start's estimate, and the verdict (null when stopped early). */
    public record Result(List<StartsVerdict.Start> starts, StartsVerdict.Verdict verdict) {
    }

    private final RunConfig config;
    private final List<double[]> starts;
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
        if (starts.size() < 2) {
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
        for (int j = 0; j < starts.size() && !stop.get(); j++) {
            String label = label(starts.get(j));
            RunConfig one = forStart(j, starts.get(j));
            out.printf(Locale.ROOT, "start %d/%d: %s (%s)%n", j + 1, starts.size(), label, one.output());
            out.flush();
            TuneRun run = new TuneRun(one, out, err);
            if (executor != null) {
                run.withExecutor(executor);
            }
            current = run;
            try {
                if (stop.get()) {
                    break;
                }
                run.run();
            } finally {
                current = null;
            }
            if (run.estimate() == null) {
                break; // stopped inside this start
            }
            done.add(new StartsVerdict.Start(label, run.estimate()));
        }
        if (done.size() < starts.size()) {
            out.println("Stopped; run the same command again to resume (each start from its own checkpoint).");
            return new Result(done, null);
        }
        StartsVerdict.Verdict verdict = StartsVerdict.of(done);
        StringBuilder report = new StringBuilder();
        out.println("starts:");
        for (StartsVerdict.Start s : done) {
            String line = "  from " + s.label() + ": " + s.estimate().values()
                    + (s.estimate().flat() ? "  (no signal at the end)" : "");
            out.println(line);
            report.append(line).append('\n');
        }
        for (String line : verdict.lines()) {
            out.println(line);
            report.append(line).append('\n');
        }
        OwnFiles.replace(config.output().resolve("starts-verdict.txt"), report.toString());
        out.println("written: " + config.output().resolve("starts-verdict.txt"));
        out.flush();
        return new Result(done, verdict);
    }

    /** The config with these start values, writing to its own folder, without a validation match. */
    RunConfig forStart(int j, double[] values) {
        RunConfig.Tune t = config.tune();
        List<TuneWeight> weights = new ArrayList<>();
        ObjectNode json = config.json().deepCopy();
        ObjectNode jsonWeights = (ObjectNode) json.get("tune").get("weights");
        StringBuilder folder = new StringBuilder("start-" + (j + 1));
        for (int i = 0; i < values.length; i++) {
            TuneWeight w = t.weights().get(i);
            weights.add(new TuneWeight(w.name(), values[i], w.min(), w.max(), w.cEnd(), w.rEnd(), w.integer()));
            ((ObjectNode) jsonWeights.get(w.name())).put("start", values[i]);
            folder.append('-').append(w.name()).append(num(values[i]));
        }
        RunConfig.Tune tj = new RunConfig.Tune(t.method(), t.player(), t.opponent(), t.iterations(), t.pairsPerIteration(),
                t.bigA(), weights, 0, null, t.rounds(), t.gamesPerRound(), t.threshold(), t.skipPlies(), t.mode());
        return new RunConfig(config.name() + "-start-" + (j + 1), config.game(), config.players(), config.schedule(),
                config.openings(), config.limits(), config.adjudication(), config.concurrency(),
                config.output().resolve(folder.toString()), seedOf(j), config.reportEvery(), tj, config.anchors(), json);
    }

    /**
     * Start j's seed: the config's for the first start (which then plays exactly the games of a plain
     * run from that start), another for each further one. With one seed for all, the starts would see
     * the same openings and perturbations, and two starts on a flat stretch of the objective would
     * get the same results and move in lockstep: the verdict compares independent answers.
     */
    long seedOf(int j) {
        return config.seed() + 1_000_003L * j;
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
