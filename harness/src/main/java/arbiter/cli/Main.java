package arbiter.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code arbiter} command line: one subcommand per job. */
@Command(name = "arbiter",
        mixinStandardHelpOptions = true,
        version = "arbiter 0.1.0",
        description = "Tournament and tuning harness for board-game engines.",
        subcommands = {RunCommand.class, MatchCommand.class, EnginesCommand.class, EngineCommand.class, PerftCommand.class, MovesCommand.class,
            BenchCommand.class, EloCommand.class, SprtCommand.class, TexelCommand.class, TuneCommand.class, WorkerCommand.class,
            CdsTrainingCommand.class,
            CommandLine.HelpCommand.class})
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        // Hazelcast reads this before any config object: its first lines go to Log4j too, not to stderr.
        System.setProperty("hazelcast.logging.type", "log4j2");
        System.exit(run(args));
    }

    /** Runs the command line and returns the exit code (0 ok, 1 failure, 2 bad input). */
    public static int run(String... args) {
        return run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args);
    }

    /** Runs the command line with the given output and error streams (used by tests). */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cli = new CommandLine(new Main());
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler(new ErrorHandler());
        int code = cli.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
