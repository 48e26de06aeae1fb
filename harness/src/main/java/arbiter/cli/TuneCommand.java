package arbiter.cli;

import arbiter.cluster.ClusterExecutor;
import arbiter.config.ConfigException;
import arbiter.dashboard.Dashboard;
import arbiter.config.RunConfig;
import arbiter.tune.TuneRun;
import java.io.PrintWriter;
import java.nio.file.Path;
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
        clusterOptions.validate(config);
        try (FolderLock lock = JobSetup.prepareOutput(config.output(), forceNew, out)) {
            JobSetup.adoptEngineRecord(config.output(), out);
            try {
                return play(config, out, err);
            } finally {
                arbiter.external.EngineLeftovers.recordIn(null); // the record belongs to this run only
            }
        }
    }

    private Integer play(RunConfig config, PrintWriter out, PrintWriter err) throws Exception {
        TuneRun run = new TuneRun(config, out, err);
        RunConfig tuning = config;
        StopOnSignal.run(config.output().resolve("arbiter.log"), run::stop, () -> {
            try (Dashboard dashboard = dashboardOption.start(out)) {
                if (dashboard != null) {
                    run.subscribe(dashboard).onStep(dashboard::tuneStep);
                }
                if (!clusterOptions.cluster) {
                    return run.run();
                }
                try (ClusterExecutor cluster = clusterOptions.start(tuning, out)) {
                    dashboardOption.cluster.set(cluster);
                    return run.withExecutor(cluster).run();
                }
            }
        });
        return 0;
    }
}
