package arbiter.cli;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code arbiter} command line: one subcommand per job. */
@Command(name = "arbiter",
        mixinStandardHelpOptions = true,
        version = "arbiter 0.1.0",
        description = "Tournament and tuning harness for board-game engines.")
public final class Main implements Runnable {

    /** The subcommands, in the order the usage lists them. */
    private static final List<Class<?>> SUBCOMMANDS = List.of(RunCommand.class, MatchCommand.class, EnginesCommand.class,
            EngineCommand.class, PerftCommand.class, MovesCommand.class, BenchCommand.class, EloCommand.class,
            SprtCommand.class, TexelCommand.class, TuneCommand.class, WorkerCommand.class, ServeCommand.class,
            SubmitCommand.class, TestsCommand.class, UsersCommand.class, CdsTrainingCommand.class,
            CommandLine.HelpCommand.class);

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
        CommandLine cli = commandLine(args);
        cli.setOut(out);
        cli.setErr(err);
        handleErrors(cli);
        int code = cli.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    /** Bad arguments and failures of every command become one {@code error:} line (see {@link ErrorHandler}). */
    static void handleErrors(CommandLine cli) {
        ErrorHandler handler = new ErrorHandler();
        cli.setExecutionExceptionHandler(handler);
        cli.setParameterExceptionHandler(handler);
    }

    /**
     * The command line for these arguments. Picocli reads every option of every command it is given
     * by reflection, which took about 140 ms of each start with all subcommands: when the first
     * argument names a subcommand, only that one is added. Anything else (no arguments, {@code help},
     * {@code --help}, a misspelt command) gets all of them, so usage and suggestions are complete.
     */
    static CommandLine commandLine(String... args) {
        CommandLine cli = new CommandLine(new Main());
        Class<?> only = null;
        if (args.length > 0) {
            for (Class<?> c : SUBCOMMANDS) {
                if (c != CommandLine.HelpCommand.class && c.getAnnotation(Command.class).name().equals(args[0])) {
                    only = c;
                }
            }
        }
        for (Class<?> c : only != null ? List.<Class<?>>of(only) : SUBCOMMANDS) {
            cli.addSubcommand(c);
        }
        cli.registerConverter(java.nio.file.Path.class, ErrorHandler::path);
        return cli;
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
