package arbiter.cli;

import arbiter.cluster.ClusterExecutor;
import arbiter.config.RunConfig;
import arbiter.dashboard.Dashboard;
import arbiter.tournament.StandingsReporter;
import arbiter.tournament.Tournament;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options of a run ({@code run CONFIG} and {@code match ...}), and the run itself. */
final class RunOptions {
    @Option(names = "--force-new", description = "Start over even if the output folder holds another run (it is moved aside).")
    boolean forceNew;

    @Option(names = "--concurrency", description = "Games played at once on this machine (overrides the config; "
            + "0 with --cluster: workers only).")
    Integer concurrency;

    @Option(names = "--output", description = "Output folder (overrides the config).")
    Path output;

    @Option(names = "--cleanup", description = "Only end the engine processes a killed earlier run of this config "
            + "left running (recorded in <output>/engines.pids; a run does this by itself when it starts), then exit.")
    boolean cleanup;

    @Mixin
    ClusterOptions clusterOptions = new ClusterOptions();

    @Mixin
    DashboardOption dashboardOption = new DashboardOption();

    /** The run being played, once it is made (for a subscriber that stops it). */
    volatile Tournament running;

    /** More subscribers of the run (e.g. `match`'s -pgnout and -epdout files). */
    final java.util.List<arbiter.tournament.RunListener> listeners = new java.util.ArrayList<>();

    /** How a stopped run is resumed, for its stop reason (`match`'s own; `run`'s: the same command again). */
    String resumeHint;

    /** The console's layout: fastchess's by default, cutechess-cli's for `match -output format=cutechess`. */
    arbiter.tournament.ConsoleText.Style consoleStyle = arbiter.tournament.ConsoleText.Style.FASTCHESS;

    @Option(names = "--verbose", description = "A line per started and finished game (the default, as fastchess; "
            + "kept for scripts that pass it).")
    boolean verbose;

    @Option(names = "--quiet", description = "Print nothing but errors and warnings (the report files are still written).")
    boolean quiet;

    @Option(names = "--sprt-exit-code", description = "For a match with an SPRT: exit 0 when it accepts H1, 1 when it "
            + "accepts H0, 3 when it ends undecided (game limit reached or interrupted). Without it a finished run exits 0.")
    boolean sprtExitCode;

    /**
     * Plays a run: checks the options against the config, prepares the output folder, then plays.
     *
     * @param configFile the config's file, for messages
     * @param prepared called once the output folder is ready (e.g. to write the config used into it)
     */
    Integer execute(RunConfig config, Path configFile, PrintWriter out, PrintWriter err, Consumer<Path> prepared)
            throws Exception {
        if (config.tune() != null) {
            throw new BadInputException(configFile + " is a tuning config (it has a tune block): run it with `arbiter tune`");
        }
        JobSetup.checkPlayerNames(config);
        if (concurrency != null) {
            JobSetup.checkConcurrency(concurrency, clusterOptions.cluster);
            config = config.withConcurrency(concurrency);
        }
        if (output != null) {
            config = config.withOutput(output);
        }
        clusterOptions.validate(config);
        if (quiet && verbose) {
            throw new BadInputException("--quiet and --verbose together: choose one");
        }
        if (sprtExitCode && (!config.schedule().match() || config.schedule().sprt() == null)) {
            throw new BadInputException("--sprt-exit-code needs a match with an sprt block ($.schedule.sprt)");
        }
        if (cleanup) {
            String refusal = Files.isDirectory(config.output()) ? JobSetup.notOurs(config.output()) : null;
            if (refusal != null) {
                throw new BadInputException("--cleanup: " + refusal); // its engines.pids is not a record of Arbiter's
            }
            String holder = Files.isDirectory(config.output()) ? FolderLock.heldBy(config.output()) : null;
            if (holder != null) {
                throw new BadInputException("--cleanup: " + holder);
            }
            int ended = Files.isDirectory(config.output())
                    ? arbiter.external.EngineLeftovers.cleanUp(config.output().resolve(JobSetup.ENGINE_PIDS)) : 0;
            out.println("Ended " + ended + " engine process" + (ended == 1 ? "" : "es") + " left running in " + config.output() + ".");
            return 0;
        }
        try (FolderLock lock = JobSetup.prepareOutput(config.output(), forceNew, out)) {
            prepared.accept(config.output());
            JobSetup.adoptEngineRecord(config.output(), out);
            try {
                return play(config, out, err);
            } finally {
                arbiter.external.EngineLeftovers.recordIn(null); // the record belongs to this run only
            }
        }
    }

    private Integer play(RunConfig config, PrintWriter console, PrintWriter err) throws Exception {
        PrintWriter out = quiet ? new PrintWriter(java.io.Writer.nullWriter()) : console;
        // A line per game unless --quiet, as fastchess; before the standings, so a game's line comes before the block it ends
        Tournament tournament = quiet ? new Tournament(config, out, err, new StandingsReporter(false, consoleStyle))
                : new Tournament(config, out, err, new arbiter.tournament.GameLines(consoleStyle),
                        new StandingsReporter(true, consoleStyle));
        if (quiet) {
            tournament.withoutProgress();
        }
        listeners.forEach(tournament::subscribe);
        if (resumeHint != null) {
            tournament.resumeHint(resumeHint);
        }
        running = tournament;
        Path pdn = config.output().resolve("games.pdn");
        RunConfig run = config;
        Tournament.Summary summary = StopOnSignal.run(config.output().resolve("arbiter.log"), err, () -> {
            tournament.stop();
            dashboardOption.stop();
        }, () -> {
            try (Dashboard dashboard = dashboardOption.start(out)) {
                if (dashboard != null) {
                    tournament.subscribe(dashboard);
                }
                Tournament.Summary s;
                if (!clusterOptions.cluster) {
                    s = tournament.run();
                } else {
                    try (ClusterExecutor cluster = clusterOptions.start(run, out)) {
                        dashboardOption.cluster.set(cluster);
                        s = tournament.withExecutor(cluster).run();
                    }
                }
                out.printf("%d games in %s%n", s.scoreboard().games(), pdn);
                out.flush();
                dashboardOption.stayUntilStopped(dashboard, out);
                return s;
            }
        });
        if (!sprtExitCode) {
            return 0;
        }
        String stop = String.valueOf(summary.stopReason());
        return stop.startsWith("SPRT H1") ? 0 : stop.startsWith("SPRT H0") ? 1 : 3;
    }
}
