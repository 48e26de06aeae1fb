package arbiter.cli;

import arbiter.cluster.ClusterExecutor;
import arbiter.config.ConfigException;
import arbiter.dashboard.Dashboard;
import arbiter.config.RunConfig;
import arbiter.tune.MultiStart;
import arbiter.tune.SpsaPlan;
import arbiter.tune.TuneRun;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code arbiter tune CONFIG}: SPSA over matches, checkpointed every iteration, then a validation match. */
@Command(name = "tune", mixinStandardHelpOptions = true,
        description = "Tune weights by SPSA over matches (config with a \"tune\" block); rerun to resume.")
final class TuneCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", description = "A config with a tune block, e.g. configs/tune-s0-spsa.json.")
    Path configFile;

    @Option(names = "--force-new", description = "Start over; earlier results are moved aside.")
    boolean forceNew;

    @Option(names = "--concurrency", description = "Games played at once on this machine (overrides the config; "
            + "0 with --cluster: workers only).")
    Integer concurrency;

    @Option(names = "--starts", paramLabel = "V1,V2,...", description = "Tune from each of these starts (each in "
            + "<output>/start-<j>-.../) and say whether they meet; with several tuned weights a start is W1/W2/... "
            + "in the config's order, e.g. 3/2,15/1.")
    String starts;

    @Option(names = "--spread-starts", paramLabel = "N", description = "Like --starts with N starts spread evenly "
            + "over every tuned weight's range (the midpoints of N equal slices).")
    Integer spreadStarts;

    @Option(names = "--spsa-mode", paramLabel = "MODE", description = "SPSA's mode, overriding the config's \"mode\": "
            + "barrier (iterations one after another, the default) or async (pairs sent as slots free up, theta moved "
            + "as each pair's result arrives; keeps a cluster busy). docs/tuning.md.")
    String spsaMode;

    @Option(names = "--plan", description = "Print cEnd, rEnd, iterations and games for a target precision (van den "
            + "Bergh's SPSA simulator's design rule, docs/tuning.md) and stop; nothing is played.")
    boolean plan;

    @Option(names = "--precision", paramLabel = "ELO", description = "--plan: Elo below the optimum to end within (default 0.5).")
    double precision = 0.5;

    @Option(names = "--elo-guess", paramLabel = "ELO", description = "--plan: guessed Elo lost at half a weight's range "
            + "from its optimum (default 2; the curve's curvature).")
    double eloGuess = 2;

    @Option(names = "--draw-ratio", paramLabel = "D", description = "--plan: share of drawn games (default 0.61).")
    double drawRatio = 0.61;

    @Mixin
    ClusterOptions clusterOptions = new ClusterOptions();

    @Mixin
    DashboardOption dashboardOption = new DashboardOption();

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        RunConfig config = JobSetup.load(configFile);
        if (config.tune() == null) {
            throw new ConfigException("$.tune: missing; `arbiter tune` needs a config with a tune block (use `arbiter run` for tournaments)");
        }
        JobSetup.checkPlayerNames(config);
        if (concurrency != null) {
            JobSetup.checkConcurrency(concurrency, clusterOptions.cluster);
            config = config.withConcurrency(concurrency);
        }
        if (plan) {
            return printPlan(config, out);
        }
        if (spsaMode != null) {
            if (!List.of(RunConfig.Tune.BARRIER, RunConfig.Tune.ASYNC).contains(spsaMode)) {
                throw new BadInputException("--spsa-mode " + spsaMode + ": must be barrier or async");
            }
            if (!"spsa".equals(config.tune().method())) {
                throw new BadInputException("--spsa-mode: only for SPSA tunings (this config's method is "
                        + config.tune().method() + ")");
            }
            config = arbiter.tune.TuneHistory.withMode(config, spsaMode);
        }
        clusterOptions.validate(config);
        List<double[]> startValues = startValues(config);
        try (FolderLock lock = JobSetup.prepareOutput(config.output(), forceNew, out)) {
            JobSetup.adoptEngineRecord(config.output(), out);
            try {
                return startValues == null ? play(config, out, err) : playStarts(config, startValues, out, err);
            } finally {
                arbiter.external.EngineLeftovers.recordIn(null); // the record belongs to this run only
            }
        }
    }

    /**
     * The starts of --starts or --spread-starts, checked against the config; the config's own start
     * when it asks for several chains; null for one run.
     */
    private List<double[]> startValues(RunConfig config) {
        if (starts == null && spreadStarts == null) {
            if (config.tune().chains() < 2) {
                return null;
            }
            if (dashboardOption.address != null) {
                throw new BadInputException("--dashboard: not with \"chains\" (it shows one tuning; set chains 1 to watch it)");
            }
            return List.of(config.tune().weights().stream().mapToDouble(RunConfig.TuneWeight::start).toArray());
        }
        if (dashboardOption.address != null) {
            throw new BadInputException("--dashboard: not with " + (starts != null ? "--starts" : "--spread-starts")
                    + " (it shows one tuning; run a start alone to watch it)");
        }
        if (starts != null && spreadStarts != null) {
            throw new BadInputException("--starts and --spread-starts: give one of them");
        }
        if (!"spsa".equals(config.tune().method())) {
            throw new BadInputException((starts != null ? "--starts" : "--spread-starts") + ": only for SPSA tunings (this config's method is "
                    + config.tune().method() + ")");
        }
        List<RunConfig.TuneWeight> weights = config.tune().weights();
        if (spreadStarts != null) {
            if (spreadStarts < 2 || spreadStarts > 20) {
                throw new BadInputException("--spread-starts " + spreadStarts + ": must be between 2 and 20");
            }
            return MultiStart.spread(weights, spreadStarts);
        }
        List<double[]> list = new ArrayList<>();
        for (String one : starts.split(",", -1)) {
            String[] parts = one.trim().split("/", -1);
            if (parts.length != weights.size()) {
                throw new BadInputException("--starts " + starts + ": '" + one + "' gives " + parts.length
                        + " value(s); the config tunes " + weights.size() + " (" + String.join("/", weights.stream()
                        .map(RunConfig.TuneWeight::name).toList()) + ")");
            }
            double[] values = new double[parts.length];
            for (int i = 0; i < parts.length; i++) {
                RunConfig.TuneWeight w = weights.get(i);
                try {
                    values[i] = Double.parseDouble(parts[i].trim());
                } catch (NumberFormatException e) {
                    throw new BadInputException("--starts " + starts + ": '" + parts[i] + "' is not a number");
                }
                if (!(values[i] >= w.min() && values[i] <= w.max())) {
                    throw new BadInputException("--starts " + starts + ": " + w.name() + " " + parts[i].trim()
                            + " is outside its range [" + w.min() + ", " + w.max() + "]");
                }
            }
            list.add(values);
        }
        if (list.size() < 2) {
            throw new BadInputException("--starts " + starts + ": give at least two starts, e.g. --starts 3,15");
        }
        return list;
    }

    private Integer printPlan(RunConfig config, PrintWriter out) {
        if (!"spsa".equals(config.tune().method())) {
            throw new BadInputException("--plan: only for SPSA tunings (this config's method is " + config.tune().method() + ")");
        }
        if (!(precision > 0) || !(eloGuess > 0) || !(drawRatio >= 0 && drawRatio < 1)) {
            throw new BadInputException("--plan: --precision and --elo-guess must be above 0, --draw-ratio in [0, 1)");
        }
        // A weight on a log scale is planned in the logarithm it steps in.
        List<SpsaPlan.Weight> weights = config.tune().weights().stream()
                .map(w -> new SpsaPlan.Weight(w.name(), w.log() ? Math.log(w.min()) : w.min(),
                        w.log() ? Math.log(w.max()) : w.max(), eloGuess)).toList();
        SpsaPlan.Plan p = SpsaPlan.of(weights, precision, 0.95, drawRatio);
        int pairs = config.tune().pairsPerIteration();
        long iterations = (p.games() + 2L * pairs - 1) / (2L * pairs);
        out.printf(Locale.ROOT, "plan: within %.2f Elo of the optimum with 95%% confidence, guessing %.2f Elo lost at half "
                + "each range, draw ratio %.2f%n", precision, eloGuess, drawRatio);
        for (int i = 0; i < weights.size(); i++) {
            RunConfig.TuneWeight w = config.tune().weights().get(i);
            out.printf(Locale.ROOT, "  %s [%s, %s]%s: cEnd %.4g, rEnd %.4g (config: cEnd %s, rEnd %s)%n", w.name(), w.min(),
                    w.max(), w.log() ? " on a log scale" : "", p.c().get(i), p.r(), fourDigits(w.cEnd()), fourDigits(w.rEnd()));
        }
        int chains = config.tune().chains();
        out.printf(Locale.ROOT, "  games %d = iterations %d of %d pairs (config: %d iterations)%s%n", p.games(), iterations,
                pairs, config.tune().iterations(), chains > 1 ? String.format(Locale.ROOT,
                        ", a chain; %d chains (config): %d games", chains, chains * p.games()) : "");
        return 0;
    }

    /** A config's value to 4 significant digits without trailing zeros (a default cEnd is range/6). */
    private static String fourDigits(double v) {
        return new java.math.BigDecimal(v).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString();
    }

    private Integer playStarts(RunConfig config, List<double[]> startValues, PrintWriter out, PrintWriter err) throws Exception {
        MultiStart run = new MultiStart(config, startValues, out, err);
        RunConfig tuning = config;
        StopOnSignal.run(config.output().resolve("arbiter.log"), err, run::stop, () -> {
            if (!clusterOptions.cluster) {
                return run.run();
            }
            try (ClusterExecutor cluster = clusterOptions.start(tuning, out)) {
                return run.withExecutor(cluster).run();
            }
        });
        return 0;
    }

    private Integer play(RunConfig config, PrintWriter out, PrintWriter err) throws Exception {
        TuneRun run = new TuneRun(config, out, err);
        RunConfig tuning = config;
        StopOnSignal.run(config.output().resolve("arbiter.log"), err, () -> {
            run.stop();
            dashboardOption.stop();
        }, () -> {
            try (Dashboard dashboard = dashboardOption.start(out)) {
                if (dashboard != null) {
                    run.subscribe(dashboard).onStep(dashboard::tuneStep);
                }
                arbiter.tune.TuneRun.Summary result;
                if (!clusterOptions.cluster) {
                    result = run.run();
                } else {
                    try (ClusterExecutor cluster = clusterOptions.start(tuning, out)) {
                        dashboardOption.cluster.set(cluster);
                        result = run.withExecutor(cluster).run();
                    }
                }
                dashboardOption.stayUntilStopped(dashboard, out);
                return result;
            }
        });
        return 0;
    }
}
